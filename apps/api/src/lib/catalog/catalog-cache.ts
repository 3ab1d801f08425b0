import type { Db } from '../../db/client';
import { eventHub } from '../events';
import { cacheLookup } from '../metrics';
import { cached, TtlCache, type Cached } from '../ttl-cache';

// Caches of catalogue data (listings, facets, search answers, the category and filter directories): cleared in
// every API process when a catalogue write commits anywhere (not on content edits: banners, pages, settings) (lib/events.ts), and kept only briefly while this
// process cannot hear those events. Clearing everything on any catalogue change is cheap: the next request of
// each page loads it again, and edits are rare next to reads.

/**
 * A keyed cache of `db`'s catalogue data, cleared on every `catalog.changed` event (and on resync). With a
 * `name`, its hits and misses are counted in the metrics (podbor_api_cache_lookups_total{cache=name}).
 */
export function catalogCache<K, V>(db: Db, ttlMs: number, maxEntries: number, name?: string): TtlCache<K, V> {
  const hub = eventHub(db);
  const onLookup = name === undefined ? undefined : (hit: boolean) => cacheLookup(name, hit);
  const cache = new TtlCache<K, V>(() => hub.ttl(ttlMs), maxEntries, onLookup);
  hub.on((event) => {
    if (event.type !== 'content.changed') cache.clear();
  });
  return cache;
}

/** One value of `db`'s catalogue data (a directory), dropped on every `catalog.changed` event (and on resync). */
export function catalogValue<T>(db: Db, load: () => Promise<T>, ttlMs: number): Cached<T> {
  const hub = eventHub(db);
  const value = cached(load, () => hub.ttl(ttlMs));
  hub.on((event) => {
    if (event.type !== 'content.changed') value.invalidate();
  });
  return value;
}
