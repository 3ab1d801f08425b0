import { API_ROUTES, MESSAGES, toFastifyPath } from '@podbor/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDb, type DbHandle } from '../src/db/client';
import { Readiness } from '../src/lib/readiness';
import { createTestContext, json, type TestContext } from './helpers';
import { goods, orderBody, paymentMethodId, place, setStock, visitor } from './shop-helpers';

// Issue #16's observability of the API: the Prometheus scrape (counters and histograms that move, route labels
// that are templates, who may read it), the request id in answers and log lines, and the readiness probe.

let ctx: TestContext;
beforeAll(async () => {
  // The job engine runs (on this PGlite copy), so its queues exist for the queue gauges.
  ctx = await createTestContext({
    config: { jobs: { enabled: true, concurrency: 1, poolSize: 1, pollingSeconds: 0.5 } },
  });
});
afterAll(() => ctx?.close());

/** The config of the further apps a test builds on the same database: one job engine per database is enough. */
const plain = () => ({ ...ctx.config, jobs: { ...ctx.config.jobs, enabled: false } });

/** The value of one sample of the exposition: the series of `name` whose labels include `labels`; 0 if none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(m[3]);
  }
  return total;
}

async function scrape(app: FastifyInstance = ctx.app, headers: Record<string, string> = {}): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

describe('GET /api/metrics', () => {
  it('counts and times requests by method, route template and status class', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/health', status_class: '2xx' };
    for (let i = 0; i < 3; i++) expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'podbor_api_http_requests_total', labels)).toBe(
      sample(before, 'podbor_api_http_requests_total', labels) + 3,
    );
    expect(sample(after, 'podbor_api_http_request_duration_seconds_count', labels)).toBe(
      sample(before, 'podbor_api_http_request_duration_seconds_count', labels) + 3,
    );
    // Every request fits the top bucket; the sum of their times is positive.
    expect(sample(after, 'podbor_api_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sample(after, 'podbor_api_http_request_duration_seconds_count', labels),
    );
    expect(sample(after, 'podbor_api_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // Default process metrics come along.
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('labels a route with parameters by its template, never by the address asked for', async () => {
    const template = toFastifyPath(API_ROUTES.categoryProducts.path);
    const labels = { method: 'POST', route: template, status_class: '4xx' };
    const before = await scrape();
    for (const slug of ['no-such-category-1', 'no-such-category-2']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/${slug}/products/`,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
    // An address no route has: one label for all of them.
    expect((await ctx.app.inject('/api/v1/nothing-here-42/')).statusCode).toBe(404);
    const after = await scrape();
    expect(sample(after, 'podbor_api_http_requests_total', labels)).toBe(
      sample(before, 'podbor_api_http_requests_total', labels) + 2,
    );
    expect(
      sample(after, 'podbor_api_http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThan(
      sample(before, 'podbor_api_http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    );
    expect(after).not.toContain('no-such-category');
    expect(after).not.toContain('nothing-here-42');
  });

  it('counts listing cache misses and hits', async () => {
    const [leaf] = (
      await ctx.handle.db.execute<{ slug: string }>(
        sql`select c.slug from categories c join products p on p.category_id = c.id where p.is_active
            group by c.slug order by count(*) desc limit 1`,
      )
    ).rows;
    const before = await scrape();
    const list = () =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/catalog/${leaf!.slug}/products/?page=1`, payload: {} });
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    const after = await scrape();
    const delta = (result: string) =>
      sample(after, 'podbor_api_cache_lookups_total', { cache: 'listing_pages', result }) -
      sample(before, 'podbor_api_cache_lookups_total', { cache: 'listing_pages', result });
    expect(delta('hit')).toBeGreaterThanOrEqual(1);
    expect(delta('hit') + delta('miss')).toBe(2);
  });

  it('counts orders placed, once per order (an idempotent replay is not a new one)', async () => {
    const where = await place(ctx);
    const p = await goods(ctx, { offset: 3 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
    const cash = await paymentMethodId(ctx, 'cash');
    const buyer = await visitor(ctx);
    const before = sample(await scrape(), 'podbor_api_orders_placed_total');
    const order = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/orders/',
        headers: { authorization: buyer.authorization, 'idempotency-key': 'obs-order-1' },
        payload: orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
          placement_type: 'BUY_NOW',
        }),
      });
    expect((await order()).statusCode).toBe(201);
    expect((await order()).statusCode).toBe(200);
    expect(sample(await scrape(), 'podbor_api_orders_placed_total')).toBe(before + 1);
  });

  it('reports the job queues by state, read on each scrape', async () => {
    const queue = { queue: 'import' };
    const before = await scrape();
    expect(before).toMatch(/^podbor_api_job_queue_jobs\{queue="import",state="created"\} \d+$/m);
    // One job waiting (not due for a day, so no worker takes it) and one that failed for good.
    await ctx.handle.db.execute(
      sql`insert into pgboss.job (name, data, start_after) values ('import', '{"importId": -1}', now() + interval '1 day')`,
    );
    await ctx.handle.db.execute(
      sql`insert into pgboss.job (name, data, state) values ('import', '{"importId": -2}', 'failed')`,
    );
    const after = await scrape();
    expect(sample(after, 'podbor_api_job_queue_jobs', { ...queue, state: 'created' })).toBe(
      sample(before, 'podbor_api_job_queue_jobs', { ...queue, state: 'created' }) + 1,
    );
    expect(sample(after, 'podbor_api_job_queue_jobs', { ...queue, state: 'failed' })).toBe(
      sample(before, 'podbor_api_job_queue_jobs', { ...queue, state: 'failed' }) + 1,
    );
    expect(after).toContain('# TYPE podbor_api_job_failures_total counter');
  });

  it('is refused to an address outside loopback and private networks, also through the storefront', async () => {
    const direct = await ctx.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.7' });
    expect(direct.statusCode).toBe(403);
    expect(json(direct)).toEqual({ errors: { detail: MESSAGES.forbidden } });
    // The storefront's proxy (loopback, trusted) passing on a customer's call: the customer's address counts.
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(proxied.statusCode).toBe(403);
    const privateNet = await ctx.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '10.1.2.3',
    });
    expect(privateNet.statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, wants that bearer token from every address', async () => {
    const token = 'metrics-token-'.padEnd(40, 'z');
    const app = await buildApp({ config: { ...plain(), metricsToken: token }, handle: ctx.handle });
    try {
      for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: token }]) {
        const res = await app.inject({ method: 'GET', url: '/api/metrics', headers });
        expect(res.statusCode).toBe(403);
      }
      await scrape(app, { authorization: `Bearer ${token}` });
      const remote = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: '203.0.113.7',
      });
      expect(remote.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('request id', () => {
  let lines: Record<string, unknown>[];
  let app: FastifyInstance;
  beforeAll(async () => {
    lines = [];
    app = await buildApp({
      config: plain(),
      handle: ctx.handle,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
  });
  afterAll(() => app?.close());

  it('keeps a valid incoming id, echoes it, and writes it in every log line of the request', async () => {
    const id = 'web-4f1c2a7e-9d3b-4e55-8c1a-2b6f0d9e7a11';
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    // Every line about a request names its request.
    for (const line of lines) if ('req' in line || 'res' in line) expect(line.reqId).toBeTypeOf('string');
  });

  it.each([
    ['a tab', 'abc\tdef'],
    ['spaces and quotes', 'id "with" spaces'],
    ['an over-long id', 'a'.repeat(129)],
    ['non-ASCII letters', 'запрос-1'],
  ])('replaces %s with a new id', async (_label, given) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': given },
    });
    expect(res.statusCode).toBe(200);
    const id = String(res.headers['x-request-id']);
    expect(id).not.toBe(given);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((l) => l.reqId === id)).toBe(true);
    expect(lines.some((l) => l.reqId === given)).toBe(false);
  });

  it('gives each request without one its own id', async () => {
    const a = await app.inject('/api/health/live');
    const b = await app.inject('/api/health/live');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });
});

describe('liveness and readiness', () => {
  it('ready and live on a migrated, reachable database', async () => {
    const ready = await ctx.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toEqual({ status: 'ok', database: ctx.handle.kind });
    expect(json(await ctx.app.inject('/api/health/live'))).toEqual({ status: 'ok' });
  });

  it('while migrations run: not ready, every call but the probes refused, then ready once they are done', async () => {
    const readiness = new Readiness(true);
    const app = await buildApp({ config: plain(), handle: ctx.handle, readiness });
    try {
      await app.ready();
      const ready = await app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(json(ready)).toEqual({ errors: { detail: MESSAGES.serviceStarting } });
      expect((await app.inject('/api/health/live')).statusCode).toBe(200);
      const call = await app.inject('/api/v1/showcase/');
      expect(call.statusCode).toBe(503);
      expect(json(call)).toEqual({ errors: { detail: MESSAGES.serviceStarting } });

      readiness.migrated();
      expect((await app.inject('/api/health/ready')).statusCode).toBe(200);
      expect((await app.inject('/api/v1/showcase/')).statusCode).toBe(200);

      readiness.stop();
      const stopping = await app.inject('/api/health/ready');
      expect(stopping.statusCode).toBe(503);
      expect(json(stopping)).toEqual({ errors: { detail: MESSAGES.serviceStopping } });
      expect((await app.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  describe('with the database unreachable', () => {
    let handle: DbHandle;
    let app: FastifyInstance;
    const lines: Record<string, unknown>[] = [];
    beforeAll(async () => {
      // Nothing listens on port 1: every connection is refused.
      handle = await createDb({ databaseUrl: 'postgres://podbor@127.0.0.1:1/podbor', poolSize: 2 });
      app = await buildApp({
        config: plain(),
        handle,
        logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      });
    });
    afterAll(async () => {
      await app?.close();
      await handle?.close();
    });

    it('is alive but not ready; the 5xx answers are counted as errors', async () => {
      const errors = { route: '/api/health/ready' };
      const before = sample(await scrape(app), 'podbor_api_http_errors_total', errors);
      const ready = await app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toEqual({ errors: { detail: MESSAGES.databaseUnavailable } });
      expect((await app.inject('/api/health/live')).statusCode).toBe(200);
      const after = await scrape(app);
      expect(sample(after, 'podbor_api_http_errors_total', errors)).toBe(before + 1);
      // This app's node-postgres pools are reported (PGlite has none).
      expect(after).toMatch(/^podbor_api_db_pool_connections\{pool="main",state="waiting"\} 0$/m);
      expect(after).toMatch(/^podbor_api_db_pool_connections\{pool="fixed_plan",state="idle"\} 0$/m);
    });

    it("writes the request id in the handler's own log line", async () => {
      const id = 'probe-7';
      expect((await app.inject({ url: '/api/health', headers: { 'x-request-id': id } })).statusCode).toBe(
        503,
      );
      const line = lines.find((l) => l.msg === 'health check: database unreachable');
      expect(line?.reqId).toBe(id);
    });
  });
});
