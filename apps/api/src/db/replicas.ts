import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** Connection options of the pools for statements planned with their values, and with one plan for every input. */
export const CUSTOM_PLANS = '-c plan_cache_mode=force_custom_plan';
export const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

// Read replicas (issue #16). The primary's pools are RoutingPools: a query sent through `pool.query()` while the
// current request runs in a replica context (`replicaReads.run`, set by lib/route.ts for the public catalogue
// reads) goes to a healthy replica, round robin; everything else — writes, transactions (`pool.connect()`),
// background work, every route not on the list — stays on the primary. Because the db object is the same one,
// the event hub and the caches keyed by it do not change.
//
// A replica is used only while its monitor (every DATABASE_REPLICA_CHECK_MS) finds it up and not lagging beyond
// the bounds. Lag is measured with WAL positions, not `now() - pg_last_xact_replay_timestamp()` (which grows
// forever on an idle primary): each check reads the primary's `pg_current_wal_lsn()` first, then the replica's
// `pg_last_wal_replay_lsn()`. Bytes behind = the difference; time behind = how long ago the newest primary
// position the replica has replayed was read (0 when it has replayed the position read just before it).
//
// After a change event (a committed write announced on the bus, lib/events.ts) the replicas are fenced: none is
// used until its replay position passes the primary's position read when the event arrived, so a cache that
// reloads right after the event cannot reload what the replica has not replayed yet.

/** Where a query went; the metrics count them. */
export type ReadTarget = 'primary' | 'replica';

export interface ReplicaOptions {
  urls: string[];
  poolSize: number;
  /** A replica further behind than this (ms) is not used until it catches up. */
  maxLagMs: number;
  /** …or further behind than this many bytes of WAL; 0 = no byte bound. */
  maxLagBytes: number;
  /** How often each replica is checked, ms. */
  checkMs: number;
}

export interface ReplicaObserver {
  query(target: ReadTarget): void;
  fallback(reason: 'unavailable' | 'error'): void;
  state(name: string, up: boolean, lagMs: number | null, lagBytes: number | null): void;
}

/** The replica context of the current request: queries through a RoutingPool may go to a replica. */
export const replicaReads = new AsyncLocalStorage<true>();

/** `X/Y` (pg_lsn text) as a number of bytes. */
export function parseLsn(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  if (hi === undefined || lo === undefined) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** Errors after which a query on a replica is retried on the primary: the connection, or a recovery conflict. */
export function isReplicaFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    // 08: connection exception; 57P01–57P03: admin/crash shutdown, cannot connect now; 40001: canceled by a
    // recovery conflict (the replica replayed a vacuum under our snapshot); 53300: too many connections;
    // 25006: a read route that happened to write (a standby is read-only) — the primary does it right.
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code) || ['40001', '53300', '25006'].includes(code))
      return true;
    if (/^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT, EHOSTUNREACH…
  }
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    err.message,
  );
}

interface Sample {
  at: number;
  lsn: bigint;
}

export class Replica {
  up = false;
  replayLsn: bigint | null = null;
  lagMs: number | null = null;
  lagBytes: number | null = null;

  constructor(
    readonly name: string,
    readonly pool: pg.Pool,
    /** Its pool for statements with one plan for every input (db/sql.ts). */
    readonly fixedPool: pg.Pool,
  ) {}
}

/**
 * The routing decision, apart from I/O so it can be tested on its own: given the replicas' last known state,
 * the fence and the bounds, which replica (if any) takes the next replica-eligible read.
 */
export function usable(
  replica: Pick<Replica, 'up' | 'replayLsn' | 'lagMs' | 'lagBytes'>,
  bounds: { maxLagMs: number; maxLagBytes: number },
  fence: bigint | 'pending' | null,
): boolean {
  if (!replica.up || replica.lagMs === null || replica.replayLsn === null) return false;
  if (replica.lagMs > bounds.maxLagMs) return false;
  if (bounds.maxLagBytes > 0 && (replica.lagBytes ?? Infinity) > bounds.maxLagBytes) return false;
  if (fence === 'pending') return false;
  if (fence !== null && replica.replayLsn < fence) return false;
  return true;
}

export class ReplicaSet {
  readonly replicas: Replica[];
  private next = 0;
  /** The primary position every replica must have replayed before it is used again; 'pending' while read. */
  private fence: bigint | 'pending' | null = null;
  private fenceSeq = 0;
  private samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly primary: pg.Pool,
    private readonly opts: ReplicaOptions,
    private readonly observer?: ReplicaObserver,
  ) {
    this.replicas = opts.urls.map((url, i) => {
      const options = { connectionString: url, connectionTimeoutMillis: 2_000 };
      const pool = new pg.Pool({
        ...options,
        max: opts.poolSize,
        application_name: 'podbor-replica',
        options: CUSTOM_PLANS,
      });
      const fixed = new pg.Pool({
        ...options,
        max: Math.max(2, Math.ceil(opts.poolSize / 2)),
        options: GENERIC_PLANS,
      });
      // A replica going away makes idle clients error; the pool replaces them, the monitor marks it down.
      pool.on('error', () => {});
      fixed.on('error', () => {});
      return new Replica(`replica_${i}`, pool, fixed);
    });
  }

  get bounds() {
    return { maxLagMs: this.opts.maxLagMs, maxLagBytes: this.opts.maxLagBytes };
  }

  /** A usable replica, round robin; null = read from the primary. */
  pick(): Replica | null {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const replica = this.replicas[(this.next + i) % n];
      if (replica && usable(replica, this.bounds, this.fence)) {
        this.next = (this.next + i + 1) % n;
        return replica;
      }
    }
    return null;
  }

  /** A change committed on the primary: no replica is used until it has replayed the primary's position now. */
  fenceNow(): void {
    const seq = ++this.fenceSeq;
    this.fence = 'pending';
    replicaReads
      .exit(() => this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))
      .then((r) => {
        const lsn = r.rows[0]?.lsn;
        if (seq === this.fenceSeq && lsn) this.fence = parseLsn(lsn);
      })
      .catch(() => {
        // The primary did not answer: keep the fence pending; the next check sets it from the position it reads.
        if (seq === this.fenceSeq) this.fence = 'pending';
      })
      .finally(() => void this.check());
  }

  /** A replica failed a query: skip it until the monitor finds it up again. */
  markDown(replica: Replica): void {
    replica.up = false;
    this.report(replica);
  }

  start(): void {
    if (this.timer || this.stopped) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), this.opts.checkMs);
    this.timer.unref();
  }

  /** Checks every replica once (one check at a time). */
  check(): Promise<void> {
    if (!this.checking)
      this.checking = this.checkOnce().finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  private async checkOnce(): Promise<void> {
    if (this.stopped) return;
    let primaryLsn: bigint | null = null;
    try {
      const r = await replicaReads.exit(() =>
        this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
      );
      if (r.rows[0]) primaryLsn = parseLsn(r.rows[0].lsn);
    } catch {
      // Without the primary's position no lag can be measured: the replicas keep their last state.
      return;
    }
    if (primaryLsn === null) return;
    const now = Date.now();
    this.samples.push({ at: now, lsn: primaryLsn });
    // Positions older than the time bound (plus a margin) cannot matter any more.
    const keepFrom = now - Math.max(this.opts.maxLagMs * 4, 10_000);
    while (this.samples.length > 1 && (this.samples[0]?.at ?? now) < keepFrom) this.samples.shift();
    if (this.fence === 'pending') this.fence = primaryLsn;

    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const r = await replica.pool.query<{ lsn: string | null; recovery: boolean }>(
            'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovery',
          );
          const row = r.rows[0];
          if (!row?.recovery || !row.lsn) {
            // Promoted (or not a standby at all): not a replica of this primary any more.
            replica.up = false;
          } else {
            const replay = parseLsn(row.lsn);
            replica.up = true;
            replica.replayLsn = replay;
            replica.lagBytes = Number(primaryLsn > replay ? primaryLsn - replay : 0n);
            replica.lagMs = lagMsOf(this.samples, replay, Date.now());
          }
        } catch {
          replica.up = false;
        }
        this.report(replica);
      }),
    );
  }

  private report(replica: Replica): void {
    this.observer?.state(replica.name, replica.up, replica.lagMs, replica.lagBytes);
  }

  observeQuery(target: ReadTarget): void {
    this.observer?.query(target);
  }

  observeFallback(reason: 'unavailable' | 'error'): void {
    this.observer?.fallback(reason);
  }

  pools(): Record<string, pg.Pool> {
    const out: Record<string, pg.Pool> = {};
    for (const r of this.replicas) {
      out[r.name] = r.pool;
      out[`${r.name}_fixed_plan`] = r.fixedPool;
    }
    return out;
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.checking?.catch(() => {});
    await Promise.all(this.replicas.flatMap((r) => [r.pool.end(), r.fixedPool.end()]));
  }
}

/**
 * How far behind (ms) a replica that replayed `replay` is: now minus the time the newest primary position it
 * has replayed was read; past every sample = caught up (0); behind all of them = at least the oldest one's age.
 */
export function lagMsOf(samples: readonly Sample[], replay: bigint, now: number): number {
  let caughtUpAt: number | null = null;
  for (const s of samples) if (s.lsn <= replay) caughtUpAt = s.at;
  const newest = samples[samples.length - 1];
  if (newest && newest.lsn <= replay) return 0;
  if (caughtUpAt !== null) return Math.max(0, now - caughtUpAt);
  const oldest = samples[0];
  return oldest ? Math.max(0, now - oldest.at) + 1 : Infinity;
}

type QueryArgs = unknown[];
type AnyQuery = (...args: QueryArgs) => unknown;

/**
 * Makes the primary's `pool` send `query()` calls made in a replica context to a replica (`pool.connect()`, used
 * by transactions, always gets a primary connection). A replica query that fails on the connection is retried
 * once on the primary: a replica dying never costs a request. `fixedPlan`: use the replicas' fixed-plan pools.
 */
export function routeReads(pool: pg.Pool, set: ReplicaSet, fixedPlan: boolean): void {
  const base = pg.Pool.prototype.query as unknown as AnyQuery;
  const onPrimary = (args: QueryArgs) => base.apply(pool, args);
  const routed: AnyQuery = (...args) => {
    // pg's callback and stream forms stay as they were; only the promise form (drizzle, db/sql.ts) is routed.
    if (
      args.some((a) => typeof a === 'function') ||
      typeof (args[0] as { submit?: unknown })?.submit === 'function'
    )
      return onPrimary(args);
    if (!replicaReads.getStore()) {
      set.observeQuery('primary');
      return onPrimary(args);
    }
    const replica = set.pick();
    if (!replica) {
      set.observeQuery('primary');
      set.observeFallback('unavailable');
      return onPrimary(args);
    }
    set.observeQuery('replica');
    const target = fixedPlan ? replica.fixedPool : replica.pool;
    return (base.apply(target, args) as Promise<unknown>).catch((err: unknown) => {
      if (!isReplicaFailure(err)) throw err;
      set.markDown(replica);
      set.observeFallback('error');
      set.observeQuery('primary');
      return onPrimary(args);
    });
  };
  pool.query = routed as unknown as pg.Pool['query'];
}
