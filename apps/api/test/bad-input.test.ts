import { API_ROUTES, type ApiRouteDef } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { sampleUrl } from './route-samples';
import { user } from './shop-helpers';

/**
 * Every call of the route table (internal ones too), hit with the kinds of garbage real clients and scripts
 * send. The contract: a 4xx (or the normal answer when the call takes no body), always the JSON error
 * envelope, never a 5xx. Back-office (`staff`) calls answer 401 before reading any body, so they get their
 * garbage from a signed-in admin (every staff route allows one), which takes it through the same parsing and
 * validation as every call.
 */
/** Calls whose successful answer is a file rather than JSON (issue #15): their 2xx answers carry its type. */
const FILE_ANSWERS: Record<string, RegExp> = {
  ymlFeed: /^application\/xml; charset=utf-8$/,
  adminProductExport: /^text\/csv; charset=utf-8$/,
  // ---- suppliers and price lists (issue #15) ----
  adminImportUnmatched: /^text\/csv; charset=utf-8$/,
  // Issue #16: the Prometheus scrape (to callers on private networks; these tests call from public addresses).
  metrics: /^text\/plain; version=0\.0\.4; charset=utf-8$/,
};

/**
 * The 1C exchange (issue #15) speaks 1C's own text protocol, not JSON: every refusal is `failure` and a Russian
 * reason on the next line, in text/plain, which is what 1C shows its operator.
 */
const PROTOCOL_ANSWERS = new Set(['exchange1cGet', 'exchange1cPost']);

const ENDPOINTS = (Object.entries(API_ROUTES) as [string, ApiRouteDef][]).map(([name, def]) => ({
  method: def.method,
  url: sampleUrl(name, def),
  staff: def.auth === 'staff',
  file: FILE_ANSWERS[name],
  protocol: PROTOCOL_ANSWERS.has(name),
}));

let ctx: TestContext;
let staffHeaders: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  staffHeaders = { authorization: (await user(ctx, 'admin')).authorization };
});
afterAll(() => ctx?.close());

const TWO_MB = 'x'.repeat(2 * 1024 * 1024);
let ip = 0;
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`; // keep the per-address limits out of the way

function expectEnvelope(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  label: string,
  protocol = false,
) {
  expect(res.statusCode, label).toBeLessThan(500);
  if (protocol) {
    expect(String(res.headers['content-type']), label).toMatch(/^text\/plain/);
    expect(res.body, label).toMatch(/^failure\n.*[а-яё]/is);
    return;
  }
  expect(String(res.headers['content-type']), label).toMatch(/application\/json/);
  const body = JSON.parse(res.body) as unknown;
  if (res.statusCode >= 400) {
    expect(body, label).toHaveProperty('errors');
    const errors = (body as { errors: Record<string, unknown> }).errors;
    expect(Object.keys(errors).length, label).toBeGreaterThan(0);
  }
}

describe.each(ENDPOINTS)('$method $url', ({ method, url, staff, file, protocol }) => {
  const auth = () => (staff ? staffHeaders : {});

  it('refuses malformed JSON with 400 and a Russian message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...auth() },
      payload: '{"phone_number": "+7',
      remoteAddress: nextIp(),
    });
    expectEnvelope(res, 'malformed', protocol);
    if (protocol) return;
    if (method === 'POST') {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Некорректный JSON');
    } else {
      expect([400, 404]).toContain(res.statusCode);
    }
  });

  it('survives wrong types and unknown fields', async () => {
    for (const payload of [
      '[]',
      '"text"',
      '12',
      'null',
      '{"page": "many", "__proto__": {"admin": true}, "extra": [1,2]}',
    ]) {
      const res = await ctx.app.inject({
        method,
        url: `${url}?page=-1&size=abc&query[]=1`,
        headers: { 'content-type': 'application/json', ...auth() },
        payload: method === 'GET' ? undefined : payload,
        remoteAddress: nextIp(),
      });
      if (file && res.statusCode < 300) expect(String(res.headers['content-type']), payload).toMatch(file);
      else expectEnvelope(res, payload, protocol);
    }
  });

  it('refuses a 2 MB body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...auth() },
      payload: JSON.stringify({ message: TWO_MB }),
      remoteAddress: nextIp(),
    });
    expectEnvelope(res, '2MB', protocol);
    if (protocol) return;
    expect([413, 404]).toContain(res.statusCode);
    if (method === 'POST') expect(res.statusCode).toBe(413);
  });

  it('refuses an unsupported content type without crashing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/xml', ...auth() },
      payload: '<a/>',
      remoteAddress: nextIp(),
    });
    expectEnvelope(res, 'xml', protocol);
  });
});

describe('unknown routes', () => {
  it('answer 404 with the envelope', async () => {
    for (const url of ['/api/v1/nothing/', '/api/v3/transport/', '/api/v1/showcase']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ errors: { detail: 'Не найдено.' } });
    }
  });
});

describe('health', () => {
  it('reports ok with the database reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok' });
  });
});
