import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { filtersResponse } from '@podbor/contract';
import {
  ctx,
  transportId,
  leaf,
  query,
  count,
  inSubtree,
  list,
  listOk,
  useCatalogContext,
} from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';

useCatalogContext();

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

describe('disjunctive facets (GET …/filters/?filter=)', () => {
  /** The category with the most CHECKBOX/RADIO filters among those with products for the test vehicle. */
  let rich: string;
  beforeAll(async () => {
    const [c] = await query<{ slug: string }>(
      sql`select c.slug from category_properties cp join properties pr on pr.id = cp.property_id
          join categories c on c.id = cp.category_id
          where pr.type <> 'RANGE' and exists (select 1 from products p where p.category_id = c.id and p.is_active
            and (p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId})))
          group by c.slug order by count(*) desc, c.slug limit 1`,
    );
    rich = c!.slug;
  });
  const facets = async (slug: string, selection: Record<string, (string | number)[]>, transport?: number) => {
    const url = `/api/v1/catalog/${slug}/filters/${transport ? `${transport}/` : ''}?filter=${encodeURIComponent(JSON.stringify(selection))}`;
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return filtersResponse.parse(json(res));
  };
  /** The category's first two filters with values, and a selection of the first's first value. */
  const twoFilters = async (transport?: number) => {
    const base = filtersResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/${rich}/filters/${transport ? `${transport}/` : ''}`,
        }),
      ),
    );
    const withValues = base.filter((f) => f.type !== 'RANGE' && (f.values?.length ?? 0) > 1);
    expect(withValues.length, 'the category needs two filters with values').toBeGreaterThanOrEqual(2);
    return { base, x: withValues[0]!, y: withValues[1]! };
  };

  it('counts each filter under the other selected filters, and every offered value lists that many products', async () => {
    const { base, x, y } = await twoFilters(transportId);
    const picked = x.values![0]!;
    const selection = { [x.slug]: [picked.value] };
    const result = await facets(rich, selection, transportId);
    // The selected filter's own values are counted without it: the same counts as with no selection.
    const own = result.find((f) => f.slug === x.slug)!;
    expect(own.values).toEqual(base.find((f) => f.slug === x.slug)!.values);
    // Another filter's values are counted under the selection, and each offered value leads to that many
    // products in the listing (never to zero).
    const other = result.find((f) => f.slug === y.slug);
    const baseOther = base.find((f) => f.slug === y.slug)!;
    let narrowed = false;
    for (const v of other?.values ?? []) {
      expect(v.count).toBeGreaterThan(0);
      const page = await listOk(
        rich,
        { filter: { ...selection, [y.slug]: [v.value] } },
        { transport: transportId, qs: '?size=1' },
      );
      expect(page.total, `${y.slug}=${v.value}`).toBe(v.count);
      const before = baseOther.values!.find((b) => b.value === v.value)!.count;
      expect(v.count).toBeLessThanOrEqual(before);
      if (v.count < before) narrowed = true;
    }
    // Values no product of the selection has are not offered.
    const offered = new Set((other?.values ?? []).map((v) => String(v.value)));
    for (const v of baseOther.values!) {
      if (offered.has(String(v.value))) continue;
      const page = await listOk(
        rich,
        { filter: { ...selection, [y.slug]: [v.value] } },
        { transport: transportId, qs: '?size=1' },
      );
      expect(page.total, `${y.slug}=${v.value} is left out, so it must list nothing`).toBe(0);
      narrowed = true;
    }
    expect(narrowed, 'the selection narrows the other filter').toBe(true);
    // The price range is the selection's: within the listing's cheapest and dearest.
    const price = result.find((f) => f.slug === 'price')!;
    const cheapest = await listOk(
      rich,
      { sort: 'price', order: 'asc', filter: selection },
      { transport: transportId, qs: '?size=1' },
    );
    const dearest = await listOk(
      rich,
      { sort: 'price', order: 'desc', filter: selection },
      { transport: transportId, qs: '?size=1' },
    );
    expect(price.min).toBe(cheapest.results[0]!.price);
    expect(price.max).toBe(dearest.results[0]!.price);
  });

  it('with two filters selected, counts each under the other one only', async () => {
    const { x, y } = await twoFilters();
    const a = x.values![0]!;
    const first = await facets(rich, { [x.slug]: [a.value] });
    const b = first.find((f) => f.slug === y.slug)!.values![0]!;
    const both = await facets(rich, { [x.slug]: [a.value], [y.slug]: [b.value] });
    // x's values are counted under y = b, y's values under x = a.
    for (const v of both.find((f) => f.slug === x.slug)!.values!) {
      const page = await listOk(
        rich,
        { filter: { [x.slug]: [v.value], [y.slug]: [b.value] } },
        { qs: '?size=1' },
      );
      expect(page.total, `${x.slug}=${v.value}`).toBe(v.count);
    }
    expect(both.find((f) => f.slug === y.slug)!.values).toEqual(first.find((f) => f.slug === y.slug)!.values);
  });

  it('keeps a selected value listed at zero so it can be cleared', async () => {
    const { x, y } = await twoFilters();
    // A pair of values no product has together, if the seed has one.
    for (const a of x.values!) {
      const under = await facets(rich, { [x.slug]: [a.value] });
      const offered = new Set(
        (under.find((f) => f.slug === y.slug)?.values ?? []).map((v) => String(v.value)),
      );
      const missing = y.values!.find((v) => !offered.has(String(v.value)));
      if (!missing) continue;
      const both = await facets(rich, { [x.slug]: [a.value], [y.slug]: [missing.value] });
      const kept = both.find((f) => f.slug === y.slug)!.values!.find((v) => v.value === missing.value);
      expect(kept).toEqual({ title: missing.title, value: missing.value, count: 0 });
      return;
    }
    throw new Error('the seed has no pair of values without products in this category');
  });

  it('refuses a malformed or unknown selection with 400 and the envelope', async () => {
    for (const filter of ['{', '[1]', '{"price":[500,100]}', '{"no-such-filter":["x"]}', '"x"']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/${rich}/filters/?filter=${encodeURIComponent(filter)}`,
      });
      expect(res.statusCode, filter).toBe(400);
      expect(json<{ errors: { filter: string[] } }>(res).errors.filter[0]).toMatch(/filter|Фильтр/);
    }
  });

  it('says a reversed range is reversed', async () => {
    const res = await list(rich, { filter: { price: [500, 100] } });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: { filter: string[] } }>(res).errors.filter).toEqual([
      'Фильтр «price»: нижняя граница диапазона больше верхней.',
    ]);
  });
});

describe('universal products', () => {
  it('are marked is_universal in a vehicle listing, fitted ones are not', async () => {
    const [u] = await query<{ slug: string }>(
      sql`select c.slug from products p join categories c on c.id = p.category_id
          where p.is_active and p.is_universal group by c.slug order by count(*) desc limit 1`,
    );
    const page = await listOk(u!.slug, {}, { transport: transportId, qs: '?size=100' });
    const universal = new Set(
      (
        await query<{ slug: string }>(
          sql`select slug from products where is_universal and slug = any(${`{${page.results.map((r) => r.slug).join(',')}}`}::text[])`,
        )
      ).map((r) => r.slug),
    );
    expect(universal.size).toBeGreaterThan(0);
    for (const r of page.results) expect(r.is_universal, r.slug).toBe(universal.has(r.slug));
    const fitted = await listOk(leaf, {}, { transport: transportId, qs: '?size=100' });
    expect(fitted.results.some((r) => r.is_universal === false && r.is_linked_transport)).toBe(true);
  });
});
