import { sql, type SQL } from 'drizzle-orm';
import {
  catalogProductsResponse,
  type CatalogProductsRequestInput,
  type CatalogProductsResponse,
} from '@podbor/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestContext, json, type TestContext } from './helpers';

// Shared setup of the catalogue's route tests (categories, listing, products, search, banners,
// manufacturers, sitemap): the app on a copy of the seeded database, SQL to check answers against, and a
// vehicle and a leaf category with fitted products. The bindings are live: read them inside tests and hooks.

export let ctx: TestContext;
/** The vehicle with the most fitted products. */
export let transportId: number;
/** A leaf category where that vehicle has some (but not all) products. */
export let leaf: string;

/** Call once at the top of a test file. */
export function useCatalogContext(): void {
  beforeAll(async () => {
    ctx = await createTestContext();
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
  afterAll(() => ctx?.close());
}

export async function query<T>(q: SQL): Promise<T[]> {
  return (await ctx.handle.db.execute(q)).rows as T[];
}
export async function count(q: SQL): Promise<number> {
  const [row] = await query<{ n: number | string }>(q);
  return Number(row?.n ?? 0);
}

/** Active products of a category and all its descendants, optionally fitting a vehicle. */
export function inSubtree(slug: string, transportId?: number): SQL {
  const fits =
    transportId === undefined
      ? sql`true`
      : sql`(p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`;
  return sql`p.is_active and ${fits} and p.category_id in (
    with recursive sub as (select id from categories where slug = ${slug}
      union all select c.id from categories c join sub on c.parent_id = sub.id) select id from sub)`;
}

export async function list(
  slug: string,
  body: CatalogProductsRequestInput,
  opts: { transport?: number; qs?: string } = {},
) {
  const url = `/api/v1/catalog/${slug}/products/${opts.transport ? `${opts.transport}/` : ''}${opts.qs ?? ''}`;
  return ctx.app.inject({ method: 'POST', url, payload: body });
}
export async function listOk(
  slug: string,
  body: CatalogProductsRequestInput,
  opts: { transport?: number; qs?: string } = {},
) {
  const res = await list(slug, body, opts);
  expect(res.statusCode, res.body).toBe(200);
  return catalogProductsResponse.parse(json(res)) as CatalogProductsResponse;
}
