// Process-local caches for reference data that is the same for every API process (category tree, vehicles,
// per-vehicle counts, listing pages). Nothing user-specific goes here. Concurrent misses share one load (single
// flight), and a failed load is not cached. Catalogue caches are also cleared by the event bus when a write
// commits in any process (lib/catalog/catalog-cache.ts); a load that was running when the cache was cleared does
// not store its (possibly older) answer.

/** A lifetime in ms, or a function giving it at each read (shorter while change events cannot arrive). */
export type Ttl = number | (() => number);
const ttlOf = (ttl: Ttl) => (typeof ttl === 'number' ? ttl : ttl());

export interface Cached<T> {
  get(): Promise<T>;
  /** Drops the value; the next get() loads again. */
  invalidate(): void;
}

export function cached<T>(load: () => Promise<T>, ttlMs: Ttl): Cached<T> {
  let value: { data: T; at: number } | undefined;
  let pending: Promise<T> | undefined;
  let generation = 0;
  return {
    get() {
      if (value && Date.now() - value.at < ttlOf(ttlMs)) return Promise.resolve(value.data);
      if (!pending) {
        const started = generation;
        const p: Promise<T> = load()
          .then((data) => {
            if (generation === started) value = { data, at: Date.now() };
            return data;
          })
          .finally(() => {
            if (pending === p) pending = undefined;
          });
        pending = p;
      }
      return pending;
    },
    invalidate() {
      generation++;
      value = undefined;
      pending = undefined;
    },
  };
}

/** Keyed variant with a size bound (oldest entry evicted first), for per-category / per-vehicle data. */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { data: V; at: number }>();
  private readonly pending = new Map<K, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: Ttl,
    private readonly maxEntries: number,
    /** Told of every lookup, whether it found a fresh entry (the cache metrics). */
    private readonly onLookup?: (hit: boolean) => void,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.fresh(key);
    this.onLookup?.(hit !== undefined);
    if (hit) return Promise.resolve(hit.data);
    let pending = this.pending.get(key);
    if (!pending) {
      const started = this.generation;
      const p: Promise<V> = load()
        .then((data) => {
          // Cleared while loading: the answer may predate the change that cleared the cache.
          if (this.generation !== started) return data;
          this.entries.delete(key);
          if (this.entries.size >= this.maxEntries) {
            const oldest = this.entries.keys().next();
            if (!oldest.done) this.entries.delete(oldest.value);
          }
          this.entries.set(key, { data, at: Date.now() });
          return data;
        })
        .finally(() => {
          if (this.pending.get(key) === p) this.pending.delete(key);
        });
      this.pending.set(key, p);
      pending = p;
    }
    return pending;
  }

  /** The fresh value of `key`, if one is kept; nothing is loaded (and the lookup is not counted). */
  peek(key: K): V | undefined {
    return this.fresh(key)?.data;
  }

  private fresh(key: K): { data: V } | undefined {
    const hit = this.entries.get(key);
    return hit !== undefined && Date.now() - hit.at < ttlOf(this.ttlMs) ? hit : undefined;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }
}

/** One instance of something per database handle (tests run several apps, each on its own database). */
export function perDb<D extends object, T>(create: (db: D) => T): (db: D) => T {
  const instances = new WeakMap<D, T>();
  return (db) => {
    let instance = instances.get(db);
    if (!instance) {
      instance = create(db);
      instances.set(db, instance);
    }
    return instance;
  };
}
