import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type DbHandle } from '../src/db/client';
import { metricsRegistry, replicaObserver } from '../src/lib/metrics';
import { RedisRateLimiter } from '../src/lib/rate-limit';
import { startSession } from '../src/lib/sessions';
import { adminUrl, templateName } from './db-template';

// Issue #16, read replicas, against a real streaming replica (scripts/pg-replica.sh; .ci/run makes one and sets
// TEST_REPLICA_URL). The app reaches the replica through a TCP relay of this test, so the test can take the
// replica away (every connection cut, new ones refused) and give it back; lag is real: the test pauses WAL replay
// on the replica (pg_wal_replay_pause) while the primary goes on writing.
// With TEST_DATABASE_URL but no TEST_REPLICA_URL this file fails (CI must not skip it silently) unless
// TEST_REPLICA_SKIP=1 says the run means to go without a replica.

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const replicaBase = process.env.TEST_REPLICA_URL;
const JWT_SECRET = 'replica-test-secret-'.padEnd(48, 'x');
const MAX_LAG_MS = 1_000;
const CHECK_MS = 200;

if (pgUrl && !replicaBase && process.env.TEST_REPLICA_SKIP !== '1')
  describe('read replicas (PostgreSQL)', () => {
    it('needs TEST_REPLICA_URL', () => {
      throw new Error(
        'TEST_DATABASE_URL is set but TEST_REPLICA_URL is not: make a replica (scripts/pg-replica.sh) and set ' +
          'TEST_REPLICA_URL=postgres://postgres@127.0.0.1:<port>/, or set TEST_REPLICA_SKIP=1 to go without.',
      );
    });
  });

/** A TCP relay to the replica that the test can cut (connections dropped, new ones refused) and restore. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  open = true;
  /** Bytes the replica sent back through the relay: proof that queries reached it. */
  bytesFromReplica = 0;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (!this.open) return client.destroy();
      const upstream = connect(this.targetPort, this.host);
      this.sockets.add(client).add(upstream);
      upstream.on('data', (chunk: Buffer) => {
        this.bytesFromReplica += chunk.length;
      });
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.open = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

async function counter(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    .reduce((sum, v) => sum + v.value, 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<number> {
  const since = Date.now();
  while (Date.now() - since < ms) {
    if (await check()) return Date.now() - since;
    await sleep(50);
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

describe.runIf(pgUrl && replicaBase)('read replicas (PostgreSQL + streaming replica)', () => {
  let admin: DbHandle;
  let handle: DbHandle;
  let app: FastifyInstance;
  let relay: Relay;
  let replicaSuper: pg.Client;
  let dbName: string;
  let dataDir: string;
  let staff: { authorization: string };
  let product: { id: number; slug: string; category: string; article: string };
  /** A second API process of the same shop (own pools, own replica monitor), sharing Redis with the first. */
  let second: { app: FastifyInstance; handle: DbHandle } | undefined;
  let makeSecond: () => Promise<{ app: FastifyInstance; handle: DbHandle }>;

  const replicaQueries = () => counter('podbor_api_db_queries_total', { target: 'replica' });
  const fallbacks = (reason: string) => counter('podbor_api_db_replica_fallbacks_total', { reason });

  const listingPrice = async (headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/catalog/${product.category}/products/?size=100`,
      headers,
      payload: { page: 1, sort: 'popular', order: 'desc' },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { results: { slug: string; price: number }[] }).results.find(
      (r) => r.slug === product.slug,
    )?.price;
  };
  let searches = 0;
  /** A search no cache holds yet (each one a new text), so it reaches the database. */
  const search = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/catalog/search/?query=${encodeURIComponent(`${product.article} ${++searches}`)}`,
    });
    expect(res.statusCode).toBe(200);
  };
  const replicaUsable = () => handle.replicas!.pick() !== null;

  beforeAll(async () => {
    dbName = `rep_${randomBytes(4).toString('hex')}`;
    admin = await createDb({ databaseUrl: adminUrl(pgUrl!), poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${dbName}" template "${templateName(pgUrl!)}"`));
    const primaryUrl = new URL(pgUrl!);
    primaryUrl.pathname = `/${dbName}`;

    const base = new URL(replicaBase!);
    replicaSuper = new pg.Client({
      connectionString: Object.assign(new URL(base), { pathname: '/postgres' }).href,
    });
    await replicaSuper.connect();
    await replicaSuper.query('select pg_wal_replay_resume()');
    // The new database reaches the replica by replay.
    await until('the test database on the replica', async () => {
      const r = await replicaSuper.query('select 1 from pg_database where datname = $1', [dbName]);
      return r.rowCount === 1;
    });

    relay = new Relay(base.hostname, Number(base.port || 5432));
    await relay.start();
    const replicaUrl = new URL(base);
    replicaUrl.hostname = '127.0.0.1';
    replicaUrl.port = String(relay.port);
    replicaUrl.pathname = `/${dbName}`;

    const replicas = {
      urls: [replicaUrl.href],
      poolSize: 4,
      maxLagMs: MAX_LAG_MS,
      maxLagBytes: 0,
      checkMs: CHECK_MS,
    };
    handle = await createDb({ databaseUrl: primaryUrl.href, poolSize: 6, replicas, replicaObserver });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-replica-'));
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: primaryUrl.href },
      { jwtSecret: JWT_SECRET, databaseReplicas: replicas },
    );
    // With Redis (as in CI) the read-your-writes windows live there, shared by every API process.
    const prefix = `podbor:rep-test:${dbName}:`;
    const limiter = () => {
      if (!redisUrl) return undefined;
      // Each app's limiter quits its connection when the app closes.
      return new RedisRateLimiter(new Redis(redisUrl), prefix);
    };
    app = await buildApp({ config, handle, limiter: limiter() });
    await app.ready();
    makeSecond = async () => {
      const h = await createDb({ databaseUrl: primaryUrl.href, poolSize: 4, replicas });
      const a = await buildApp({ config, handle: h, limiter: limiter() });
      await a.ready();
      return { app: a, handle: h };
    };

    const [p] = (
      await handle.db.execute(
        sql`select p.id, p.slug, c.slug as category, p.article from products p join categories c on c.id = p.category_id
            where p.is_active and not p.is_service order by p.popularity desc, p.id limit 1`,
      )
    ).rows as { id: number; slug: string; category: string; article: string }[];
    product = { ...p!, id: Number(p!.id) };
    const [s] = (
      await handle.db.execute(
        sql`insert into users (phone_number, password_hash, is_active, role) values ('+79509990101', 'x', true, 'admin')
            returning id`,
      )
    ).rows as { id: number }[];
    const { access } = await startSession(
      handle.db,
      JWT_SECRET,
      { id: Number(s!.id), role: 'admin' },
      { staff: true },
    );
    staff = { authorization: `Bearer ${access}` };
    await until('the replica is in use', replicaUsable);
  }, 120_000);

  afterAll(async () => {
    await replicaSuper?.query('select pg_wal_replay_resume()').catch(() => {});
    await app?.close();
    await handle?.close();
    await second?.app.close();
    await second?.handle.close();
    await relay?.stop();
    await replicaSuper?.end();
    await admin?.db.execute(sql.raw(`drop database if exists "${dbName}" with (force)`));
    await admin?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the listing and search from the replica', async () => {
    const queries = await replicaQueries();
    const bytes = relay.bytesFromReplica;
    await listingPrice();
    await search();
    expect(await replicaQueries()).toBeGreaterThan(queries);
    // Not only counted: the answers' rows came through the replica's connection.
    expect(relay.bytesFromReplica - bytes).toBeGreaterThan(1_000);
  });

  it('keeps carts, accounts and writes on the primary', async () => {
    const queries = await replicaQueries();
    const res = await app.inject({ method: 'GET', url: '/api/v1/profile/', headers: staff });
    expect(res.statusCode).toBeLessThan(500);
    expect(await replicaQueries()).toBe(queries);
  });

  it('shows a price changed through the admin API within 5 s, even when the replica has not replayed it', async () => {
    await listingPrice(); // cached
    // The replica stops replaying: the change below never reaches it while this test runs.
    await replicaSuper.query('select pg_wal_replay_pause()');
    try {
      const { version } = (
        await app.inject({ method: 'GET', url: `/api/admin/v1/products/${product.id}/`, headers: staff })
      ).json() as { version: number };
      const price = 765_432.1;
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/admin/v1/products/${product.id}/`,
        headers: staff,
        payload: { version, price, old_price: null },
      });
      expect(res.statusCode).toBe(200);
      const elapsed = await until(
        'the new price in the listing',
        async () => (await listingPrice()) === price,
      );
      expect(elapsed).toBeLessThan(5_000);
      // And it stays: no later reload brings the old price back from the paused replica.
      for (let i = 0; i < 10; i++) {
        expect(await listingPrice()).toBe(price);
        await sleep(150);
      }
    } finally {
      await replicaSuper.query('select pg_wal_replay_resume()');
    }
    await until('the replica back in use after replay resumed', replicaUsable);
  }, 30_000);

  it("shows a customer their own new review at once, while others may read the replica's copy", async () => {
    await until('the replica in use', replicaUsable);
    const [u] = (
      await handle.db.execute(
        sql`insert into users (phone_number, first_name, last_name, is_active) values ('+79509990102', 'Ирина', 'Котова', true)
            returning id`,
      )
    ).rows as { id: number }[];
    const { access } = await startSession(handle.db, JWT_SECRET, { id: Number(u!.id), role: 'customer' });
    const customer = { authorization: `Bearer ${access}` };
    const comment = `Отзыв с реплики ${randomBytes(3).toString('hex')}`;
    await replicaSuper.query('select pg_wal_replay_pause()');
    try {
      const posted = await app.inject({
        method: 'POST',
        url: '/api/v1/review/',
        headers: customer,
        payload: { product_slug: product.slug, grade: 5, comment },
      });
      expect(posted.statusCode).toBe(201);
      const mine = await app.inject({
        method: 'GET',
        url: `/api/v1/review/${product.slug}/`,
        headers: customer,
      });
      expect(mine.statusCode).toBe(200);
      expect(JSON.stringify(mine.json())).toContain(comment);
      // Someone else, right now, is served by the paused replica, which has not got the review: proof that the
      // author's read above was sent to the primary for being the author, not because the replica was skipped.
      const others = await app.inject({ method: 'GET', url: `/api/v1/review/${product.slug}/` });
      expect(others.statusCode).toBe(200);
      expect(JSON.stringify(others.json())).not.toContain(comment);
    } finally {
      await replicaSuper.query('select pg_wal_replay_resume()');
    }
  }, 30_000);

  it.runIf(redisUrl)(
    'shows the author their review through another API process at once (the window is kept in Redis)',
    async () => {
      second = await makeSecond();
      const other = second;
      await until(
        'the replica in use by both processes',
        () => replicaUsable() && other.handle.replicas!.pick() !== null,
      );
      const [u] = (
        await handle.db.execute(
          sql`insert into users (phone_number, first_name, last_name, is_active) values ('+79509990103', 'Олег', 'Титов', true)
              returning id`,
        )
      ).rows as { id: number }[];
      const { access } = await startSession(handle.db, JWT_SECRET, { id: Number(u!.id), role: 'customer' });
      const customer = { authorization: `Bearer ${access}` };
      const comment = `Отзыв через другой процесс ${randomBytes(3).toString('hex')}`;
      await replicaSuper.query('select pg_wal_replay_pause()');
      try {
        const posted = await app.inject({
          method: 'POST',
          url: '/api/v1/review/',
          headers: customer,
          payload: { product_slug: product.slug, grade: 4, comment },
        });
        expect(posted.statusCode).toBe(201);
        const mine = await other.app.inject({
          method: 'GET',
          url: `/api/v1/review/${product.slug}/`,
          headers: customer,
        });
        expect(JSON.stringify(mine.json())).toContain(comment);
        const others = await other.app.inject({ method: 'GET', url: `/api/v1/review/${product.slug}/` });
        expect(JSON.stringify(others.json())).not.toContain(comment);
      } finally {
        await replicaSuper.query('select pg_wal_replay_resume()');
      }
    },
    30_000,
  );

  it('skips a replica lagging beyond the bound, and uses it again once it caught up', async () => {
    await until('the replica in use', replicaUsable);
    await replicaSuper.query('select pg_wal_replay_pause()');
    try {
      // The primary goes on writing; the paused replica falls behind by more than the bound.
      const ticker = setInterval(() => {
        void handle.db
          .execute(sql`select pg_logical_emit_message(false, 'rep-test', 'tick')`)
          .catch(() => {});
      }, 100);
      try {
        await until('the replica skipped for lag', () => !replicaUsable(), 10_000);
      } finally {
        clearInterval(ticker);
      }
      const lag = await counter('podbor_api_db_replica_lag_seconds', {});
      expect(lag).toBeGreaterThan(MAX_LAG_MS / 1000);
      const queries = await replicaQueries();
      const skipped = await fallbacks('unavailable');
      await listingPrice();
      await search();
      expect(await replicaQueries()).toBe(queries);
      expect(await fallbacks('unavailable')).toBeGreaterThan(skipped);
    } finally {
      await replicaSuper.query('select pg_wal_replay_resume()');
    }
    await until('the replica in use again', replicaUsable, 10_000);
    const queries = await replicaQueries();
    await search();
    expect(await replicaQueries()).toBeGreaterThan(queries);
  }, 40_000);

  it('answers from the primary when the replica goes down (mid-connection too), and returns to it', async () => {
    await until('the replica in use', replicaUsable);
    await search(); // the replica pool holds open connections now
    const failed = await fallbacks('error');
    const unavailable = await fallbacks('unavailable');
    relay.cut();
    // Straight away, before the monitor notices: the pooled connections are dead, each query retries on the primary.
    for (let i = 0; i < 5; i++) {
      await listingPrice();
      await search();
      const page = await app.inject({ method: 'GET', url: `/api/v1/catalog/products/${product.slug}/` });
      expect(page.statusCode).toBe(200);
    }
    expect((await fallbacks('error')) + (await fallbacks('unavailable'))).toBeGreaterThan(
      failed + unavailable,
    );
    await until('the replica marked down', () => !replicaUsable());
    expect(await counter('podbor_api_db_replica_up', {})).toBe(0);
    const health = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(health.statusCode).toBe(200);

    relay.restore();
    await until('the replica back in use', replicaUsable, 10_000);
    expect(await counter('podbor_api_db_replica_up', {})).toBe(1);
    const queries = await replicaQueries();
    await search();
    expect(await replicaQueries()).toBeGreaterThan(queries);
  }, 40_000);
});
