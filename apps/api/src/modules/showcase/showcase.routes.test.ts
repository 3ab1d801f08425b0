import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showcaseResponse } from '@podbor/contract';
import { showcases } from '../../db/schema';
import { createTestContext, json, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/v1/showcase/', () => {
  it('returns the default showcase in the wire shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/showcase/' });
    expect(res.statusCode).toBe(200);
    const body = json<Record<string, unknown>>(res);
    expect(showcaseResponse.safeParse(body).success).toBe(true);
    expect(body.title).toBe('Подбор');
    expect(body).toHaveProperty('metrics.metric_id');
    expect(body).toHaveProperty('metrics.button_global_help');
    for (const key of [
      'gaId',
      'seo_tagline',
      'seo_description',
      'footer_text',
      'privacy_policy_link',
      'phone',
      'email',
    ])
      expect(body).toHaveProperty(key);
  });

  it('chooses the showcase configured for X-Client-Host and falls back to the default', async () => {
    await ctx.handle.db.insert(showcases).values({ host: 'trucks.example.ru', title: 'Подбор Грузовики' });
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/showcase/',
      headers: { 'x-client-host': 'Trucks.Example.ru:3000' },
    });
    expect(json<{ title: string }>(own).title).toBe('Подбор Грузовики');
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/showcase/',
      headers: { 'x-client-host': 'unknown.example.com' },
    });
    expect(json<{ title: string }>(other).title).toBe('Подбор');
    const junk = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/showcase/',
      headers: { 'x-client-host': '<script>' },
    });
    expect(junk.statusCode).toBe(200);
    expect(json<{ title: string }>(junk).title).toBe('Подбор');
  });

  it('answers CORS preflights for configured origins only', async () => {
    const ok = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/showcase/',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-client-host,x-city,content-type',
      },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('x-client-host');
    const evil = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/showcase/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});
