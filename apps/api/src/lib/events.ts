import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbHandle } from '../db/client';
import { perDb } from './ttl-cache';

// The shop's event bus across API processes (issue #14): a writer publishes an event inside its transaction with
// pg_notify, so PostgreSQL delivers it only when the transaction commits (a rolled-back edit announces nothing),
// to every process LISTENing on the channel — all API processes over one database, this one included. Each
// process holds one dedicated connection for LISTEN (node-postgres; PGlite has its own `listen`) and hands the
// events to the subscribers of its hub: the process-local caches, which drop what an event names.
//
// While that connection is down the process cannot hear about changes, so the caches fall back to a short TTL
// (`hub.ttl()`); when it is back, every cache is cleared once (`resync`), as events may have been missed.

export const EVENTS_CHANNEL = 'podbor_events';

/** How long a cached answer may live while this process cannot hear about changes. */
export const DISCONNECTED_TTL_MS = 2_000;

/** What a catalogue write changed: caches of listings, facets, search and the category tree drop it. */
export interface CatalogChanged {
  type: 'catalog.changed';
  /** `product` (its fields, images, fitment…), `stock`, `category`… */
  entity: string;
  /** Ids of the changed rows; empty when too many to list (treated as "all"). */
  ids: number[];
}

/** What a content write changed (issue #14): the showcase's settings, banners or info pages. */
export interface ContentChanged {
  type: 'content.changed';
  entity: 'showcase' | 'banner' | 'page';
  ids: number[];
}

const CONTENT_ENTITIES = new Set<string>(['showcase', 'banner', 'page']);

/** Sent by the hub itself when its connection is back: everything cached may be stale. */
export interface Resync {
  type: 'resync';
}

export type ShopEvent = CatalogChanged | ContentChanged | Resync;
type Published = Exclude<ShopEvent, Resync>;

// A NOTIFY payload is at most 8000 bytes: long id lists are sent as "all".
const MAX_IDS = 500;

/** Announces an event when (and only if) the transaction `tx` commits. */
export async function publish(tx: Db, event: Published): Promise<void> {
  const payload = event.ids.length > MAX_IDS ? { ...event, ids: [] } : event;
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}

type Listener = (event: ShopEvent) => void;

export class EventHub {
  private readonly listeners = new Set<Listener>();
  private live = false;

  /** Whether this process currently hears every committed event. */
  get connected(): boolean {
    return this.live;
  }

  /** A cache's lifetime for data it would keep `ttlMs`: shortened while events cannot arrive. */
  ttl(ttlMs: number): number {
    return this.live ? ttlMs : Math.min(ttlMs, DISCONNECTED_TTL_MS);
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hands an event to every subscriber (one failing subscriber does not stop the others). */
  deliver(event: ShopEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A cache's clear() does not throw; a subscriber that does must not cost the others their event.
      }
    }
  }

  setConnected(connected: boolean): void {
    const wasLive = this.live;
    this.live = connected;
    if (connected && !wasLive) this.deliver({ type: 'resync' });
  }
}

/** The hub of one database handle (tests run several apps, each with its own database). */
export const eventHub = perDb((_db: Db) => new EventHub());

function parseEvent(payload: string | undefined): ShopEvent | null {
  if (!payload) return null;
  try {
    const data = JSON.parse(payload) as { type?: unknown; entity?: unknown; ids?: unknown };
    if (typeof data.entity !== 'string') return null;
    const ids = Array.isArray(data.ids) ? data.ids.filter((id): id is number => Number.isInteger(id)) : [];
    if (data.type === 'catalog.changed') return { type: 'catalog.changed', entity: data.entity, ids };
    if (data.type === 'content.changed' && CONTENT_ENTITIES.has(data.entity))
      return { type: 'content.changed', entity: data.entity as ContentChanged['entity'], ids };
    return null;
  } catch {
    return null;
  }
}

export interface EventListenerOptions {
  /** Called with connection trouble (logged by the app). */
  onError?: (err: unknown) => void;
  /** First and longest wait before reconnecting, ms. */
  retryMs?: { first: number; max: number };
}

/**
 * Starts hearing events for the handle's database; resolves once listening (or, on PostgreSQL, once the first
 * attempt ended: the process keeps retrying in the background and serves with short TTLs meanwhile). The
 * returned function stops for good.
 */
export async function startEventListener(
  handle: DbHandle,
  opts: EventListenerOptions = {},
): Promise<() => Promise<void>> {
  const hub = eventHub(handle.db);
  const onEvent = (payload: string | undefined) => {
    const event = parseEvent(payload);
    if (event) hub.deliver(event);
  };

  if (handle.pglite) {
    const unlisten = await handle.pglite.listen(EVENTS_CHANNEL, onEvent);
    hub.setConnected(true);
    return async () => {
      hub.setConnected(false);
      await unlisten().catch(() => {});
    };
  }
  // Not the handle's pool: LISTEN needs one connection held for good.
  const url = handle.url;
  if (!url) return async () => {};

  const retry = opts.retryMs ?? { first: 250, max: 5_000 };
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wait = retry.first;

  const lost = (err?: unknown) => {
    if (err && !stopped) opts.onError?.(err);
    hub.setConnected(false);
    const dead = client;
    client = null;
    dead?.removeAllListeners();
    dead?.on('error', () => {});
    void dead?.end().catch(() => {});
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, retry.max);
  };

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'podbor-events' });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === EVENTS_CHANNEL) onEvent(msg.payload);
    });
    c.on('error', (err) => {
      if (client === c) lost(err);
    });
    c.on('end', () => {
      if (client === c) lost(new Error('event listener connection ended'));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (client !== c || stopped) return;
      wait = retry.first;
      hub.setConnected(true);
    } catch (err) {
      if (client === c) lost(err);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    hub.setConnected(false);
    const c = client;
    client = null;
    c?.removeAllListeners();
    c?.on('error', () => {});
    await c?.end().catch(() => {});
  };
}
