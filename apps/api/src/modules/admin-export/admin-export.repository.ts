import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber, pgNumberOrNull } from '../../db/sql';
import { availableByBranch } from '../../lib/catalog/branch-stock';
import { adminProductWhere, type ProductFilters } from '../../lib/catalog/admin-product-filter';

const branchRow = z.object({ id: pgNumber, title: z.string() });
const categoryRow = z.object({ id: pgNumber, parent_id: pgNumberOrNull, title: z.string() });
const productRow = z.object({
  id: pgNumber,
  slug: z.string(),
  article: z.string(),
  manufacturer: z.string().nullable(),
  title: z.string(),
  category_id: pgNumber,
  price: pgNumber,
  old_price: pgNumberOrNull,
  is_active: z.boolean(),
});
export type ExportProductRow = z.output<typeof productRow>;

/** Branches whose stock the export shows: every one, or those given (a manager's own). */
export async function exportBranches(db: Db, only: readonly number[] | null) {
  return parseRows(
    db,
    sql`select id, title from branches
        where ${only ? sql`id = any(${intArray(only)})` : sql`true`}
        order by sort, title, id`,
    branchRow,
  );
}

/** Every category, hidden ones included (staff export everything), for the category paths. */
export async function allCategories(db: Db) {
  return parseRows(db, sql`select id, parent_id, title from categories`, categoryRow);
}

/** The next `limit` products matching `filters` after id `after`, in id order (keyset: no OFFSET scans). */
export async function exportProductBatch(db: Db, filters: ProductFilters, after: number, limit: number) {
  return parseRows(
    db,
    sql`select p.id, p.slug, p.article, m.title as manufacturer, p.title, p.category_id, p.price, p.old_price,
          p.is_active
        from products p
        left join manufacturers m on m.id = p.manufacturer_id
        where p.id > ${after} and ${adminProductWhere(filters)}
        order by p.id
        limit ${limit}`,
    productRow,
  );
}

/** Available units (on hand minus held) of the products in the branches, per product and branch. */
export const exportStock = (db: Db, productIds: readonly number[], branchIds: readonly number[]) =>
  availableByBranch(db, productIds, sql`w.branch_id = any(${intArray(branchIds)})`);
