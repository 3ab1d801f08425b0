import { sql } from 'drizzle-orm';
import type {
  AnaloguesQuery,
  AnaloguesResponse,
  ProductListItem,
  RecommendationsRequest,
} from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber } from '../../db/sql';
import {
  categoryDirectory,
  visibleCategorySql,
  type Category,
  type CategoryTree,
} from '../../lib/catalog/category.directory';
import { LIST_ITEM_COLUMNS, listItemRow, listOffers, toListItem } from '../../lib/catalog/list-item';
import { transportDirectory, transportOr400 } from '../../lib/catalog/transport.directory';
import { findProduct, type ProductRef } from './products.service';

// Other products shown on a product page: its analogues (cross-references) and recommendations.

/** Analogues of the product, originals first, then in stock, then cheapest. */
export async function productAnalogues(
  db: Db,
  slug: string,
  query: AnaloguesQuery,
): Promise<AnaloguesResponse> {
  const [t, dir] = await Promise.all([categoryDirectory(db).tree(), transportDirectory(db).get()]);
  const transportId = transportOr400(dir, query.transport);
  const product = await findProduct(db, slug);
  return analogues(db, t, product.id, query.page, query.size, transportId);
}

/** Recommendations next to a product (of its category, or of the one named), for the vehicle when given. */
export async function productRecommendations(
  db: Db,
  body: RecommendationsRequest,
): Promise<ProductListItem[]> {
  const { product: slug, category: categorySlug, transport } = body;
  const [t, dir] = await Promise.all([categoryDirectory(db).tree(), transportDirectory(db).get()]);
  const transportId = transportOr400(dir, transport);
  const product = await findProduct(db, slug);
  const category = (categorySlug ? t.bySlug.get(categorySlug) : undefined) ?? t.byId.get(product.categoryId);
  if (!category) return [];
  return recommendations(db, t, product, category, transportId);
}

// ---- analogues ----

const analogueRow = listItemRow.extend({
  total: pgNumber,
  is_original: z.boolean(),
  linked: z.boolean().nullable(),
});
const totalRow = z.object({ total: pgNumber });

async function analogues(
  db: Db,
  tree: CategoryTree,
  productId: number,
  page: number,
  size: number,
  transportId: number | null,
): Promise<AnaloguesResponse> {
  // With a vehicle: whether each analogue is fitted to it (fit everywhere, issue #17).
  const linked =
    transportId === null
      ? sql`null::boolean`
      : sql`exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId})`;
  // A row (A, B) says "B replaces A". Pairs are directed: a two-way cross-reference is stored as both rows (the
  // seeder, the analogues import and the product editor write both), a one-way one only as its own.
  const result = await parseRows(
    db,
    sql`with a as (select analogue_id as id, is_original from analogues where product_id = ${productId})
        select count(*) over ()::int as total, a.is_original, ${linked} as linked, ${LIST_ITEM_COLUMNS}
        from a join products p on p.id = a.id and p.is_active and ${visibleCategorySql(tree)}
        left join manufacturers m on m.id = p.manufacturer_id
        order by a.is_original desc, in_stock desc, p.price, p.id
        limit ${size} offset ${(page - 1) * size}`,
    analogueRow,
  );
  let total = result[0]?.total ?? 0;
  if (result.length === 0 && page > 1) {
    const [row] = await parseRows(
      db,
      sql`select count(*)::int as total from analogues x
          join products p on p.id = x.analogue_id and p.is_active and ${visibleCategorySql(tree)}
          where x.product_id = ${productId}`,
      totalRow,
    );
    total = row?.total ?? 0;
  }
  const offers = await listOffers(db, result);
  return {
    current: page,
    pages: Math.ceil(total / size),
    total,
    results: result.map((r) => {
      const item = toListItem(tree, r, r.linked ?? undefined, offers);
      return {
        title: item.title,
        slug: item.slug,
        categories: item.categories[0] ?? [],
        manufacturer: item.manufacturer ?? null,
        price: item.price,
        is_original: r.is_original,
        image: item.image ?? null,
        vendor_code: item.vendor_code,
        in_stock: item.in_stock,
        offer: item.offer ?? null,
        ...(item.fit ? { fit: item.fit } : {}),
      };
    }),
  };
}

// ---- recommendations ----

export const RECOMMENDATIONS_LIMIT = 12;

/**
 * Popular products from the category's neighbourhood (its parent's subtree: pads → discs, fluids), other
 * categories first, fitting the vehicle when one is chosen. Each category contributes its top by popularity
 * through the (category, popularity) index, so the cost does not grow with the catalogue.
 */
async function recommendations(
  db: Db,
  tree: CategoryTree,
  product: ProductRef,
  category: Category,
  transportId: number | null,
): Promise<ProductListItem[]> {
  const parent = category.parentId === null ? undefined : tree.byId.get(category.parentId);
  const pool = (parent ?? category).subtreeIds;
  const fits =
    transportId === null
      ? sql`true`
      : sql`(p.is_universal or p.id in (select pt.product_id from product_transports pt where pt.transport_id = ${transportId}))`;
  const result = await parseRows(
    db,
    sql`select ${LIST_ITEM_COLUMNS}
        from unnest(${intArray(pool)}) c(id)
        cross join lateral (
          select p.* from products p
          where p.category_id = c.id and p.is_active and p.id <> ${product.id} and ${fits}
          -- NULLS LAST as in the (category_id, popularity desc nulls last, id) index: plain DESC (nulls first)
          -- cannot use it, and the planner walked the whole catalogue by popularity instead (1.7 s at 200,000
          -- products, 2 ms with the index).
          order by p.popularity desc nulls last, p.id
          limit ${RECOMMENDATIONS_LIMIT}
        ) p
        left join manufacturers m on m.id = p.manufacturer_id
        order by (p.category_id = ${category.id}), p.popularity desc, p.id
        limit ${RECOMMENDATIONS_LIMIT}`,
    listItemRow,
  );
  const offers = await listOffers(db, result);
  return result.map((r) => toListItem(tree, r, transportId === null ? undefined : true, offers));
}
