import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, manufacturers } from '../../db/schema';
import { intArray, parseRows, pgNumber, pgNumberOrNull, pgTextArray } from '../../db/sql';

// Reads and writes of the category tree and the manufacturers for the back office. Writers run inside the
// caller's transaction.

const categoryRow = z.object({
  id: pgNumber,
  parent_id: pgNumberOrNull,
  title: z.string(),
  slug: z.string(),
  sort: pgNumber,
  depth: pgNumber,
  path: pgTextArray,
  description: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  is_service: z.boolean(),
  is_hidden: z.boolean(),
  /** Products directly in the category, active or not. */
  own_products: pgNumber,
});
export type CategoryRow = z.output<typeof categoryRow>;

const categoryColumns = sql`c.id, c.parent_id, c.title, c.slug, c.sort, c.depth, c.path, c.description, c.seo_title,
  c.seo_description, c.is_service, c.is_hidden`;

/** Every category with its direct product count, siblings in their order. */
export async function readCategories(db: Db): Promise<CategoryRow[]> {
  return parseRows(
    db,
    sql`select ${categoryColumns}, coalesce(n.count, 0)::int as own_products
        from categories c
        left join (select category_id, count(*)::int as count from products group by category_id) n
          on n.category_id = c.id
        order by c.sort, c.title, c.id`,
    categoryRow,
  );
}

/** One category; `lock` holds its row until the transaction ends. */
export async function readCategory(tx: Db, id: number, lock = false): Promise<CategoryRow | null> {
  const [row] = await parseRows(
    tx,
    sql`select ${categoryColumns},
          (select count(*)::int from products p where p.category_id = c.id) as own_products
        from categories c where c.id = ${id} ${lock ? sql`for update of c` : sql``}`,
    categoryRow,
  );
  return row ?? null;
}

/** Ids of the category and all its descendants. */
export async function subtreeIds(tx: Db, id: number): Promise<number[]> {
  const result = await parseRows(
    tx,
    sql`with recursive t(id) as (
          select id from categories where id = ${id}
          union all select c.id from categories c join t on c.parent_id = t.id)
        select id from t`,
    z.object({ id: pgNumber }),
  );
  return result.map((r) => r.id);
}

/** Ids of the children of `parentId` (null: the top level) in their order, locked against concurrent moves. */
export async function childIds(tx: Db, parentId: number | null): Promise<number[]> {
  const result = await parseRows(
    tx,
    sql`select id from categories
        where ${parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`}
        order by sort, title, id for update`,
    z.object({ id: pgNumber }),
  );
  return result.map((r) => r.id);
}

/** Numbers the siblings 0, 1, 2 … in the given order (rows already in place are not written). */
export async function renumber(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update categories c set sort = o.ord::int - 1
        from unnest(${intArray(ids)}) with ordinality as o(id, ord)
        where c.id = o.id and c.sort <> o.ord::int - 1`,
  );
}

/** Rewrites depth and path (slug chain root → self) of the category and its whole subtree from their parents. */
export async function rewriteSubtreePaths(tx: Db, id: number): Promise<void> {
  await tx.execute(
    sql`with recursive t(id, depth, path) as (
          select c.id, coalesce(p.depth + 1, 0), coalesce(p.path, '{}'::text[]) || c.slug
          from categories c left join categories p on p.id = c.parent_id where c.id = ${id}
          union all
          select c.id, t.depth + 1, t.path || c.slug from categories c join t on c.parent_id = t.id)
        update categories c set depth = t.depth, path = t.path from t
        where c.id = t.id and (c.depth <> t.depth or c.path <> t.path)`,
  );
}

export async function slugTaken(
  tx: Db,
  table: 'categories' | 'manufacturers',
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await parseRows(
    tx,
    sql`select 1 as one from ${sql.identifier(table)} where slug = ${slug}
        ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
    z.object({ one: pgNumber }),
  );
  return row !== undefined;
}

export async function insertCategory(
  tx: Db,
  values: { title: string; slug: string; parentId: number | null; sort: number },
): Promise<number> {
  const [row] = await tx
    .insert(categories)
    .values({ title: values.title, slug: values.slug, parentId: values.parentId, sort: values.sort })
    .returning({ id: categories.id });
  await rewriteSubtreePaths(tx, row!.id);
  return row!.id;
}

export interface CategoryColumns {
  title?: string;
  slug?: string;
  description?: string;
  seoTitle?: string;
  seoDescription?: string;
  isHidden?: boolean;
  parentId?: number | null;
}

export async function updateCategoryColumns(tx: Db, id: number, columns: CategoryColumns): Promise<void> {
  const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  await tx.update(categories).set(set).where(eq(categories.id, id));
}

export async function deleteCategoryRow(tx: Db, id: number): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, id));
}

// ---- manufacturers ----

const manufacturerRow = z.object({
  id: pgNumber,
  title: z.string(),
  slug: z.string(),
  country: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  products_count: pgNumber,
});
export type ManufacturerRow = z.output<typeof manufacturerRow>;

const manufacturerColumns = sql`m.id, m.title, m.slug, m.country, m.description, m.logo,
  (select count(*)::int from products p where p.manufacturer_id = m.id) as products_count`;

/** A page of manufacturers by title; `q` matches part of the title, slug or country, any case. */
export async function searchManufacturers(
  db: Db,
  q: string | undefined,
  page: number,
  size: number,
): Promise<{ total: number; rows: ManufacturerRow[] }> {
  const pattern = q === undefined ? null : `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where =
    pattern === null
      ? sql`true`
      : sql`(m.title ilike ${pattern} or m.slug ilike ${pattern} or m.country ilike ${pattern})`;
  const [count] = await parseRows(
    db,
    sql`select count(*)::int as n from manufacturers m where ${where}`,
    z.object({ n: pgNumber }),
  );
  const rows = await parseRows(
    db,
    sql`select ${manufacturerColumns} from manufacturers m where ${where}
        order by lower(m.title), m.id limit ${size} offset ${(page - 1) * size}`,
    manufacturerRow,
  );
  return { total: count?.n ?? 0, rows };
}

export async function readManufacturer(tx: Db, id: number, lock = false): Promise<ManufacturerRow | null> {
  const [row] = await parseRows(
    tx,
    sql`select ${manufacturerColumns} from manufacturers m where m.id = ${id} ${lock ? sql`for update of m` : sql``}`,
    manufacturerRow,
  );
  return row ?? null;
}

export interface ManufacturerColumns {
  title?: string;
  slug?: string;
  country?: string;
  description?: string;
  logo?: string | null;
}

export async function insertManufacturer(
  tx: Db,
  values: Required<Omit<ManufacturerColumns, 'logo'>>,
): Promise<number> {
  const [row] = await tx.insert(manufacturers).values(values).returning({ id: manufacturers.id });
  return row!.id;
}

export async function updateManufacturerColumns(
  tx: Db,
  id: number,
  columns: ManufacturerColumns,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  await tx.update(manufacturers).set(set).where(eq(manufacturers.id, id));
}

export async function deleteManufacturerRow(tx: Db, id: number): Promise<void> {
  await tx.delete(manufacturers).where(eq(manufacturers.id, id));
}
