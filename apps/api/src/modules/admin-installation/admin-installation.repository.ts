import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber, pgNumberOrNull } from '../../db/sql';

// Reads and writes of the installation price table (installation_prices) for the back office.

const categoryRow = z.object({ id: pgNumber, title: z.string(), path: z.string(), priced: pgNumber });
export type InstallationCategoryRow = z.output<typeof categoryRow>;

const categorySql = sql`select c.id, c.title,
         coalesce((select string_agg(a.title, ' › ' order by a.depth) from categories a where a.slug = any(c.path)),
                  c.title) as path,
         (select count(*) from installation_prices ip where ip.category_id = c.id) as priced
  from categories c`;

/** Every category in tree order (by its path), with its count of priced cells. */
export async function readCategories(db: Db): Promise<InstallationCategoryRow[]> {
  return parseRows(db, sql`${categorySql} order by c.path, c.id`, categoryRow);
}

/** One category; `lock` holds its row so two saves of one table run one after the other. */
export async function readCategory(
  tx: Db,
  id: number,
  lock = false,
): Promise<InstallationCategoryRow | null> {
  const [row] = await parseRows(
    tx,
    sql`${categorySql} where c.id = ${id} ${lock ? sql`for update of c` : sql``}`,
    categoryRow,
  );
  return row ?? null;
}

const namedRow = z.object({ id: pgNumber, title: z.string() });

export async function readCities(db: Db): Promise<{ id: number; title: string }[]> {
  return parseRows(db, sql`select id, title from cities order by sort, title, id`, namedRow);
}

export async function readVehicleTypes(db: Db): Promise<{ id: number; title: string }[]> {
  return parseRows(db, sql`select id, title from vehicle_types order by sort, id`, namedRow);
}

const cellRow = z.object({ city_id: pgNumberOrNull, vehicle_type_id: pgNumberOrNull, price: pgNumber });
export type CellRow = z.output<typeof cellRow>;

/** The category's priced cells, fallbacks (null city / type) first. */
export async function readPrices(db: Db, categoryId: number): Promise<CellRow[]> {
  return parseRows(
    db,
    sql`select city_id, vehicle_type_id, price::float8 as price from installation_prices
        where category_id = ${categoryId}
        order by city_id nulls first, vehicle_type_id nulls first`,
    cellRow,
  );
}

/** Which of the ids exist in `table`. */
export async function existingIds(
  tx: Db,
  table: 'cities' | 'vehicle_types',
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

/** The category's whole table becomes `cells`. */
export async function replacePrices(tx: Db, categoryId: number, cells: readonly CellRow[]): Promise<void> {
  await tx.execute(sql`delete from installation_prices where category_id = ${categoryId}`);
  if (cells.length === 0) return;
  await tx.execute(
    sql`insert into installation_prices (category_id, city_id, vehicle_type_id, price)
        select ${categoryId}, nullif(c, 0), nullif(t, 0), p
        from unnest(${intArray(cells.map((c) => c.city_id ?? 0))},
                    ${intArray(cells.map((c) => c.vehicle_type_id ?? 0))},
                    ${`{${cells.map((c) => String(c.price)).join(',')}}`}::numeric[]) as x(c, t, p)`,
  );
}
