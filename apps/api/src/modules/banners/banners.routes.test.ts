import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bannersResponse } from '@podbor/contract';
import { ctx, leaf, query, useCatalogContext } from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';

useCatalogContext();

describe('banners', () => {
  it('returns home and category banners, 404 for an unknown category', async () => {
    // Without a category: the home page's banners, the seed's among them, and none of a category's.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/banners/' });
    expect(res.statusCode).toBe(200);
    const home = bannersResponse.parse(json(res));
    expect(home.length).toBeGreaterThanOrEqual(3);
    for (const b of home) {
      expect(b).toMatchObject({
        title: expect.stringMatching(/\S/),
        // Absolute for clients on other origins (MEDIA_PUBLIC_URL, else the API's public address).
        image: expect.stringMatching(new RegExp(`^${ctx.config.mediaPublicUrl}/media/banners/`)),
        category: null,
      });
      expect(b.url).toMatch(/^\/(catalog|pages)\//);
    }
    const [homeSeeded] = await query<{ n: number }>(
      sql`select count(*)::int as n from banners where category_id is null and is_active and showcase_id is null`,
    );
    expect(home.length).toBe(homeSeeded!.n);

    const [withBanner] = await query<{ slug: string; n: number }>(
      sql`select c.slug, count(*)::int as n from banners b join categories c on c.id = b.category_id where b.is_active group by c.slug order by c.slug limit 1`,
    );
    const category = bannersResponse.parse(
      json(
        await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/banners/?category=${withBanner!.slug}` }),
      ),
    );
    expect(category).toHaveLength(withBanner!.n);
    expect(category.every((b) => b.category === withBanner!.slug)).toBe(true);
    expect(category.some((b) => home.some((h) => h.id === b.id))).toBe(false);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/banners/?category=${leaf}` })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/banners/?category=no-such-category' }))
        .statusCode,
    ).toBe(404);
  });
});
