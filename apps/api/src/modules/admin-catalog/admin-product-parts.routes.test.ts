import { sql } from 'drizzle-orm';
import { CATALOG_MESSAGES, type AdminProduct } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #14: a product's properties, fitment and analogues edited in the back office. Values are checked against
// the category's properties, and the storefront's filters and facet counts (cached per process) follow at once.

let ctx: TestContext;
let admin: string;
let manager: string;
/** A product of a category offering a listed-value property with at least two values and a RANGE property. */
let product: { id: number; slug: string; category: string; category_id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await user(ctx, 'admin')).authorization;
  manager = (await user(ctx, 'manager')).authorization;
  const [p] = await rows<{ id: number; slug: string; category: string; category_id: number }>(
    ctx,
    sql`select p.id, p.slug, c.slug as category, c.id as category_id
        from products p join categories c on c.id = p.category_id
        where p.is_active and not p.is_service
          and exists (select 1 from category_properties cp join properties pr on pr.id = cp.property_id
                      where cp.category_id = c.id and pr.type <> 'RANGE'
                        and (select count(*) from property_values v where v.property_id = pr.id) >= 2)
        order by p.popularity desc, p.id limit 1`,
  );
  product = { ...p!, id: Number(p!.id), category_id: Number(p!.category_id) };
});
afterAll(() => ctx?.close());

const get = async () =>
  json<AdminProduct>(
    await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/v1/products/${product.id}/`,
      headers: { authorization: admin },
    }),
  );
const patch = (payload: object, authorization = admin) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/v1/products/${product.id}/`,
    headers: { authorization },
    payload,
  });

type Filter = {
  slug: string;
  title: string;
  values?: { title: string; value: string | number; count: number }[];
};
const filters = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/${product.category}/filters/` });
  expect(res.statusCode, res.body).toBe(200);
  return json<Filter[]>(res);
};
const listedWith = async (slug: string, value: string | number) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/${product.category}/products/?size=100`,
    payload: { page: 1, filter: { [slug]: [value] } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ results: { slug: string }[] }>(res).results.some((r) => r.slug === product.slug);
};

describe('product properties in the editor', () => {
  it("lists the category's properties with their values to pick", async () => {
    const p = await get();
    expect(p.category_properties.length).toBeGreaterThan(0);
    const listed = p.category_properties.find((d) => d.type !== 'RANGE' && d.values.length >= 2);
    expect(listed).toBeDefined();
    for (const d of p.category_properties) if (d.type === 'RANGE') expect(d.values).toEqual([]);
  });

  it('sets, changes and clears a listed value; the filter and its count follow at once, audited', async () => {
    const before = await get();
    const def = before.category_properties.find((d) => d.type !== 'RANGE' && d.values.length >= 2)!;
    const others = before.properties
      .filter((p) => p.property_id !== def.id)
      .map((p) => ({ property_id: p.property_id, value_id: p.value_id, num_value: p.num_value }));
    const had = before.properties.find((p) => p.property_id === def.id)?.value_id ?? null;
    const target = def.values.find((v) => v.id !== had)!;

    // Warm the caches the storefront reads through.
    const facetBefore = (await filters()).find((f) => f.title === def.title)!;
    const slug = facetBefore.slug;
    // The filter's key of the value (facets list only values some product has).
    const [{ value: key }] = (await rows<{ value: string }>(
      ctx,
      sql`select value from property_values where id = ${target.id}`,
    )) as [{ value: string }];
    const countOf = async () =>
      (await filters()).find((f) => f.slug === slug)!.values!.find((v) => v.value === key)?.count ?? 0;
    const countBefore = await countOf();
    expect(await listedWith(slug, key)).toBe(false);

    const res = await patch({
      version: before.version,
      properties: [...others, { property_id: def.id, value_id: target.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = json<AdminProduct>(res);
    expect(after.properties.find((p) => p.property_id === def.id)).toMatchObject({
      value_id: target.id,
      value: target.title,
    });
    expect(after.version).not.toBe(before.version);
    expect(await listedWith(slug, key)).toBe(true);
    expect(await countOf()).toBe(countBefore + 1);

    const [entry] = await rows<{ data: { changes: Record<string, unknown> } }>(
      ctx,
      sql`select data from audit_log where action = 'product.update' and entity_id = ${String(product.id)}
          order by id desc limit 1`,
    );
    expect(Object.keys(entry!.data.changes)).toEqual(['properties']);

    // Clear it: a property sent with neither value (or left out) has none.
    const cleared = await patch({
      version: after.version,
      properties: [...others, { property_id: def.id, value_id: null }],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(json<AdminProduct>(cleared).properties.some((p) => p.property_id === def.id)).toBe(false);
    expect(await listedWith(slug, key)).toBe(false);
    expect(await countOf()).toBe(countBefore);
  });

  it('sets a RANGE number and the range filter of its category finds the product', async () => {
    const [r] = await rows<{
      product: number;
      slug: string;
      category: string;
      property: number;
      prop: string;
    }>(
      ctx,
      sql`select p.id as product, p.slug, c.slug as category, pr.id as property, pr.slug as prop
          from category_properties cp join properties pr on pr.id = cp.property_id and pr.type = 'RANGE'
          join categories c on c.id = cp.category_id
          join products p on p.category_id = c.id and p.is_active and not p.is_service
          order by p.popularity desc, p.id limit 1`,
    );
    const id = Number(r!.product);
    const url = `/api/admin/v1/products/${id}/`;
    const inRange = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/${r!.category}/products/?size=100`,
        payload: { page: 1, filter: { [r!.prop]: [99_999, 99_999.5] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ results: { slug: string }[] }>(res).results.some((x) => x.slug === r!.slug);
    };
    expect(await inRange()).toBe(false);
    const before = json<AdminProduct>(
      await ctx.app.inject({ method: 'GET', url, headers: { authorization: admin } }),
    );
    const others = before.properties
      .filter((p) => p.property_id !== Number(r!.property))
      .map((p) => ({ property_id: p.property_id, value_id: p.value_id, num_value: p.num_value }));
    const res = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: { authorization: admin },
      payload: {
        version: before.version,
        properties: [...others, { property_id: Number(r!.property), num_value: 99_999.25 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      json<AdminProduct>(res).properties.find((p) => p.property_id === Number(r!.property))?.num_value,
    ).toBe(99_999.25);
    expect(await inRange()).toBe(true);
  });

  it('refuses a value of another property, a property not of the category, a number for a listed one', async () => {
    const p = await get();
    const def = p.category_properties.find((d) => d.type !== 'RANGE' && d.values.length >= 2)!;
    const [foreign] = await rows<{ id: number }>(
      ctx,
      sql`select id from property_values where property_id <> ${def.id} order by id limit 1`,
    );
    const [outside] = await rows<{ id: number; title: string }>(
      ctx,
      sql`select id, title from properties pr
          where not exists (select 1 from category_properties cp
                            where cp.category_id = ${product.category_id} and cp.property_id = pr.id)
          order by id limit 1`,
    );
    const cases: [object, string][] = [
      [
        { property_id: def.id, value_id: Number(foreign!.id) },
        CATALOG_MESSAGES.foreignPropertyValue(def.title),
      ],
      [
        { property_id: Number(outside!.id), value_id: null, num_value: 1 },
        CATALOG_MESSAGES.propertyNotOfCategory(outside!.title),
      ],
      [{ property_id: def.id, num_value: 5 }, CATALOG_MESSAGES.propertyNeedsChoice(def.title)],
      [{ property_id: 2_000_000_000, value_id: 1 }, CATALOG_MESSAGES.unknownProperty],
    ];
    for (const [item, message] of cases) {
      const res = await patch({ version: p.version, properties: [item] });
      expect(res.statusCode, res.body).toBe(400);
      expect(json<{ errors: Record<string, string[]> }>(res).errors.properties).toEqual([message]);
    }
    const dup = await patch({
      version: p.version,
      properties: [
        { property_id: def.id, value_id: def.values[0]!.id },
        { property_id: def.id, value_id: def.values[1]!.id },
      ],
    });
    expect(json<{ errors: Record<string, string[]> }>(dup).errors.properties).toEqual([
      CATALOG_MESSAGES.duplicateProperty(def.title),
    ]);
    const tooPrecise = await patch({
      version: p.version,
      properties: [{ property_id: def.id, num_value: 1.0001 }],
    });
    expect(tooPrecise.statusCode).toBe(400);
    // Nothing was written.
    expect((await get()).version).toBe(p.version);
  });

  it('a manager may not change properties', async () => {
    const p = await get();
    expect((await patch({ version: p.version, properties: [] }, manager)).statusCode).toBe(403);
  });
});

describe('fitment and analogues in the editor', () => {
  it('gives each vehicle its brand and model for grouping, and saves an edited list', async () => {
    const p = await get();
    const [t] = await rows<{ id: number }>(
      ctx,
      sql`select id from transports where id <> all(${`{${p.transports.map((x) => x.id).join(',')}}`}::int[])
          order by id limit 1`,
    );
    const res = await patch({
      version: p.version,
      transports: [...p.transports.map((x) => x.id), Number(t!.id)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const added = json<AdminProduct>(res).transports.find((x) => x.id === Number(t!.id))!;
    expect(added.brand).not.toBe('');
    expect(added.model).not.toBe('');
    expect(added.label).toContain(added.model);
  });

  it('keeps the analogues it lists two-way, and leaves one-way pairs pointing at the product alone', async () => {
    const [x, y, z] = await rows<{ id: number; slug: string }>(
      ctx,
      sql`select id, slug from products where is_active and category_id = ${product.category_id}
            and id <> ${product.id} order by id limit 3`,
    );
    const [xi, yi, zi] = [Number(x!.id), Number(y!.id), Number(z!.id)];
    // z → product is one-way (z is replaced by the product, not the other way round): not on the product's list.
    await ctx.handle.db.execute(
      sql`delete from analogues where ${product.id} in (product_id, analogue_id)
            and (product_id in (${xi}, ${yi}, ${zi}) or analogue_id in (${xi}, ${yi}, ${zi}))`,
    );
    await ctx.handle.db.execute(
      sql`insert into analogues (product_id, analogue_id) values (${zi}, ${product.id})`,
    );
    const shown = async (slug: string) =>
      json<{ results: { slug: string }[] }>(
        await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${slug}/analogues/?size=100` }),
      ).results.map((r) => r.slug);
    const own = (await get()).analogues.filter((a) => ![xi, yi, zi].includes(a.id));
    let res = await patch({
      version: (await get()).version,
      analogues: [...own, { id: xi, is_original: true }, { id: yi, is_original: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(product.slug)).toEqual(expect.arrayContaining([x!.slug, y!.slug]));
    expect(await shown(x!.slug)).toContain(product.slug);
    expect(await shown(y!.slug)).toContain(product.slug);
    expect(await shown(product.slug)).not.toContain(z!.slug);
    expect(await shown(z!.slug)).toContain(product.slug);

    res = await patch({
      version: (await get()).version,
      analogues: [...own, { id: yi, is_original: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(product.slug)).not.toContain(x!.slug);
    expect(await shown(x!.slug)).not.toContain(product.slug);
    expect(await shown(y!.slug)).toContain(product.slug);
    expect(await shown(z!.slug)).toContain(product.slug);
  });
});
