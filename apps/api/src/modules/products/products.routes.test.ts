import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { analoguesResponse, fitmentResponse, productDetailResponse } from '@podbor/contract';
import { ctx, transportId, query, count, useCatalogContext } from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';

useCatalogContext();

describe('products', () => {
  let fitted: { slug: string; id: number };
  let other: number;
  beforeAll(async () => {
    const [p] = await query<{ slug: string; id: number }>(
      sql`select p.slug, p.id from products p join product_transports pt on pt.product_id = p.id
          where p.is_active and not p.is_universal and pt.transport_id = ${transportId} and p.with_installation
          order by p.id limit 1`,
    );
    fitted = { slug: p!.slug, id: Number(p!.id) };
    const [o] = await query<{ id: number }>(
      sql`select t.id from transports t where not exists (select 1 from product_transports pt where pt.product_id = ${fitted.id} and pt.transport_id = t.id) order by t.id limit 1`,
    );
    other = Number(o!.id);
  });

  it('returns the product page with stock of the X-City city and the vehicle link', async () => {
    const [city] = await query<{ slug: string; title: string }>(
      sql`select c.slug, c.title from cities c join branches b on b.city_id = c.id join warehouses w on w.branch_id = b.id
          join stock s on s.warehouse_id = w.id where s.product_id = ${fitted.id} limit 1`,
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products/${fitted.slug}/?transport=${transportId}`,
      headers: city ? { 'x-city': city.slug } : {},
    });
    expect(res.statusCode).toBe(200);
    const p = productDetailResponse.parse(json(res));
    expect(p.slug).toBe(fitted.slug);
    expect(p.is_linked_transport).toBe(true);
    expect(p.vendor_code).toBeTruthy();
    expect(p.categories[0]!.length).toBeGreaterThan(0);
    expect(p.properties.length).toBeGreaterThan(0);
    if (city) {
      expect(p.warehouses.length).toBeGreaterThan(0);
      expect(p.warehouses.every((w) => w.city === city.title)).toBe(true);
      expect(p.warehouses.every((w) => /^\d+$/.test(String(w.quantity)))).toBe(true);
    }
    const notLinked = productDetailResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/products/${fitted.slug}/?transport_id=${other}`,
        }),
      ),
    );
    expect(notLinked.is_linked_transport).toBe(false);
    const none = productDetailResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${fitted.slug}/` })),
    );
    expect(none.is_linked_transport).toBe(false);
  });

  it('answers 404 for an unknown product everywhere', async () => {
    for (const url of [
      '/',
      '/analogues/',
      '/brands/',
      '/brands/lada/models/',
      '/brands/lada/models/vesta/years/',
      '/brands/lada/models/vesta/years/2020/transport/',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/products/no-such-product${url}`,
      });
      expect(res.statusCode, url).toBe(404);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/products/no-such-product/installation-price/',
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });

  it('returns details for a list of slugs in that order, skipping unknown ones', async () => {
    const slugs = (
      await query<{ slug: string }>(sql`select slug from products where is_active order by id desc limit 3`)
    ).map((r) => r.slug);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/products/',
      payload: [slugs[2], 'no-such-product', slugs[0], slugs[1]],
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ slug: string }[]>(res).map((p) => p.slug)).toEqual([slugs[2], slugs[0], slugs[1]]);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/catalog/products/', payload: { slugs } }))
        .statusCode,
    ).toBe(400);
  });

  it('lists analogues, a two-way pair from either side', async () => {
    const [a] = await query<{ slug: string; n: number }>(
      sql`select p.slug, count(*)::int as n from analogues a join products p on p.id = a.product_id group by p.slug order by count(*) desc limit 1`,
    );
    if (!a) return;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products/${a.slug}/analogues/?size=2`,
    });
    expect(res.statusCode).toBe(200);
    const page = analoguesResponse.parse(json(res));
    expect(page.total).toBeGreaterThanOrEqual(Number(a.n));
    expect(page.results.length).toBe(Math.min(2, page.total));
    const back = analoguesResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/products/${page.results[0]!.slug}/analogues/?size=100`,
        }),
      ),
    );
    expect(back.results.map((r) => r.slug)).toContain(a.slug);
  });

  it('recommends other products that fit the vehicle', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/recommendations/',
      payload: { product: fitted.slug, category: '', transport: transportId },
    });
    expect(res.statusCode).toBe(200);
    const items = json<{ slug: string }[]>(res);
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((i) => i.slug)).not.toContain(fitted.slug);
    const slugs = `{${items.map((i) => i.slug).join(',')}}`;
    expect(
      await count(
        sql`select count(*) as n from products p where p.slug = any(${slugs}::text[]) and (p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`,
      ),
    ).toBe(items.length);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/recommendations/',
      payload: { product: fitted.slug, transport: 99999999 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('prices installation by category × city × vehicle type, null where not offered', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/products/${fitted.slug}/installation-price/`,
      payload: { category: '', city: '', transport: transportId },
    });
    expect(res.statusCode).toBe(200);
    const { price } = json<{ price: string | null }>(res);
    expect(price).toMatch(/^\d+\.\d{2}$/);
    const detail = productDetailResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/products/${fitted.slug}/?transport=${transportId}`,
        }),
      ),
    );
    expect(detail.installation_price).toBe(Number(price));
    const [plain] = await query<{ slug: string }>(
      sql`select slug from products where is_active and not with_installation limit 1`,
    );
    if (plain) {
      const none = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/products/${plain.slug}/installation-price/`,
        payload: { category: '', city: '', transport: '' },
      });
      expect(json(none)).toEqual({ price: null });
    }
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/products/${fitted.slug}/installation-price/`,
      payload: { category: 'no-such-category', city: '', transport: '' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('walks the fitment: brands → models → years → transport, ending at vehicles the part fits', async () => {
    const base = `/api/v1/catalog/products/${fitted.slug}`;
    const brands = fitmentResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `${base}/brands/` })),
    );
    expect(brands.length).toBeGreaterThan(0);
    const brand = brands[0]!;
    const models = fitmentResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `${base}/brands/${brand.slug}/models/` })),
    );
    const model = models[0]!;
    expect(model.brand.slug).toBe(brand.slug);
    const years = fitmentResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `${base}/brands/${brand.slug}/models/${model.slug}/years/`,
        }),
      ),
    );
    expect(years.map((y) => Number(y.slug))).toEqual(
      [...years.map((y) => Number(y.slug))].sort((a, b) => b - a),
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base}/brands/${brand.slug}/models/${model.slug}/years/${years[0]!.slug}/transport/`,
    });
    expect(res.statusCode).toBe(200);
    const transports = fitmentResponse.parse(json(res));
    expect(transports.length).toBeGreaterThan(0);
    for (const t of transports) {
      expect(
        await count(
          sql`select count(*) as n from product_transports where product_id = ${fitted.id} and transport_id = ${t.id!}`,
        ),
      ).toBe(1);
      expect(t.years).toContain(Number(years[0]!.slug));
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${base}/brands/no-such-brand/models/` })).statusCode,
    ).toBe(404);
  });
});
