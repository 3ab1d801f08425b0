import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showcaseResponse } from '@podbor/contract';
import { sql } from 'drizzle-orm';
import { showcases } from '../../db/schema';
import { findShowcaseForHost } from './showcase.repository';
import { createTestContext, json, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('one set of shop facts', () => {
  it('counts branches and cities from the branch list, and the pages quote those counts and the seller', async () => {
    const { rows } = await ctx.handle.db.execute(
      sql`select count(*)::int as branches, count(distinct city_id)::int as cities from branches where is_active`,
    );
    const counts = rows[0] as { branches: number; cities: number };
    const body = showcaseResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/v1/showcase/' })),
    );
    expect(body.branches_count).toBe(Number(counts.branches));
    expect(body.cities_count).toBe(Number(counts.cities));
    expect(body.work_hours).toEqual({ from: '08:00', to: '22:00', time_zone: 'Europe/Moscow' });
    expect(body.seller.inn).toMatch(/^\d{10}$/);
    expect(body.seller.ogrn).toMatch(/^\d{13}$/);
    expect(body.description).toContain(`${counts.branches} филиал`);
    expect(body.footer_text).toContain(body.seller.name);

    const about = json<{ text: string }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/pages/o-kompanii/' }),
    );
    expect(about.text).toContain(`${counts.branches} филиал`);
    expect(about.text).toContain(`ИНН ${body.seller.inn}`);
    const contacts = json<{ text: string }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/pages/kontakty/' }),
    );
    expect(contacts.text).toContain('с 8:00 до 22:00');
    const offer = json<{ text: string }>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/pages/oferta/' }),
    );
    expect(offer.text).toContain(`ОГРН ${body.seller.ogrn}`);
    for (const text of [about.text, contacts.text, offer.text, body.description, body.seo_description])
      expect(text).not.toContain('{{');

    // A branch closing changes every page's count at once (the showcase cache is per resolver, 30 s).
    await ctx.handle.db.execute(
      sql`update branches set is_active = false where id = (select max(id) from branches)`,
    );
    try {
      const fresh = await findShowcaseForHost(ctx.handle.db, null);
      expect(fresh!.branchesCount).toBe(Number(counts.branches) - 1);
    } finally {
      await ctx.handle.db.execute(
        sql`update branches set is_active = true where id = (select max(id) from branches)`,
      );
    }
  });
});

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
