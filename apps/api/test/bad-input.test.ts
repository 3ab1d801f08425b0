import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

/**
 * Every implemented call, hit with the kinds of garbage real clients and scripts send. The contract: a 4xx
 * (or the normal answer when the call takes no body), always the JSON error envelope, never a 5xx.
 */
const ENDPOINTS: { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string }[] = [
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/api/v1/showcase/' },
  { method: 'GET', url: '/api/v1/pages/menu/' },
  { method: 'GET', url: '/api/v1/pages/dostavka/' },
  { method: 'GET', url: '/api/v1/branches/' },
  { method: 'GET', url: '/api/v1/branches/regions/' },
  { method: 'POST', url: '/api/v1/user/token/unauthorized_user/' },
  { method: 'POST', url: '/api/v1/feedback/' },
  { method: 'GET', url: '/api/v1/catalog/categories/' },
  { method: 'GET', url: '/api/v1/catalog/categories/tree/' },
  { method: 'GET', url: '/api/v1/catalog/categories/tree/1/' },
  { method: 'GET', url: '/api/v1/catalog/perednie-kolodki/categories/' },
  { method: 'GET', url: '/api/v1/catalog/tormoznaya-sistema/categories/1/' },
  { method: 'GET', url: '/api/v1/catalog/perednie-kolodki/detail/' },
  { method: 'GET', url: '/api/v1/catalog/perednie-kolodki/filters/' },
  { method: 'GET', url: '/api/v1/catalog/perednie-kolodki/filters/1/' },
  { method: 'POST', url: '/api/v1/catalog/perednie-kolodki/products/' },
  { method: 'POST', url: '/api/v1/catalog/perednie-kolodki/products/1/' },
  { method: 'POST', url: '/api/v1/catalog/products/' },
  { method: 'GET', url: '/api/v1/catalog/products/no-such-product/' },
  { method: 'GET', url: '/api/v1/catalog/products/no-such-product/analogues/' },
  { method: 'GET', url: '/api/v1/catalog/products/no-such-product/brands/' },
  { method: 'POST', url: '/api/v1/catalog/products/no-such-product/installation-price/' },
  { method: 'POST', url: '/api/v1/catalog/recommendations/' },
  { method: 'GET', url: '/api/v1/catalog/search/' },
  { method: 'GET', url: '/api/v1/catalog/banners/' },
  { method: 'GET', url: '/api/v1/catalog/manufacturers/bosch/' },
  { method: 'GET', url: '/api/v2/transport/years/' },
  { method: 'GET', url: '/api/v2/transport/2018/brands/' },
  { method: 'GET', url: '/api/v2/transport/2018/legkovye/lada/models/' },
  { method: 'GET', url: '/api/v2/transport/2018/legkovye/lada/vesta/engines/' },
  { method: 'GET', url: '/api/v1/transport/1/' },
  { method: 'GET', url: '/api/v1/review/no-such-product/' },
  { method: 'POST', url: '/api/v1/review/' },
  { method: 'POST', url: '/api/v1/payment/cart/' },
  { method: 'POST', url: '/api/v1/payment/cart/add-item/' },
  { method: 'PUT', url: '/api/v1/payment/cart/update-item/' },
  { method: 'POST', url: '/api/v1/payment/cart/clear/' },
  { method: 'POST', url: '/api/v1/payment/orders/' },
  { method: 'GET', url: '/api/v1/payment/methods/' },
  { method: 'GET', url: '/api/v1/payment/status/' },
  { method: 'GET', url: '/api/v1/payment/installment/no-such-product/' },
  { method: 'GET', url: '/api/v1/payment/sandbox/00000000-0000-4000-8000-000000000000/' },
  { method: 'POST', url: '/api/v1/payment/sandbox/00000000-0000-4000-8000-000000000000/' },
  { method: 'POST', url: '/api/v1/payment/webhooks/yookassa/' },
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const TWO_MB = 'x'.repeat(2 * 1024 * 1024);
let ip = 0;
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`; // keep the per-address limits out of the way

function expectEnvelope(res: { statusCode: number; body: string; headers: Record<string, unknown> }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  expect(String(res.headers['content-type']), label).toMatch(/application\/json/);
  const body = JSON.parse(res.body) as unknown;
  if (res.statusCode >= 400) {
    expect(body, label).toHaveProperty('errors');
    const errors = (body as { errors: Record<string, unknown> }).errors;
    expect(Object.keys(errors).length, label).toBeGreaterThan(0);
  }
}

describe.each(ENDPOINTS)('$method $url', ({ method, url }) => {
  it('refuses malformed JSON with 400 and a Russian message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"phone_number": "+7',
      remoteAddress: nextIp(),
    });
    expectEnvelope(res, 'malformed');
    if (method === 'POST') {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Некорректный JSON');
    } else {
      expect([400, 404]).toContain(res.statusCode);
    }
  });

  it('survives wrong types and unknown fields', async () => {
    for (const payload of ['[]', '"text"', '12', 'null', '{"page": "many", "__proto__": {"admin": true}, "extra": [1,2]}']) {
      const res = await ctx.app.inject({
        method,
        url: `${url}?page=-1&size=abc&query[]=1`,
        headers: { 'content-type': 'application/json' },
        payload: method === 'GET' ? undefined : payload,
        remoteAddress: nextIp(),
      });
      expectEnvelope(res, payload);
    }
  });

  it('refuses a 2 MB body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: TWO_MB }),
      remoteAddress: nextIp(),
    });
    expectEnvelope(res, '2MB');
    expect([413, 404]).toContain(res.statusCode);
    if (method === 'POST') expect(res.statusCode).toBe(413);
  });

  it('refuses an unsupported content type without crashing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
      remoteAddress: nextIp(),
    });
    expectEnvelope(res, 'xml');
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
