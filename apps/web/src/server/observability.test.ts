import { MESSAGES } from '@podbor/contract';
import { once } from 'node:events';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrustProxySetting } from '../lib/config';
import { compileTrust, createEdgeServer, type AccessLogEntry, type EdgeObservability } from './edge';
import { closeGracefully, routeClassOf, WebMetrics } from './observability';

// The storefront server's observability (issue #16), over real connections from this test (127.0.0.1), with a
// stand-in for Next that records what reached it.

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

interface Setup {
  base: string;
  seen: IncomingHttpHeaders[];
  log: AccessLogEntry[];
  state: { ready: boolean };
}

async function serve(
  opts: { trust?: TrustProxySetting; metricsToken?: string; metrics?: WebMetrics } = {},
): Promise<Setup> {
  const seen: IncomingHttpHeaders[] = [];
  const log: AccessLogEntry[] = [];
  const state = { ready: true };
  const observability: EdgeObservability = {
    metrics: opts.metrics ?? new WebMetrics(),
    metricsToken: opts.metricsToken,
    ready: () => state.ready,
    log: (entry) => log.push(entry),
  };
  server = createEdgeServer(
    compileTrust(opts.trust ?? false),
    async (req, res) => {
      seen.push({ ...req.headers });
      res.statusCode = req.url?.startsWith('/missing') ? 404 : 200;
      res.end('next');
    },
    observability,
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, log, state };
}

/** The value of the series of `name` whose labels include `labels` (0 if none). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(m[3]);
  }
  return total;
}

describe('request id', () => {
  it('gives every request a new id, passes it to the app, answers with it and logs it', async () => {
    const { base, seen, log } = await serve();
    const a = await fetch(`${base}/catalog/filters?q=+79991234567`);
    const b = await fetch(`${base}/catalog/filters`);
    const id = a.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).not.toBe(id);
    expect(seen[0]!['x-request-id']).toBe(id);
    await new Promise((r) => setTimeout(r, 20));
    // The access log line: the id, and the path without its query (a search text may name a person).
    expect(log[0]).toMatchObject({ reqId: id, method: 'GET', path: '/catalog/filters', status: 200 });
    expect(JSON.stringify(log)).not.toContain('7999');
  });

  it('keeps a valid id from a proxy in front and replaces one that is not', async () => {
    const { base, seen } = await serve();
    const kept = await fetch(`${base}/`, { headers: { 'x-request-id': 'nginx-1a2b3c' } });
    expect(kept.headers.get('x-request-id')).toBe('nginx-1a2b3c');
    expect(seen[0]!['x-request-id']).toBe('nginx-1a2b3c');
    for (const bad of ['with space', 'x'.repeat(129), 'id;drop', '%D0%B7"quoted"']) {
      const res = await fetch(`${base}/`, { headers: { 'x-request-id': bad } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(seen.at(-1)!['x-request-id']).toBe(id);
    }
  });
});

describe('/metrics', () => {
  it('counts requests by route class and status class, never by address', async () => {
    const metrics = new WebMetrics();
    const { base } = await serve({ metrics });
    for (const path of ['/', '/catalog/oils/', '/missing-page-42', '/_next/static/chunk.js', '/api/v1/x/'])
      await (await fetch(`${base}${path}`)).text();
    await new Promise((r) => setTimeout(r, 20));
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const count = (labels: Record<string, string>) => sample(text, 'podbor_web_http_requests_total', labels);
    expect(count({ route_class: 'page', status_class: '2xx' })).toBe(2);
    expect(count({ route_class: 'page', status_class: '4xx' })).toBe(1);
    expect(count({ route_class: 'static', status_class: '2xx' })).toBe(1);
    expect(count({ route_class: 'api', status_class: '2xx' })).toBe(1);
    expect(
      sample(text, 'podbor_web_http_request_duration_seconds_count', { route_class: 'page', method: 'GET' }),
    ).toBe(3);
    expect(text).not.toContain('missing-page-42');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    // The scrape just answered is counted too, as a probe.
    const again = await (await fetch(`${base}/metrics`)).text();
    expect(sample(again, 'podbor_web_http_requests_total', { route_class: 'probe' })).toBe(1);
  });

  it('is refused to a customer on the internet (their address from a trusted proxy)', async () => {
    const { base, seen } = await serve({ trust: ['loopback'] });
    const res = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: { detail: MESSAGES.forbidden } });
    const internal = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '10.0.0.5' } });
    expect(internal.status).toBe(200);
    // Never reaches Next.
    expect(seen).toEqual([]);
  });

  it('with METRICS_TOKEN, wants that bearer token', async () => {
    const token = 'web-metrics-token-'.padEnd(32, 'q');
    const { base } = await serve({ metricsToken: token });
    expect((await fetch(`${base}/metrics`)).status).toBe(403);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(403);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
  });
});

describe('probes', () => {
  it('live always; ready until the server drains', async () => {
    const { base, state, seen } = await serve();
    expect(await (await fetch(`${base}/health/live`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    state.ready = false;
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ errors: { detail: MESSAGES.serviceStopping } });
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    // Only GET; anything else under these paths is the app's.
    await fetch(`${base}/health/live`, { method: 'POST' });
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['/', 'page'],
    ['/catalog/oils/?page=2', 'page'],
    ['/api/v1/payment/cart/', 'api'],
    ['/_next/static/chunks/a.js', 'static'],
    ['/_next/image?url=x', 'image'],
    ['/media/products/1.webp', 'media'],
    ['/feeds/yandex.yml', 'feed'],
    ['/metrics', 'probe'],
    ['/health/ready', 'probe'],
  ])('%s is of class %s', (url, routeClass) => {
    expect(routeClassOf(url)).toBe(routeClass);
  });
});

describe('graceful shutdown', () => {
  it('answers a request in flight, takes no new connection, and reports it drained', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server = createEdgeServer(compileTrust(false), async (_req, res) => {
      await held;
      res.end('finished');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const answer = new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/slow', agent: false }, (res) => {
        let body = '';
        res.on('data', (b) => (body += b));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    await new Promise((r) => setTimeout(r, 100));
    let drained: boolean | undefined;
    const closing = closeGracefully(server, 5_000).then((d) => (drained = d));
    await new Promise((r) => setTimeout(r, 200));
    expect(drained).toBeUndefined();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    release();
    expect(await answer).toBe('finished');
    await closing;
    expect(drained).toBe(true);
  });

  it('gives up after the time limit, cutting what is still open', async () => {
    server = createEdgeServer(compileTrust(false), () => new Promise<void>(() => {}));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const cut = fetch(`http://127.0.0.1:${port}/stuck`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(await closeGracefully(server, 300)).toBe(false);
    expect(await cut).toBe('cut');
  });
});
