import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  analoguesResponse,
  bannersResponse,
  catalogProductsResponse,
  categoryDetailResponse,
  categoryTreeResponse,
  filtersResponse,
  fitmentResponse,
  manufacturerResponse,
  productDetailResponse,
  searchResponse,
  sitemapManufacturersResponse,
  sitemapProductsResponse,
  type CategoryNode,
  type CatalogProductsRequestInput,
  type CatalogProductsResponse,
} from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { categoryDirectory } from './category.directory';
import { searchProducts } from './search.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function query<T>(q: SQL): Promise<T[]> {
  return (await ctx.handle.db.execute(q)).rows as T[];
}
async function count(q: SQL): Promise<number> {
  const [row] = await query<{ n: number | string }>(q);
  return Number(row?.n ?? 0);
}

/** Active products of a category and all its descendants, optionally fitting a vehicle. */
function inSubtree(slug: string, transportId?: number): SQL {
  const fits =
    transportId === undefined
      ? sql`true`
      : sql`(p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`;
  return sql`p.is_active and ${fits} and p.category_id in (
    with recursive sub as (select id from categories where slug = ${slug}
      union all select c.id from categories c join sub on c.parent_id = sub.id) select id from sub)`;
}

async function list(
  slug: string,
  body: CatalogProductsRequestInput,
  opts: { transport?: number; qs?: string } = {},
) {
  const url = `/api/v1/catalog/${slug}/products/${opts.transport ? `${opts.transport}/` : ''}${opts.qs ?? ''}`;
  return ctx.app.inject({ method: 'POST', url, payload: body });
}
async function listOk(
  slug: string,
  body: CatalogProductsRequestInput,
  opts: { transport?: number; qs?: string } = {},
) {
  const res = await list(slug, body, opts);
  expect(res.statusCode, res.body).toBe(200);
  return catalogProductsResponse.parse(json(res)) as CatalogProductsResponse;
}

/** The vehicle with the most fitted products, and a leaf category where it has some (but not all) products. */
let transportId: number;
let leaf: string;
beforeAll(async () => {
  const [t] = await query<{ transport_id: number }>(
    sql`select transport_id from product_transports group by transport_id order by count(*) desc, transport_id limit 1`,
  );
  transportId = Number(t!.transport_id);
  const [c] = await query<{ slug: string }>(
    sql`select c.slug from product_transports pt join products p on p.id = pt.product_id join categories c on c.id = p.category_id
        where pt.transport_id = ${transportId} and p.is_active and not p.is_universal
        group by c.slug order by count(*) desc limit 1`,
  );
  leaf = c!.slug;
});

describe('categories', () => {
  it('lists top-level categories with counts that match the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/categories/' });
    expect(res.statusCode).toBe(200);
    const nodes = categoryTreeResponse.parse(json(res));
    expect(nodes.length).toBeGreaterThan(3);
    for (const n of nodes) {
      expect(n.children).toBeUndefined();
      expect(n.total).toBe(await count(sql`select count(*) as n from products p where ${inSubtree(n.slug)}`));
      expect(n.found).toBe(n.total);
    }
  });

  it('returns the whole tree, and per vehicle found ≤ total with found = the listing total for that vehicle', async () => {
    const full = categoryTreeResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/categories/tree/' })),
    );
    expect(full.some((n) => (n.children?.length ?? 0) > 0)).toBe(true);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/categories/tree/${transportId}/`,
    });
    expect(res.statusCode).toBe(200);
    const tree = categoryTreeResponse.parse(json(res));
    const flat: CategoryNode[] = [];
    const walk = (nodes: CategoryNode[]) => nodes.forEach((n) => (flat.push(n), walk(n.children ?? [])));
    walk(tree);
    expect(flat.length).toBeGreaterThan(20);
    for (const n of flat) {
      expect(n.found).toBeLessThanOrEqual(n.total);
      expect(n.category_found).toBeLessThanOrEqual(n.category_total);
      const childFound = (n.children ?? []).reduce((s, c) => s + c.found, 0);
      expect(n.found).toBe(n.category_found + childFound);
    }
    const node = flat.find((n) => n.slug === leaf)!;
    expect(node.found).toBeGreaterThan(0);
    expect(node.found).toBe(
      await count(sql`select count(*) as n from products p where ${inSubtree(leaf, transportId)}`),
    );
    for (const n of flat.filter((x) => x.found > 0).slice(0, 6)) {
      const page = await listOk(n.slug, {}, { transport: transportId });
      expect(page.total, n.slug).toBe(n.found);
    }
  });

  it('answers 404 for an unknown vehicle or category', async () => {
    for (const url of [
      '/api/v1/catalog/categories/tree/99999999/',
      '/api/v1/catalog/categories/tree/abc/',
      '/api/v1/catalog/no-such-category/categories/',
      '/api/v1/catalog/no-such-category/detail/',
      '/api/v1/catalog/no-such-category/filters/',
      `/api/v1/catalog/${leaf}/filters/99999999/`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual({ errors: { detail: 'Не найдено.' } });
    }
  });

  it('lists children of a category, per vehicle too', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/catalog/tormoznaya-sistema/categories/',
    });
    expect(res.statusCode).toBe(200);
    const children = categoryTreeResponse.parse(json(res));
    expect(children.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['tormoznye-kolodki', 'tormoznye-diski']),
    );
    const perVehicle = categoryTreeResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/tormoznaya-sistema/categories/${transportId}/`,
        }),
      ),
    );
    expect(perVehicle.map((c) => c.slug)).toEqual(children.map((c) => c.slug));
    for (const c of perVehicle) expect(c.found).toBeLessThanOrEqual(c.total);
  });

  it('describes a category with breadcrumbs and path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/perednie-kolodki/detail/' });
    expect(res.statusCode).toBe(200);
    const d = categoryDetailResponse.parse(json(res));
    expect(d.breadcrumbs.map((b) => b.slug)).toEqual([
      'tormoznaya-sistema',
      'tormoznye-kolodki',
      'perednie-kolodki',
    ]);
    expect(d.path).toEqual(['tormoznaya-sistema', 'tormoznye-kolodki', 'perednie-kolodki']);
    expect(d.parent?.slug).toBe('tormoznye-kolodki');
    expect(d.total).toBe(
      await count(sql`select count(*) as n from products p where ${inSubtree('perednie-kolodki')}`),
    );
  });
});

describe('filters', () => {
  it('offers the price range and counts per value that match the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/${leaf}/filters/` });
    expect(res.statusCode).toBe(200);
    const filters = filtersResponse.parse(json(res));
    const price = filters.find((f) => f.slug === 'price')!;
    const [bounds] = await query<{ lo: string; hi: string }>(
      sql`select min(price) as lo, max(price) as hi from products p where ${inSubtree(leaf)}`,
    );
    expect(price).toMatchObject({ type: 'RANGE', min: Number(bounds!.lo), max: Number(bounds!.hi) });
    const checkbox = filters.find((f) => f.type !== 'RANGE' && (f.values?.length ?? 0) > 0)!;
    expect(checkbox).toBeDefined();
    for (const v of checkbox.values!) {
      const n = await count(sql`select count(*) as n from products p
        join product_property_values v on v.product_id = p.id
        join properties pr on pr.id = v.property_id and pr.slug = ${checkbox.slug}
        join property_values pv on pv.id = v.value_id and pv.value = ${String(v.value)}
        where ${inSubtree(leaf)}`);
      expect(v.count, `${checkbox.slug}=${v.value}`).toBe(n);
    }
  });

  it('counts per vehicle are no more than without one', async () => {
    const all = filtersResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/${leaf}/filters/` })),
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/${leaf}/filters/${transportId}/`,
    });
    expect(res.statusCode).toBe(200);
    const mine = filtersResponse.parse(json(res));
    const total = new Map(all.flatMap((f) => (f.values ?? []).map((v) => [`${f.slug}=${v.value}`, v.count])));
    let sum = 0;
    for (const f of mine)
      for (const v of f.values ?? []) {
        expect(v.count).toBeLessThanOrEqual(total.get(`${f.slug}=${v.value}`) ?? 0);
        sum += v.count;
      }
    expect(sum).toBeGreaterThan(0);
  });
});

describe('listing', () => {
  it('lists the subtree of a parent category, 24 per page, popular first', async () => {
    const page = await listOk('tormoznaya-sistema', {});
    const total = await count(
      sql`select count(*) as n from products p where ${inSubtree('tormoznaya-sistema')}`,
    );
    expect(page.total).toBe(total);
    expect(page.current).toBe(1);
    expect(page.pages).toBe(Math.ceil(total / 24));
    expect(page.results.length).toBe(Math.min(24, total));
    const item = page.results[0]!;
    expect(item.categories[0]![0]).toBe('tormoznaya-sistema');
    expect(item.vendor_code).toBeTruthy();
  });

  it('sorts by price both ways and pages with ?size', async () => {
    const up = await listOk(leaf, { sort: 'price', order: 'asc' }, { qs: '?size=10' });
    expect(up.results.length).toBe(Math.min(10, up.total));
    const prices = up.results.map((r) => r.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const down = await listOk(leaf, { sort: 'price', order: 'desc' });
    const d = down.results.map((r) => r.price);
    expect([...d].sort((a, b) => b - a)).toEqual(d);
    const second = await listOk(leaf, { page: 2, sort: 'price', order: 'asc' }, { qs: '?size=10' });
    if (up.total > 10) expect(second.results[0]!.price).toBeGreaterThanOrEqual(prices.at(-1)!);
  });

  it('reads page, sort and order from the query when the body leaves them out, and takes an empty body', async () => {
    const viaQuery = await listOk(leaf, {}, { qs: '?page=1&size=5&sort=price&order=asc' });
    const viaBody = await listOk(leaf, { page: 1, sort: 'price', order: 'asc' }, { qs: '?size=5' });
    expect(viaQuery.results.map((r) => r.slug)).toEqual(viaBody.results.map((r) => r.slug));
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/${leaf}/products/`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
  });

  it('answers a page past the end with an empty page, not an error', async () => {
    const page = await listOk(leaf, { page: 9999 });
    expect(page.results).toEqual([]);
    expect(page.current).toBe(9999);
    expect(page.total).toBeGreaterThan(0);
  });

  it('keeps only products that fit the vehicle or are universal', async () => {
    const page = await listOk(leaf, {}, { transport: transportId, qs: '?size=100' });
    expect(page.total).toBe(
      await count(sql`select count(*) as n from products p where ${inSubtree(leaf, transportId)}`),
    );
    expect(page.total).toBeLessThan(
      await count(sql`select count(*) as n from products p where ${inSubtree(leaf)}`),
    );
    const slugs = page.results.map((r) => r.slug);
    const fitting = await count(
      sql`select count(*) as n from products p where p.slug = any(${`{${slugs.join(',')}}`}::text[]) and ${inSubtree(leaf, transportId)}`,
    );
    expect(fitting).toBe(slugs.length);
    expect(page.results.every((r) => r.is_linked_transport === true)).toBe(true);
  });

  it('filters by checkbox values, ranges and price, matching SQL counts', async () => {
    const filters = filtersResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/${leaf}/filters/${transportId}/` })),
    );
    const checkbox =
      filters.find((f) => f.type === 'CHECKBOX' && (f.values?.length ?? 0) > 0) ??
      filters.find((f) => (f.values?.length ?? 0) > 0)!;
    const value = checkbox.values![0]!;
    const price = filters.find((f) => f.slug === 'price')!;
    const mid = Math.round((price.min! + price.max!) / 2);
    const body = { filter: { [checkbox.slug]: [value.value], price: [price.min!, mid] } };
    const page = await listOk(leaf, body, { transport: transportId });
    const expected = await count(sql`select count(*) as n from products p
      join product_property_values v on v.product_id = p.id
      join properties pr on pr.id = v.property_id and pr.slug = ${checkbox.slug}
      join property_values pv on pv.id = v.value_id and pv.value = ${String(value.value)}
      where ${inSubtree(leaf, transportId)} and p.price between ${price.min!} and ${mid}`);
    expect(page.total).toBe(expected);
    // The facet count of a value is the listing total with that value alone.
    const alone = await listOk(
      leaf,
      { filter: { [checkbox.slug]: [value.value] } },
      { transport: transportId },
    );
    expect(alone.total).toBe(value.count);
    expect(page.total).toBeLessThanOrEqual(alone.total);

    const range = filters.find((f) => f.type === 'RANGE' && f.slug !== 'price');
    if (range) {
      const ranged = await listOk(leaf, { filter: { [range.slug]: [range.min!, range.min!] } });
      const n = await count(sql`select count(*) as n from products p
        join product_property_values v on v.product_id = p.id
        join properties pr on pr.id = v.property_id and pr.slug = ${range.slug}
        where ${inSubtree(leaf)} and v.num_value = ${range.min!}`);
      expect(ranged.total).toBe(n);
    }
    // An empty array is no selection.
    expect((await listOk(leaf, { filter: { [checkbox.slug]: [] } })).total).toBe(
      (await listOk(leaf, {})).total,
    );
  });

  it('refuses bad filters with 400 and the envelope', async () => {
    for (const filter of [
      { 'no-such-filter': ['x'] },
      { price: [100] },
      { price: [500, 100] },
      { price: ['abc', 'def'] },
    ] as Record<string, (string | number)[]>[]) {
      const res = await list(leaf, { filter });
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(json<{ errors: { filter: string[] } }>(res).errors.filter[0]).toMatch(/Фильтр|фильтр/);
    }
    const filters = filtersResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/${leaf}/filters/` })),
    );
    const withValues = filters.find((f) => (f.values?.length ?? 0) > 0)!;
    expect((await list(leaf, { filter: { [withValues.slug]: ['no-such-value'] } })).statusCode).toBe(400);
    for (const payload of [{ sort: 'cheapest' }, { page: 0 }, { filter: 'x' }, { filter: { a: 'b' } }]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/catalog/${leaf}/products/`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res)).toHaveProperty('errors');
    }
    expect((await list('no-such-category', {})).statusCode).toBe(404);
    expect((await list(leaf, {}, { transport: 99999999 })).statusCode).toBe(404);
  });
});

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

  it('lists analogues both ways', async () => {
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

describe('search', () => {
  const search = async (q: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/search/?query=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, q).toBe(200);
    return searchResponse.parse(json(res));
  };

  it('finds by a Russian word in another form', async () => {
    const r = await search('колодка');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => /колодк/i.test(p.title))).toBe(true);
    expect(r.categories.map((c) => c.slug)).toContain('tormoznye-kolodki');
  });

  it('tolerates one typo', async () => {
    const r = await search('калодки');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.some((p) => /колодк/i.test(p.title))).toBe(true);
  });

  it('tolerates a typo in a word only product titles use (search_words dictionary)', async () => {
    const r = await search('поликлинавой');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products[0]!.title).toMatch(/поликлинов/i);
  });

  it('corrects a typo next to a correct word, and a typo in a long word', async () => {
    const r = await search('калодки тормозные');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => /колодк/i.test(p.title) && /тормозн/i.test(p.title))).toBe(true);
    const long = await search('амартизатар');
    expect(long.products.length).toBeGreaterThan(0);
    expect(long.products.every((p) => /амортизатор/i.test(p.title))).toBe(true);
  });

  it('keeps the search dictionary: letter-only stems of the active product titles', async () => {
    const words = await query<{ word: string }>(sql`select word from search_words`);
    const set = new Set(words.map((w) => w.word));
    expect(set.has('колодк')).toBe(true);
    expect([...set].every((w) => /^\p{L}{3,}$/u.test(w))).toBe(true);
  });

  it('takes a word being typed as a prefix, also a stop word ("перед" finds "передние")', async () => {
    const r = await search('перед');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => /перед/i.test(p.title))).toBe(true);
    const typed = await search('амортиз');
    expect(typed.products.length).toBeGreaterThan(0);
    expect(typed.products.every((p) => /амортиз/i.test(p.title))).toBe(true);
  });

  it('finds an article typed in part (prefix) and keeps the exact article first', async () => {
    const [p] = await query<{ slug: string; article_normalized: string }>(
      sql`select slug, article_normalized from products where is_active and length(article_normalized) >= 8 and article_normalized ~ '^[0-9]' order by id limit 1`,
    );
    const prefix = p!.article_normalized.slice(0, 6);
    const r = await search(prefix.replace(/(.{3})/g, '$1 ').trim());
    expect(r.products.length).toBeGreaterThan(0);
    expect(
      r.products[0]!.vendor_code!.replace(/[\s\-./\\]+/g, '')
        .toUpperCase()
        .startsWith(prefix),
    ).toBe(true);
  });

  it('finds an article whatever its spacing, dashes and case, exact match first', async () => {
    const [p] = await query<{ slug: string; article: string; article_normalized: string }>(
      sql`select slug, article, article_normalized from products where is_active and length(article_normalized) >= 6 and article_normalized ~ '[0-9]' order by id limit 1`,
    );
    const n = p!.article_normalized;
    const spaced = n
      .replace(/(.{3})/g, '$1 ')
      .trim()
      .toLowerCase();
    const dashed = `${n.slice(0, 2)}-${n.slice(2)}`.toLowerCase();
    for (const q of [n, spaced, dashed, p!.article]) {
      const r = await search(q);
      expect(r.products[0]?.slug, q).toBe(p!.slug);
    }
  });

  it('finds vehicles by label', async () => {
    const r = await search('Lada Vesta');
    expect(r.transport.length).toBeGreaterThan(0);
    expect(r.transport[0]!.label).toMatch(/Lada Vesta/);
    expect((await search('лада веста')).transport.length).toBeGreaterThan(0);
  });

  const searchFor = async (q: string, transport: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/search/?query=${encodeURIComponent(q)}&transport=${transport}`,
    });

  /** Products matching 'колодки' (stem колодк) that fit the vehicle or every vehicle. */
  const fittingPads = () =>
    count(sql`select count(*) as n from products p
              where p.is_active and p.search @@ to_tsquery('simple', 'колодк:*')
                and (p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`);

  it('ranks products that fit the chosen vehicle (or every vehicle) first and marks them', async () => {
    const res = await searchFor('колодки', String(transportId));
    expect(res.statusCode).toBe(200);
    const r = searchResponse.parse(json(res));
    const fits = r.products.map((p) => p.is_linked_transport);
    const expected = Math.min(10, await fittingPads());
    expect(expected).toBeGreaterThan(0);
    expect(fits.filter(Boolean).length).toBe(expected);
    // All fitting ones before the others.
    expect(fits).toEqual([...fits].sort((a, b) => Number(b) - Number(a)));
    for (const p of r.products.filter((x) => x.is_linked_transport)) {
      const ok =
        await count(sql`select count(*) as n from products p where p.slug = ${p.slug} and (p.is_universal or exists
        (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`);
      expect(ok, p.slug).toBe(1);
    }
    // The storefront's name for the same parameter.
    const alias = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/search/?query=${encodeURIComponent('колодки')}&transport_id=${transportId}`,
    });
    expect(searchResponse.parse(json(alias))).toEqual(r);
    // Without a vehicle nothing is marked.
    expect((await search('колодки')).products.every((p) => p.is_linked_transport === undefined)).toBe(true);
  });

  it('ignores an unknown vehicle and rejects a malformed one', async () => {
    const unknown = await searchFor('колодки', '99999999');
    expect(unknown.statusCode).toBe(200);
    expect(searchResponse.parse(json(unknown))).toEqual(await search('колодки'));
    const bad = await searchFor('колодки', 'abc');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toHaveProperty('errors');
    expect((await searchFor('', String(transportId))).statusCode).toBe(200);
  });

  it('gives the same answer when the popular window leaves every tier to the second pass', async () => {
    const tree = await categoryDirectory(ctx.handle.db).tree();
    for (const [q, t] of [
      ['колодки', transportId],
      ['колодки', null],
      ['масло', transportId],
      ['фильтр воздушный', transportId],
      ['калодки', transportId],
      ['перед', null],
    ] as const) {
      const full = await searchProducts(ctx.handle.db, tree, q, t);
      const narrow = await searchProducts(ctx.handle.db, tree, q, t, 1);
      const none = await searchProducts(ctx.handle.db, tree, q, t, 0);
      expect(narrow, `${q} ${t}`).toEqual(full);
      expect(none, `${q} ${t}`).toEqual(full);
      expect(full.length, q).toBeGreaterThan(0);
    }
    // And that answer is the best one: fitting first, then by popularity, checked against the whole table.
    const expected = await query<{ slug: string }>(
      sql`select p.slug from products p
          where p.is_active and p.search @@ to_tsquery('simple', 'колодк:*')
          order by (p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id
                    and pt.transport_id = ${transportId})) desc, p.popularity desc, p.id
          limit 10`,
    );
    const got = await searchProducts(ctx.handle.db, tree, 'колодки', transportId, 0);
    expect(got.map((p) => p.slug)).toEqual(expected.map((e) => e.slug));
  });

  it('answers fewer than 3 characters with an empty result, not an error', async () => {
    for (const q of ['', 'ко', '  a  '])
      expect(await search(q)).toEqual({ transport: [], categories: [], products: [] });
    expect((await search('zzzzqqqq')).products).toEqual([]);
  });
});

describe('banners and manufacturers', () => {
  it('returns home and category banners, 404 for an unknown category', async () => {
    // Without a category: the home page's banners, the seed's among them, and none of a category's.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/banners/' });
    expect(res.statusCode).toBe(200);
    const home = bannersResponse.parse(json(res));
    expect(home.length).toBeGreaterThanOrEqual(3);
    for (const b of home) {
      expect(b).toMatchObject({ title: expect.stringMatching(/\S/), image: expect.stringMatching(/^\/media\/banners\//), category: null });
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
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/banners/?category=${withBanner!.slug}` })),
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

  it('describes a manufacturer with its product count', async () => {
    const [m] = await query<{ slug: string; n: number }>(
      sql`select m.slug, count(p.id)::int as n from manufacturers m join products p on p.manufacturer_id = m.id and p.is_active group by m.slug order by 2 desc limit 1`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/manufacturers/${m!.slug}/` });
    expect(res.statusCode).toBe(200);
    expect(manufacturerResponse.parse(json(res)).products_count).toBe(Number(m!.n));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/manufacturers/no-such-maker/' }))
        .statusCode,
    ).toBe(404);
  });
});

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
    const [hidden] = await query<{ slug: string }>(sql`select slug from products where not is_active limit 1`);
    if (hidden) {
      const all = sitemapProductsResponse.parse(
        json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/sitemap/products/?size=50000` })),
      );
      expect(all.results.some((p) => p.slug === hidden.slug)).toBe(false);
    }

    const past = sitemapProductsResponse.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/sitemap/products/?page=${first.pages + 1}&size=7` })),
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
