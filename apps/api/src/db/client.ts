import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import path from 'node:path';
import {
  CUSTOM_PLANS,
  GENERIC_PLANS,
  ReplicaSet,
  routeReads,
  type ReplicaObserver,
  type ReplicaOptions,
} from './replicas';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * Both drivers build the same queries; the node-postgres type is used as the common one so services are
 * written once. Raw `db.execute()` results expose `.rows` on both.
 */
export type Db = NodePgDatabase<Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The underlying PGlite (tests dump and load data directories through it). */
  pglite?: PGlite;
  /** The PostgreSQL URL (the event listener opens its own connection with it). */
  url?: string;
  /** The node-postgres pools by name (the metrics report their connections); none on PGlite. */
  pools?: Record<string, pg.Pool>;
  /** The read replicas (DATABASE_REPLICA_URL), when configured; db/replicas.ts. */
  replicas?: ReplicaSet;
}

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  pgliteDir?: string;
  /** A PGlite data-directory dump (tar) to start from, so tests skip migrating and seeding. */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** Read replicas of `databaseUrl` for the public catalogue reads (PostgreSQL only). */
  replicas?: ReplicaOptions;
  /** Told of routed queries, fallbacks and replica state (the metrics). */
  replicaObserver?: ReplicaObserver;
}

const fixedPlanPools = new WeakMap<object, pg.Pool>();
const customPlanPools = new WeakMap<object, pg.Pool>();

/** The PostgreSQL pool for statements with one plan for every input; null on PGlite. */
export function fixedPlanPool(db: Db): pg.Pool | null {
  return fixedPlanPools.get(db) ?? null;
}

/** The PostgreSQL pool where statements prepared by name are planned with each call's values; null on PGlite. */
export function customPlanPool(db: Db): pg.Pool | null {
  return customPlanPools.get(db) ?? null;
}

export async function createDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    // numeric → JS number at the edges is done by drizzle's mode:'number'; count(*) (int8) stays a string in pg.
    // Statements prepared by name on the main pool (parseRowsPrepared, db/sql.ts) keep being planned with their
    // values; drizzle's own statements are unnamed, which PostgreSQL always plans per call.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      options: CUSTOM_PLANS,
    });
    pool.on('error', () => {
      // An idle client lost its connection (e.g. the server restarted); the pool replaces it on next use.
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    // A few connections of their own for statements prepared by name with one plan for every input
    // (parseRowsPrepared, db/sql.ts): plan_cache_mode applies to every parameterised statement of
    // a connection, drizzle's too, which must keep being planned with their values.
    const fixed = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Math.max(2, Math.ceil((opts.poolSize ?? 20) / 2)),
      options: GENERIC_PLANS,
    });
    fixed.on('error', () => {});
    fixedPlanPools.set(db, fixed);
    customPlanPools.set(db, pool);
    const replicas = opts.replicas?.urls.length
      ? new ReplicaSet(pool, opts.replicas, opts.replicaObserver)
      : undefined;
    if (replicas) {
      routeReads(pool, replicas, false);
      routeReads(fixed, replicas, true);
      replicas.start();
    }
    const close = async () => {
      await replicas?.close();
      await Promise.all([pool.end(), fixed.end()]);
    };
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      pools: { main: pool, fixed_plan: fixed, ...replicas?.pools() },
      replicas,
      close,
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  const client = await PGlite.create(dir === 'memory://' ? undefined : path.resolve(dir), {
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
