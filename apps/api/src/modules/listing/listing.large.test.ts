import { sql, type SQL } from 'drizzle-orm';
import { filtersResponse, searchResponse, type CatalogSort, type SortOrder } from '@podbor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { intArray } from '../../db/sql';
import { categoryDirectory } from '../../lib/catalog/category.directory';
import { TOTAL_SAMPLE } from '../../lib/catalog/listing-page';
import { publish } from '../../lib/events';
import { count, ctx, inSubtree, listOk, query, useCatalogContext } from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';

// A category's listing without a vehicle (issue #18) reads each category of the subtree in the order asked up to
// the page and estimates a total it would have to count one by one. Here one leaf is grown past the sample, so
// both the exact and the estimated totals are exercised, and every page is checked against a full sort in SQL.

useCatalogContext();

const SIZE = 24;
let leafId: number;
let leafSlug: string;
/** The leaf's top-level category: a parent whose listing merges several categories. */
let rootSlug: string;
/** The vehicle with the most products fitted in the leaf. */
let vehicle: number;

/** The order a listing promises, written out independently of the API's own ORDER BY. */
const REFERENCE_ORDER: Record<CatalogSort, (dir: SQL) => SQL> = {
  popular: (d) => sql`p.popularity ${d}, p.id`,
  price: (d) => sql`p.price ${d}, p.id`,
  new: (d) => sql`p.created_at ${d}, p.id`,
  rating: (d) => sql`p.rating_avg ${d}, p.rating_count ${d}, p.id`,
};

async function expected(slug: string, sort: CatalogSort, order: SortOrder, page: number, where: SQL) {
  const dir = sql.raw(order);
  const rows = await query<{ slug: string }>(
    sql`select p.slug from products p where ${inSubtree(slug)} and ${where}
        order by ${REFERENCE_ORDER[sort](dir)} limit ${SIZE} offset ${(page - 1) * SIZE}`,
  );
  return rows.map((r) => r.slug);
}

beforeAll(async () => {
  const [c] = await query<{ id: number; slug: string; n: number; root: string }>(
    sql`select c.id, c.slug, count(*)::int as n, (with recursive up as (select id, parent_id, slug from categories where id = c.id
            union all select k.id, k.parent_id, k.slug from categories k join up on k.id = up.parent_id)
            select slug from up where parent_id is null) as root
        from products p join categories c on c.id = p.category_id
        where p.is_active and not p.is_service and not p.is_universal
        group by c.id order by n desc limit 1`,
  );
  leafId = Number(c!.id);
  leafSlug = c!.slug;
  rootSlug = c!.root ?? c!.slug;
  // Copies of the leaf's products (with their filter values) until it holds about 3 × the sample; prices,
  // popularity and dates spread so every order has few ties.
  const copies = Math.ceil((3 * TOTAL_SAMPLE) / Number(c!.n));
  await ctx.handle.db.execute(
    sql`insert into products (slug, title, article, article_normalized, manufacturer_id, category_id, price, images,
          popularity, rating_avg, rating_count, created_at)
        select p.slug || '-k' || g, p.title || ' ' || g, p.article || '-' || g, p.article_normalized || g,
          p.manufacturer_id, p.category_id, p.price + g * 7, p.images, (p.popularity * 7 + g * 131) % 5000,
          ((p.id + g) % 5)::numeric, (p.id * g) % 40, p.created_at + g * interval '1 hour'
        from products p cross join generate_series(1, ${copies}) g
        where p.category_id = ${leafId} and p.is_active and not p.is_universal`,
  );
  await ctx.handle.db.execute(
    sql`insert into product_property_values (product_id, property_id, value_id, num_value)
        select q.id, v.property_id, v.value_id, v.num_value
        from products p cross join generate_series(1, ${copies}) g
        join products q on q.slug = p.slug || '-k' || g
        join product_property_values v on v.product_id = p.id
        where p.category_id = ${leafId}`,
  );
  // Their fitment: the copies fit what their originals fit. The trigger fills category, popularity, price, listed.
  await ctx.handle.db.execute(
    sql`insert into product_transports (product_id, transport_id)
        select q.id, pt.transport_id
        from products p cross join generate_series(1, ${copies}) g
        join products q on q.slug = p.slug || '-k' || g
        join product_transports pt on pt.product_id = p.id
        where p.category_id = ${leafId}`,
  );
  categoryDirectory(ctx.handle.db).invalidate();
  const [v] = await query<{ id: number }>(
    sql`select transport_id as id from product_transports where category_id = ${leafId}
        group by transport_id order by count(*) desc, transport_id limit 1`,
  );
  vehicle = Number(v!.id);
});

/** A vehicle's reference page: its fitted products of the subtree (the leaf's subtree has no universal ones). */
async function expectedFitted(slug: string, sort: CatalogSort, order: SortOrder, page: number, where: SQL) {
  return expected(slug, sort, order, page, sql`${inSubtree(slug, vehicle)} and ${where}`);
}

/**
 * Changes a price, a popularity, a stock level, an activity and a fitment row of category `categoryId` (slug
 * `slug`) in one catalogue write, after every cache that could keep the old answers was warmed, and checks that
 * vehicle `transport`'s listing, counts and search follow.
 */
async function followsChanges(slug: string, categoryId: number, transport: number) {
  const body = { page: 1, sort: 'popular' as const, order: 'desc' as const };
  const before = await listOk(slug, body, { transport });
  const top = before.results[0]!;
  const second = before.results[1]!;
  // A product of the leaf fitted to other vehicles only, with a filter value: it will be fitted to this one.
  const [other] = await query<{ id: number; slug: string; article: string }>(
    sql`select p.id, p.slug, p.article from products p where p.category_id = ${categoryId} and p.is_active
        and exists (select 1 from product_property_values v where v.product_id = p.id and v.value_id is not null)
        and not exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transport})
        limit 1`,
  );
  // Warm every cache that could keep the old answers: listing, facets, the vehicle's tree, search.
  const facetsUrl = `/api/v1/catalog/${slug}/filters/${transport}/`;
  const treeUrl = `/api/v1/catalog/categories/tree/${transport}/`;
  const searchUrl = `/api/v1/catalog/search/?query=${encodeURIComponent(other!.article)}&transport=${transport}`;
  for (const url of [facetsUrl, treeUrl, searchUrl])
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);

  // One catalogue write, as the back office and the imports make them: the changes, then the event that clears
  // every process's catalogue caches.
  await ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`update products set popularity = 100000 where slug = ${second.slug}`);
    await tx.execute(
      sql`update stock set quantity = 0, reserved = 0 where product_id = (select id from products where slug = ${second.slug})`,
    );
    await tx.execute(sql`update products set is_active = false where slug = ${top.slug}`);
    await tx.execute(
      sql`insert into product_transports (product_id, transport_id) values (${other!.id}, ${transport})`,
    );
    await tx.execute(sql`update products set popularity = 200000, price = 12345 where id = ${other!.id}`);
    await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [Number(other!.id)] });
  });
  await new Promise((r) => setTimeout(r, 100));

  const fresh = await listOk(slug, body, { transport });
  expect(fresh.results.map((r) => r.slug).slice(0, 2)).toEqual([other!.slug, second.slug]);
  expect(fresh.results[0]!.price).toBe(12345);
  expect(fresh.results[1]!.in_stock).toBe(false);
  expect(fresh.results.map((r) => r.slug)).not.toContain(top.slug);
  const byPrice = await listOk(
    slug,
    { page: 1, sort: 'price', order: 'desc', filter: { price: [12345, 12345] } },
    { transport },
  );
  expect(byPrice.results.map((r) => r.slug)).toContain(other!.slug);

  // The transport's count of the leaf in the tree, and every facet count, are the database's again.
  const tree = json<{ slug: string; found: number; children?: unknown[] }[]>(
    await ctx.app.inject({ method: 'GET', url: treeUrl }),
  );
  const find = (nodes: { slug: string; found: number; children?: unknown[] }[]): number | undefined => {
    for (const n of nodes) {
      if (n.slug === slug) return n.found;
      const below = find((n.children ?? []) as typeof nodes);
      if (below !== undefined) return below;
    }
    return undefined;
  };
  expect(find(tree)).toBe(
    await count(sql`select count(*) as n from products p where ${inSubtree(slug, transport)}`),
  );
  const facets = filtersResponse.parse(json(await ctx.app.inject({ method: 'GET', url: facetsUrl })));
  for (const f of facets.filter((x) => x.type !== 'RANGE'))
    for (const v of f.values ?? []) {
      const n = await count(sql`select count(*) as n from products p
        join product_property_values v on v.product_id = p.id
        join properties pr on pr.id = v.property_id and pr.slug = ${f.slug}
        join property_values pv on pv.id = v.value_id and pv.value = ${String(v.value)}
        where ${inSubtree(slug, transport)}`);
      expect(v.count, `${f.slug}=${v.value}`).toBe(n);
    }

  // Search by its article now finds it fitted to the transport.
  const found = searchResponse.parse(json(await ctx.app.inject({ method: 'GET', url: searchUrl })));
  const hit = found.products.find((p) => p.slug === other!.slug);
  expect(hit?.is_linked_transport).toBe(true);
  expect(hit?.price).toBe(12345);
}

describe('listings whose cost follows the page (issue #18)', () => {
  it('gives every page in every order as a full sort of the subtree would, a parent merging its categories', async () => {
    const [bounds] = await query<{ lo: number; hi: number }>(
      sql`select percentile_disc(0.2) within group (order by price)::float8 as lo,
                 percentile_disc(0.8) within group (order by price)::float8 as hi
          from products p where ${inSubtree(rootSlug)}`,
    );
    const { lo, hi } = bounds!;
    for (const slug of [rootSlug, leafSlug])
      for (const sort of ['popular', 'price', 'new', 'rating'] as const)
        for (const order of ['desc', 'asc'] as const)
          for (const page of [1, 3]) {
            const plain = await listOk(slug, { page, sort, order });
            expect(
              plain.results.map((r) => r.slug),
              `${slug} ${sort} ${order} p${page}`,
            ).toEqual(await expected(slug, sort, order, page, sql`true`));
            const priced = await listOk(slug, { page, sort, order, filter: { price: [lo, hi] } });
            expect(
              priced.results.map((r) => r.slug),
              `${slug} ${sort} ${order} p${page} price`,
            ).toEqual(await expected(slug, sort, order, page, sql`p.price between ${lo} and ${hi}`));
          }
  });

  it('estimates a total beyond the sample within a few per cent and says so; counts smaller ones exactly', async () => {
    const all = await count(sql`select count(*) as n from products p where ${inSubtree(leafSlug)}`);
    expect(all).toBeGreaterThan(2 * TOTAL_SAMPLE);
    const whole = await listOk(leafSlug, { page: 1 });
    expect(whole.total_estimated).toBe(true);
    expect(Math.abs(whole.total - all) / all).toBeLessThan(0.1);
    expect(whole.pages).toBe(Math.ceil(whole.total / SIZE));

    // A price range holding about half of the leaf: estimated from the sample's share.
    const [mid] = await query<{ m: number }>(
      sql`select percentile_disc(0.5) within group (order by price)::float8 as m from products p where ${inSubtree(leafSlug)}`,
    );
    const half = await listOk(leafSlug, { page: 2, filter: { price: [0, mid!.m] } });
    const halfTrue = await count(
      sql`select count(*) as n from products p where ${inSubtree(leafSlug)} and p.price <= ${mid!.m}`,
    );
    expect(half.total_estimated).toBe(true);
    expect(Math.abs(half.total - halfTrue) / halfTrue).toBeLessThan(0.15);

    // A selection smaller than a page: its page is its exact total.
    const [few] = await query<{ lo: number; hi: number }>(
      sql`select min(price)::float8 as lo, (array_agg(price order by price))[5]::float8 as hi
          from products p where ${inSubtree(leafSlug)}`,
    );
    const small = await listOk(leafSlug, { page: 1, filter: { price: [few!.lo, few!.hi] } });
    const smallTrue = await count(
      sql`select count(*) as n from products p where ${inSubtree(leafSlug)} and p.price between ${few!.lo} and ${few!.hi}`,
    );
    expect(small.total_estimated).toBeUndefined();
    expect(small.total).toBe(smallTrue);
    expect(small.results).toHaveLength(smallTrue);
  });

  it('gives a vehicle its pages by popularity and price as a full sort would, with a checkbox filter too', async () => {
    const [v] = await query<{ value: string; slug: string }>(
      sql`select pv.value, pr.slug from product_property_values v
          join property_values pv on pv.id = v.value_id join properties pr on pr.id = v.property_id
          join products p on p.id = v.product_id
          where p.category_id = ${leafId} and pr.type = 'CHECKBOX'
          group by pv.value, pr.slug order by count(*) desc limit 1`,
    );
    const has = sql`exists (select 1 from product_property_values v join property_values pv on pv.id = v.value_id
        join properties pr on pr.id = v.property_id
        where v.product_id = p.id and pr.slug = ${v!.slug} and pv.value = ${v!.value})`;
    for (const slug of [rootSlug, leafSlug])
      for (const sort of ['popular', 'price'] as const)
        for (const order of ['desc', 'asc'] as const)
          for (const page of [1, 2]) {
            const plain = await listOk(slug, { page, sort, order }, { transport: vehicle });
            expect(plain.results.length).toBeGreaterThan(0);
            expect(
              plain.results.map((r) => r.slug),
              `${slug} ${sort} ${order} p${page}`,
            ).toEqual(await expectedFitted(slug, sort, order, page, sql`true`));
            const chosen = await listOk(
              slug,
              { page, sort, order, filter: { [v!.slug]: [v!.value] } },
              { transport: vehicle },
            );
            expect(
              chosen.results.map((r) => r.slug),
              `${slug} ${sort} ${order} p${page} ${v!.slug}`,
            ).toEqual(await expectedFitted(slug, sort, order, page, has));
          }
  });

  it("estimates a vehicle's large totals and counts its small ones exactly", async () => {
    const fittedTrue = await count(
      sql`select count(*) as n from products p where ${inSubtree(leafSlug, vehicle)}`,
    );
    const res = await listOk(leafSlug, { page: 1 }, { transport: vehicle });
    if (fittedTrue > TOTAL_SAMPLE) {
      expect(res.total_estimated).toBe(true);
      expect(Math.abs(res.total - fittedTrue) / fittedTrue).toBeLessThan(0.1);
    } else {
      expect(res.total_estimated).toBeUndefined();
      expect(res.total).toBe(fittedTrue);
    }
  });

  it('counts the facets of a scope larger than its sample under a selection in the sample, close to exact, and follows changes', async () => {
    // The grown leaf without a vehicle: about three samples' worth of products. Its values of the property the
    // most products carry, the most common one selected with a price range around the middle of the leaf.
    const scope = await count(sql`select count(*) as n from products p where ${inSubtree(leafSlug)}`);
    expect(scope).toBeGreaterThan(2 * TOTAL_SAMPLE);
    const [a] = await query<{ slug: string; value: string }>(
      sql`with vs as (select pr.slug, pv.value, count(*) as n from products p
            join product_property_values v on v.product_id = p.id join properties pr on pr.id = v.property_id
            join property_values pv on pv.id = v.value_id
            where ${inSubtree(leafSlug)} and pr.type <> 'RANGE' group by pr.slug, pv.value)
          select slug, value from vs where slug in (select slug from vs group by slug having count(*) > 1)
          order by n desc, value limit 1`,
    );
    const [band] = await query<{ lo: number; hi: number }>(
      sql`select percentile_disc(0.2) within group (order by p.price)::float8 as lo,
            percentile_disc(0.9) within group (order by p.price)::float8 as hi
          from products p where ${inSubtree(leafSlug)}`,
    );
    const selection = { [a!.slug]: [a!.value], price: [band!.lo, band!.hi] };
    const url = `/api/v1/catalog/${leafSlug}/filters/?filter=${encodeURIComponent(JSON.stringify(selection))}`;
    const facets = async () => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return filtersResponse.parse(json(res));
    };
    const inBand = sql`p.price between ${band!.lo} and ${band!.hi}`;
    const hasA = sql`exists (select 1 from product_property_values v join property_values pv on pv.id = v.value_id
        join properties pr on pr.id = v.property_id
        where v.product_id = p.id and pr.slug = ${a!.slug} and pv.value = ${a!.value})`;
    /** The exact disjunctive count: a value of the selected property under the price only, any other under both. */
    const exact = (slug: string, value: string) =>
      count(sql`select count(*) as n from products p
        join product_property_values v on v.product_id = p.id
        join properties pr on pr.id = v.property_id and pr.slug = ${slug}
        join property_values pv on pv.id = v.value_id and pv.value = ${value}
        where ${inSubtree(leafSlug)} and ${inBand} and ${slug === a!.slug ? sql`true` : hasA}`);

    const estimated = await facets();
    expect(estimated.every((f) => f.estimated === true)).toBe(true);
    let compared = 0;
    for (const f of estimated.filter((x) => x.type !== 'RANGE'))
      for (const v of f.values ?? []) {
        const n = await exact(f.slug, String(v.value));
        // A listed value has products under the other filters (or is the selected one), and its estimate is
        // within four standard deviations of a 1,001-row sample's share (finite population), plus rounding.
        if (!(f.slug === a!.slug && String(v.value) === a!.value))
          expect(n, `${f.slug}=${v.value}`).toBeGreaterThan(0);
        const share = n / scope;
        const sd =
          scope * Math.sqrt((share * (1 - share)) / (TOTAL_SAMPLE + 1)) * Math.sqrt(1 - TOTAL_SAMPLE / scope);
        expect(Math.abs(v.count - n), `${f.slug}=${v.value}: ${v.count} for ${n}`).toBeLessThanOrEqual(
          4 * sd + 0.01 * n + 1,
        );
        compared++;
      }
    expect(compared).toBeGreaterThan(1);
    // And every value one product in fifty has under the other filters is listed: the sample cannot miss it.
    const values = await query<{ slug: string; value: string }>(
      sql`select distinct pr.slug, pv.value from products p join product_property_values v on v.product_id = p.id
          join properties pr on pr.id = v.property_id join property_values pv on pv.id = v.value_id
          where ${inSubtree(leafSlug)} and pr.type <> 'RANGE'`,
    );
    for (const v of values) {
      if ((await exact(v.slug, v.value)) < scope / 50) continue;
      const listedValues = estimated.find((f) => f.slug === v.slug)?.values ?? [];
      expect(
        listedValues.map((x) => String(x.value)),
        `${v.slug}=${v.value}`,
      ).toContain(v.value);
    }
    // The price's bounds are those of sampled products that have the selected value: inside the exact ones.
    const [priceTrue] = await query<{ lo: number; hi: number }>(
      sql`select min(p.price)::float8 as lo, max(p.price)::float8 as hi from products p where ${inSubtree(leafSlug)} and ${hasA}`,
    );
    const price = estimated.find((f) => f.slug === 'price')!;
    expect(price.min).toBeGreaterThanOrEqual(priceTrue!.lo);
    expect(price.max).toBeLessThanOrEqual(priceTrue!.hi);
    expect(price.min! < band!.lo || price.max! > band!.hi).toBe(true);
    // The selected property lists its other values too (counted under the price alone).
    expect(estimated.find((f) => f.slug === a!.slug)?.values?.length).toBeGreaterThan(1);

    // A scope within its sample is counted exactly, unflagged (a narrow price range of the vehicle's scope).
    const small = filtersResponse.parse(
      json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/${leafSlug}/filters/${vehicle}/?filter=${encodeURIComponent(JSON.stringify({ [a!.slug]: [a!.value] }))}`,
        }),
      ),
    );
    const fitted = await count(
      sql`select count(*) as n from products p where ${inSubtree(leafSlug, vehicle)}`,
    );
    if (fitted <= TOTAL_SAMPLE) expect(small.some((f) => f.estimated)).toBe(false);

    // The same selection after a catalogue write that takes every product with the most common value of another
    // property out of the price band: that value leaves the facets (the kept sample was dropped).
    const other = estimated
      .filter((f) => f.type !== 'RANGE' && f.slug !== a!.slug)
      .flatMap((f) => (f.values ?? []).map((v) => ({ slug: f.slug, value: String(v.value), count: v.count })))
      .sort((x, y) => y.count - x.count)[0];
    expect(other).toBeDefined();
    const moved = await query<{ id: number; price: number }>(
      sql`select p.id, p.price::float8 as price from products p
          where ${inSubtree(leafSlug)} and exists (select 1 from product_property_values v
            join property_values pv on pv.id = v.value_id join properties pr on pr.id = v.property_id
            where v.product_id = p.id and pr.slug = ${other!.slug} and pv.value = ${other!.value})`,
    );
    const setPrices = (prices: SQL) =>
      ctx.handle.db.transaction(async (tx) => {
        await tx.execute(sql`update products p set price = m.price
            from unnest(${intArray(moved.map((m) => Number(m.id)))}::int[], ${prices}) m(id, price) where p.id = m.id`);
        await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [] });
      });
    await setPrices(sql`${`{${moved.map(() => band!.hi + 1000).join(',')}}`}::numeric[]`);
    await new Promise((r) => setTimeout(r, 100));
    try {
      expect(await exact(other!.slug, other!.value)).toBe(0);
      const after = await facets();
      const listed = after.find((f) => f.slug === other!.slug)?.values?.map((v) => String(v.value)) ?? [];
      expect(listed).not.toContain(other!.value);
      expect(after.every((f) => f.estimated === true)).toBe(true);
    } finally {
      // The other tests' catalogue as it was.
      await setPrices(sql`${`{${moved.map((m) => m.price).join(',')}}`}::numeric[]`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('follows a price, a popularity, a stock level, a deactivation and a fitment row: listing, counts and search', async () => {
    await followsChanges(leafSlug, leafId, vehicle);
  });

  it('lists a vehicle scope the sample holds whole from it, as a full sort would, and follows the same changes', async () => {
    // A category × vehicle of fewer products than the sample: its pages are cut from the kept sample in memory
    // (only their cards are read), so they must match SQL in every order, with filters, and follow changes. The
    // seed fits a few products per vehicle and category: the largest leaf but the grown one, no larger than the
    // sample, gets all but three of its products fitted to one vehicle (three stay unfitted for the changes).
    const [c] = await query<{ slug: string; id: number }>(
      sql`select c.slug, c.id from categories c join products p on p.category_id = c.id
          where p.is_active and c.id <> ${leafId} and not exists (select 1 from categories k where k.parent_id = c.id)
          group by c.slug, c.id having count(*) <= ${TOTAL_SAMPLE} order by count(*) desc, c.id limit 1`,
    );
    const [t] = await query<{ id: number }>(sql`select id from transports order by id limit 1`);
    const slug = c!.slug;
    const transport = Number(t!.id);
    await ctx.handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into product_transports (product_id, transport_id)
            select p.id, ${transport}::int from products p
            where p.category_id = ${c!.id} and p.is_active and not p.is_universal
              and not exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transport})
              and p.id not in (select q.id from products q where q.category_id = ${c!.id} and q.is_active
                               and not q.is_universal order by q.id desc limit 3)`,
      );
      await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [] });
    });
    await new Promise((r) => setTimeout(r, 100));
    const scope = await count(sql`select count(*) as n from products p where ${inSubtree(slug, transport)}`);
    expect(scope).toBeGreaterThan(20);
    expect(scope).toBeLessThanOrEqual(TOTAL_SAMPLE);
    const [v] = await query<{ value: string; slug: string }>(
      sql`select pv.value, pr.slug from product_property_values v
          join property_values pv on pv.id = v.value_id join properties pr on pr.id = v.property_id
          join products p on p.id = v.product_id
          where ${inSubtree(slug, transport)} and pr.type = 'CHECKBOX'
          group by pv.value, pr.slug order by count(*) desc, pv.value limit 1`,
    );
    const [band] = await query<{ lo: number; hi: number }>(
      sql`select percentile_disc(0.1) within group (order by p.price)::float8 as lo,
            percentile_disc(0.9) within group (order by p.price)::float8 as hi
          from products p where ${inSubtree(slug, transport)}`,
    );
    const has = sql`exists (select 1 from product_property_values v join property_values pv on pv.id = v.value_id
        join properties pr on pr.id = v.property_id
        where v.product_id = p.id and pr.slug = ${v!.slug} and pv.value = ${v!.value})`;
    const cases: [string, Record<string, (string | number)[]>, SQL][] = [
      ['plain', {}, sql`true`],
      [v!.slug, { [v!.slug]: [v!.value] }, has],
      ['price', { price: [band!.lo, band!.hi] }, sql`p.price between ${band!.lo} and ${band!.hi}`],
    ];
    for (const [name, filter, where] of cases)
      for (const sort of ['popular', 'price'] as const)
        for (const order of ['desc', 'asc'] as const)
          for (const page of [1, 2]) {
            const res = await listOk(slug, { page, sort, order, filter }, { transport, qs: '?size=8' });
            const want = await query<{ slug: string }>(
              sql`select p.slug from products p where ${inSubtree(slug, transport)} and ${where}
                  order by ${REFERENCE_ORDER[sort](sql.raw(order))} limit 8 offset ${(page - 1) * 8}`,
            );
            const label = `${name} ${sort} ${order} p${page}`;
            expect(
              res.results.map((r) => r.slug),
              label,
            ).toEqual(want.map((r) => r.slug));
            const total = await count(
              sql`select count(*) as n from products p where ${inSubtree(slug, transport)} and ${where}`,
            );
            expect(res.total, label).toBe(total);
            expect(res.total_estimated, label).toBeUndefined();
          }
    await followsChanges(slug, Number(c!.id), transport);
  });

  it('always lets the next page be reached, however few of a large scope match', async () => {
    // The 25 cheapest products of the grown leaf: a page and one more, too few for the sample to count well.
    const [edge] = await query<{ lo: number; hi: number }>(
      sql`select min(price)::float8 as lo, (array_agg(price order by price, id))[25]::float8 as hi
          from products p where ${inSubtree(leafSlug)}`,
    );
    const matching = await count(
      sql`select count(*) as n from products p where ${inSubtree(leafSlug)} and p.price between ${edge!.lo} and ${edge!.hi}`,
    );
    expect(matching).toBeGreaterThan(SIZE);
    const first = await listOk(leafSlug, {
      page: 1,
      sort: 'price',
      order: 'asc',
      filter: { price: [edge!.lo, edge!.hi] },
    });
    expect(first.results).toHaveLength(SIZE);
    expect(first.pages).toBeGreaterThanOrEqual(2);
    const last = await listOk(leafSlug, {
      page: 2,
      sort: 'price',
      order: 'asc',
      filter: { price: [edge!.lo, edge!.hi] },
    });
    expect(last.results).toHaveLength(matching - SIZE);
    // Nothing after the second page: its total is exact.
    expect(last.total).toBe(matching);
    expect(last.total_estimated).toBeUndefined();
  });

  it('counts exactly a subtree no larger than the sample', async () => {
    const [c] = await query<{ slug: string; n: number }>(
      sql`select c.slug, count(*)::int as n from products p join categories c on c.id = p.category_id
          where p.is_active and c.id <> ${leafId} and not exists (select 1 from categories k where k.parent_id = c.id)
          group by c.slug order by n desc limit 1`,
    );
    const res = await listOk(c!.slug, { page: 1 });
    expect(res.total_estimated).toBeUndefined();
    expect(res.total).toBe(Number(c!.n));
    expect(res.pages).toBe(Math.ceil(Number(c!.n) / SIZE));
  });
  it('counts checkbox, range and price filters in the sample as their SQL does: exactly, in a scope no larger than it', async () => {
    // A leaf of no more products than the sample, with checkbox and range properties: each filter and all three
    // together must give the count SQL gives (the sample is counted in memory, from its products' values). Pages
    // of two products, so more matches follow the first page and the total comes from the sample.
    const [c] = await query<{ id: number; slug: string }>(
      sql`select c.id, c.slug from categories c
          where not exists (select 1 from categories k where k.parent_id = c.id) and c.id <> ${leafId}
            and (select count(*) from products p where p.category_id = c.id and p.is_active) <= ${TOTAL_SAMPLE}
            and exists (select 1 from product_property_values v join products p on p.id = v.product_id
                        join properties pr on pr.id = v.property_id where p.category_id = c.id and pr.type = 'RANGE')
            and exists (select 1 from product_property_values v join products p on p.id = v.product_id
                        join properties pr on pr.id = v.property_id where p.category_id = c.id and pr.type = 'CHECKBOX')
          order by (select count(*) from products p where p.category_id = c.id) desc limit 1`,
    );
    expect(c, 'a leaf with checkbox and range filters').toBeDefined();
    const [box] = await query<{ slug: string; value: string; id: number }>(
      sql`select pr.slug, pv.value, pv.id from product_property_values v join products p on p.id = v.product_id
          join properties pr on pr.id = v.property_id join property_values pv on pv.id = v.value_id
          where p.category_id = ${c!.id} and p.is_active and pr.type = 'CHECKBOX'
          group by pr.slug, pv.value, pv.id order by count(*) desc, pv.id limit 1`,
    );
    const [range] = await query<{ slug: string; id: number; lo: number; mid: number }>(
      sql`select pr.slug, pr.id, min(v.num_value)::float8 as lo,
            percentile_disc(0.6) within group (order by v.num_value)::float8 as mid
          from product_property_values v join products p on p.id = v.product_id join properties pr on pr.id = v.property_id
          where p.category_id = ${c!.id} and p.is_active and pr.type = 'RANGE'
          group by pr.slug, pr.id order by count(*) desc, pr.id limit 1`,
    );
    const [price] = await query<{ lo: number; hi: number }>(
      sql`select min(price)::float8 as lo, percentile_disc(0.8) within group (order by price)::float8 as hi
          from products p where p.category_id = ${c!.id} and p.is_active`,
    );
    const where = {
      box: sql`exists (select 1 from product_property_values v where v.product_id = p.id and v.value_id = ${box!.id})`,
      range: sql`exists (select 1 from product_property_values v where v.product_id = p.id and v.property_id = ${range!.id}
                   and v.num_value between ${range!.lo} and ${range!.mid})`,
      price: sql`p.price between ${price!.lo} and ${price!.hi}`,
    };
    const filter = {
      box: { [box!.slug]: [box!.value] },
      range: { [range!.slug]: [range!.lo, range!.mid] },
      price: { price: [price!.lo, price!.hi] },
    };
    const cases: [string, (keyof typeof where)[]][] = [
      ['checkbox', ['box']],
      ['range', ['range']],
      ['price', ['price']],
      ['all three', ['box', 'range', 'price']],
    ];
    let counted = 0;
    for (const [name, keys] of cases) {
      const truth = await count(
        sql`select count(*) as n from products p where p.category_id = ${c!.id} and p.is_active
            and ${sql.join(
              keys.map((k) => where[k]),
              sql` and `,
            )}`,
      );
      const res = await listOk(
        c!.slug,
        { page: 1, filter: Object.assign({}, ...keys.map((k) => filter[k])) },
        { qs: '?size=2' },
      );
      expect(res.total, name).toBe(truth);
      expect(res.total_estimated, name).toBeUndefined();
      if (truth > 2) counted++;
    }
    // Most cases had more matches than a page, so their totals came from the sample.
    expect(counted).toBeGreaterThanOrEqual(3);
  });
  it("merges a subtree's universal products into a vehicle's pages by popularity and price, as a full sort would", async () => {
    const [u] = await query<{ slug: string }>(
      sql`select c.slug from products p join categories c on c.id = p.category_id
          where p.is_active and p.is_universal group by c.slug order by count(*) desc, c.slug limit 1`,
    );
    expect(u, 'a category with universal products').toBeDefined();
    const [t] = await query<{ id: number }>(
      sql`select pt.transport_id as id from product_transports pt join products p on p.id = pt.product_id
          join categories c on c.id = p.category_id
          where c.slug = ${u!.slug} and pt.listed group by pt.transport_id order by count(*) desc, pt.transport_id limit 1`,
    );
    const transport = Number(t?.id ?? vehicle);
    const universal = await count(
      sql`select count(*) as n from products p where ${inSubtree(u!.slug)} and p.is_universal`,
    );
    expect(universal).toBeGreaterThan(0);
    for (const sort of ['popular', 'price'] as const)
      for (const order of ['desc', 'asc'] as const)
        for (const page of [1, 2]) {
          const res = await listOk(u!.slug, { page, sort, order }, { transport, qs: '?size=5' });
          const want = await query<{ slug: string }>(
            sql`select p.slug from products p where ${inSubtree(u!.slug, transport)}
                order by ${REFERENCE_ORDER[sort](sql.raw(order))} limit 5 offset ${(page - 1) * 5}`,
          );
          expect(
            res.results.map((r) => r.slug),
            `${sort} ${order} p${page}`,
          ).toEqual(want.map((r) => r.slug));
        }
    const total = await count(
      sql`select count(*) as n from products p where ${inSubtree(u!.slug, transport)}`,
    );
    const first = await listOk(u!.slug, { page: 1 }, { transport, qs: '?size=5' });
    if (total <= TOTAL_SAMPLE) expect(first.total).toBe(total);
  });
});
