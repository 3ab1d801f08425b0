import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  productDetailResponse,
  sitemapManufacturersResponse,
  sitemapProductsResponse,
} from '@podbor/contract';
import { ctx, query, count, useCatalogContext } from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';

useCatalogContext();

describe('sitemap listings', () => {
  it('pages through every active product with its canonical category chain', async () => {
    const active = await count(sql`select count(*) as n from products where is_active`);
    const first = sitemapProductsResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/sitemap/products/?page=1&size=7' })),
    );
    expect(first.total).toBe(active);
    expect(first.pages).toBe(Math.ceil(active / 7));
    expect(first.results).toHaveLength(Math.min(7, active));
    const second = sitemapProductsResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/sitemap/products/?page=2&size=7' })),
    );
    const slugs = new Set([...first.results, ...second.results].map((p) => p.slug));
    expect(slugs.size).toBe(first.results.length + second.results.length);

    // The chain is the one the product's detail gives first (its canonical URL).
    const sample = first.results[0]!;
    const detail = productDetailResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${sample.slug}/` })),
    );
    expect(detail.categories[0]).toEqual(sample.categories);

    // An inactive product is left out.
    const [hidden] = await query<{ slug: string }>(
      sql`select slug from products where not is_active limit 1`,
    );
    if (hidden) {
      const all = sitemapProductsResponse.parse(
        json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/sitemap/products/?size=50000` })),
      );
      expect(all.results.some((p) => p.slug === hidden.slug)).toBe(false);
    }

    const past = sitemapProductsResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/sitemap/products/?page=${first.pages + 1}&size=7`,
        }),
      ),
    );
    expect(past.results).toEqual([]);
    for (const bad of ['page=0', 'size=50001', 'page=abc']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/sitemap/products/?${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('lists the manufacturers that have active products', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/sitemap/manufacturers/' });
    expect(res.statusCode).toBe(200);
    const list = sitemapManufacturersResponse.parse(json(res));
    const expected = await count(
      sql`select count(*) as n from manufacturers m where exists (select 1 from products p where p.manufacturer_id = m.id and p.is_active)`,
    );
    expect(list).toHaveLength(expected);
    expect(list.length).toBeGreaterThan(0);
  });
});
