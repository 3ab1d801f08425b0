import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber, pgNumberOrNull, pgTextArray } from '../../db/sql';

// Reads and writes of one product for the back office. Everything here runs inside the caller's transaction.

const productRow = z.object({
  id: pgNumber,
  slug: z.string(),
  title: z.string(),
  article: z.string(),
  manufacturer_id: pgNumberOrNull,
  category_id: pgNumber,
  category_path: pgTextArray,
  price: pgNumber,
  old_price: pgNumberOrNull,
  description: z.string(),
  installation: z.string(),
  with_installation: z.boolean(),
  is_active: z.boolean(),
  is_universal: z.boolean(),
  images: z.array(z.string()),
  properties: z.array(
    z.object({
      property_id: pgNumber,
      title: z.string(),
      type: z.enum(['CHECKBOX', 'RANGE', 'RADIO']),
      unit: z.string(),
      value_id: pgNumberOrNull,
      num_value: pgNumberOrNull,
      value: z.string().nullable(),
    }),
  ),
  transport_ids: z.array(pgNumber),
  analogues: z.array(
    z.object({ id: pgNumber, title: z.string(), article: z.string(), is_original: z.boolean() }),
  ),
});
export type ProductRow = z.output<typeof productRow>;

/** The product with its properties, fitment and analogues; `lock` holds its row until the transaction ends. */
export async function readProduct(tx: Db, id: number, lock = false): Promise<ProductRow | null> {
  const [row] = await parseRows(
    tx,
    sql`select p.id, p.slug, p.title, p.article, p.manufacturer_id, p.category_id, c.path as category_path,
               p.price, p.old_price, p.description, p.installation, p.with_installation, p.is_active, p.is_universal,
               p.images,
               coalesce((select json_agg(json_build_object('property_id', v.property_id, 'title', pr.title,
                                  'type', pr.type, 'unit', pr.unit, 'value_id', v.value_id,
                                  'num_value', v.num_value::float8, 'value', pv.title) order by v.property_id)
                         from product_property_values v
                         join properties pr on pr.id = v.property_id
                         left join property_values pv on pv.id = v.value_id
                         where v.product_id = p.id), '[]'::json) as properties,
               coalesce((select json_agg(pt.transport_id order by pt.transport_id)
                         from product_transports pt where pt.product_id = p.id), '[]'::json) as transport_ids,
               coalesce((select json_agg(json_build_object('id', a.analogue_id, 'title', ap.title,
                                  'article', ap.article, 'is_original', a.is_original) order by a.analogue_id)
                         from analogues a join products ap on ap.id = a.analogue_id
                         where a.product_id = p.id), '[]'::json) as analogues
        from products p join categories c on c.id = p.category_id
        where p.id = ${id}
        ${lock ? sql`for update of p` : sql``}`,
    productRow,
  );
  return row ?? null;
}

const stockRow = z.object({
  warehouse_id: pgNumber,
  warehouse: z.string(),
  branch_id: pgNumber,
  quantity: pgNumber,
  reserved: pgNumber,
});
export type StockRow = z.output<typeof stockRow>;

/** Every warehouse with the product's quantity there (0 where it has no row), in branch order. */
export async function readStock(tx: Db, productId: number, lock = false): Promise<StockRow[]> {
  if (lock) {
    await tx.execute(
      sql`select 1 from stock where product_id = ${productId} order by warehouse_id for update`,
    );
  }
  return parseRows(
    tx,
    sql`select w.id as warehouse_id,
               case when w.title = b.title then w.title else w.title || ' (' || b.title || ')' end as warehouse,
               w.branch_id,
               coalesce(s.quantity, 0) as quantity, coalesce(s.reserved, 0) as reserved
        from warehouses w
        join branches b on b.id = w.branch_id
        left join stock s on s.warehouse_id = w.id and s.product_id = ${productId}
        order by b.id, w.id`,
    stockRow,
  );
}

export interface ProductColumns {
  title?: string;
  article?: string;
  articleNormalized?: string;
  manufacturerId?: number | null;
  categoryId?: number;
  price?: number;
  oldPrice?: number | null;
  description?: string;
  installation?: string;
  withInstallation?: boolean;
  isActive?: boolean;
  isUniversal?: boolean;
  images?: string[];
}

const COLUMN_SQL: Record<keyof ProductColumns, string> = {
  title: 'title',
  article: 'article',
  articleNormalized: 'article_normalized',
  manufacturerId: 'manufacturer_id',
  categoryId: 'category_id',
  price: 'price',
  oldPrice: 'old_price',
  description: 'description',
  installation: 'installation',
  withInstallation: 'with_installation',
  isActive: 'is_active',
  isUniversal: 'is_universal',
  images: 'images',
};

export async function updateProductColumns(tx: Db, id: number, columns: ProductColumns): Promise<void> {
  const sets = (Object.entries(columns) as [keyof ProductColumns, unknown][])
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) =>
      key === 'images'
        ? sql`${sql.identifier(COLUMN_SQL[key])} = ${JSON.stringify(value)}::jsonb`
        : sql`${sql.identifier(COLUMN_SQL[key])} = ${value}`,
    );
  if (sets.length === 0) return;
  await tx.execute(sql`update products set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** Words of the product's new title missing from search's spelling dictionary (search_words) are added. */
export async function addSearchWords(tx: Db, id: number): Promise<void> {
  await tx.execute(
    sql`insert into search_words (word, ndoc)
        select word, ndoc from ts_stat(${`select search from products where is_active and id = ${Math.trunc(id)}`})
        where word ~ '^[[:alpha:]]{3,}$'
        on conflict (word) do nothing`,
  );
}

export async function replaceTransports(tx: Db, id: number, transportIds: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from product_transports where product_id = ${id}`);
  if (transportIds.length === 0) return;
  // category_id is filled by the database's own trigger (migration 0004).
  await tx.execute(
    sql`insert into product_transports (product_id, transport_id)
        select ${id}, t from unnest(${intArray(transportIds)}) as t`,
  );
}

export async function replaceAnalogues(
  tx: Db,
  id: number,
  analogues: readonly { id: number; is_original: boolean }[],
): Promise<void> {
  // The editor's list is of two-way cross-references: a product taken off it loses the pair in both directions,
  // one put on it gets the reverse row too (as the analogues import does for a two-way pair). One-way rows that
  // point at this product from elsewhere are not on its list and stay as they are.
  const ids = intArray(analogues.map((a) => a.id));
  await tx.execute(
    sql`delete from analogues where analogue_id = ${id}
          and product_id in (select analogue_id from analogues where product_id = ${id})
          and product_id <> all(${ids})`,
  );
  await tx.execute(sql`delete from analogues where product_id = ${id}`);
  if (analogues.length === 0) return;
  await tx.execute(
    sql`insert into analogues (product_id, analogue_id, is_original)
        select ${id}, a, o
        from unnest(${ids}, ${`{${analogues.map((a) => String(a.is_original)).join(',')}}`}::boolean[]) as x(a, o)`,
  );
  await tx.execute(
    sql`insert into analogues (product_id, analogue_id, is_original)
        select a, ${id}, false from unnest(${ids}) as a
        on conflict do nothing`,
  );
}

/** Which of the ids exist in the table (products, categories, manufacturers, transports, warehouses). */
export async function existingIds(
  tx: Db,
  table: 'products' | 'categories' | 'manufacturers' | 'transports' | 'warehouses',
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await parseRows(
    tx,
    sql`select id from ${sql.identifier(table)} where id = any(${intArray(ids)})`,
    z.object({ id: pgNumber }),
  );
  return new Set(rows.map((r) => r.id));
}

export async function setStock(
  tx: Db,
  productId: number,
  warehouseId: number,
  quantity: number,
): Promise<void> {
  await tx.execute(
    sql`insert into stock (warehouse_id, product_id, quantity) values (${warehouseId}, ${productId}, ${quantity})
        on conflict (warehouse_id, product_id) do update set quantity = excluded.quantity`,
  );
}

const propertyDefRow = z.object({
  id: pgNumber,
  title: z.string(),
  type: z.enum(['CHECKBOX', 'RANGE', 'RADIO']),
  unit: z.string(),
  in_category: z.boolean(),
  values: z.array(z.object({ id: pgNumber, title: z.string() })),
});
export type PropertyDefRow = z.output<typeof propertyDefRow>;

/**
 * The properties the category offers (category_properties, in its order) and any of `alsoIds` it does not (those
 * with in_category false), each with its listed values.
 */
export async function readPropertyDefs(
  tx: Db,
  categoryId: number,
  alsoIds: readonly number[] = [],
): Promise<PropertyDefRow[]> {
  return parseRows(
    tx,
    sql`select pr.id, pr.title, pr.type, pr.unit, cp.category_id is not null as in_category,
               coalesce((select json_agg(json_build_object('id', v.id, 'title', v.title) order by v.sort, v.id)
                         from property_values v where v.property_id = pr.id), '[]'::json) as "values"
        from properties pr
        left join category_properties cp on cp.property_id = pr.id and cp.category_id = ${categoryId}
        where cp.category_id is not null or pr.id = any(${intArray(alsoIds)})
        order by cp.sort nulls last, pr.id`,
    propertyDefRow,
  );
}

export async function replacePropertyValues(
  tx: Db,
  productId: number,
  values: readonly { property_id: number; value_id: number | null; num_value: number | null }[],
): Promise<void> {
  await tx.execute(sql`delete from product_property_values where product_id = ${productId}`);
  if (values.length === 0) return;
  await tx.execute(
    sql`insert into product_property_values (product_id, property_id, value_id, num_value)
        select ${productId}, p, nullif(v, 0), n
        from unnest(${intArray(values.map((v) => v.property_id))},
                    ${intArray(values.map((v) => v.value_id ?? 0))},
                    ${`{${values.map((v) => (v.num_value === null ? 'NULL' : String(v.num_value))).join(',')}}`}::numeric[])
             as x(p, v, n)`,
  );
}
