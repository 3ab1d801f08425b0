import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgNumber, pgNumberOrNull } from '../../db/sql';
import { perDb } from '../ttl-cache';
import { catalogValue } from './catalog-cache';
import { CATEGORY_TTL_MS, type Category } from './category.directory';

// The installation price table (category × city × vehicle type; a null city or type is the fallback row) is a
// few thousand rows at most and changes with the price list, so each process holds it for a minute.

export interface InstallationPrices {
  prices: ReadonlyMap<string, number>;
  /** Vehicle type assumed when no vehicle is chosen (the first in display order: cars). */
  defaultTypeId: number | null;
}

const key = (categoryId: number, cityId: number | null, typeId: number | null) =>
  `${categoryId}:${cityId ?? 0}:${typeId ?? 0}`;

const priceRow = z.object({
  category_id: pgNumber,
  city_id: pgNumberOrNull,
  vehicle_type_id: pgNumberOrNull,
  price: pgNumber,
});
const typeRow = z.object({ id: pgNumber });

async function load(db: Db): Promise<InstallationPrices> {
  const [priceRows, typeRows] = await Promise.all([
    parseRows(
      db,
      sql`select category_id, city_id, vehicle_type_id, price::float8 as price from installation_prices`,
      priceRow,
    ),
    parseRows(db, sql`select id from vehicle_types order by sort, id limit 1`, typeRow),
  ]);
  const prices = new Map<string, number>();
  for (const r of priceRows) prices.set(key(r.category_id, r.city_id, r.vehicle_type_id), r.price);
  return { prices, defaultTypeId: typeRows[0]?.id ?? null };
}

export const installationDirectory = perDb((db: Db) => catalogValue(db, () => load(db), CATEGORY_TTL_MS));

/**
 * The most specific price: the category itself before its ancestors; within one category the exact city and
 * vehicle type first, then the city's any-type row, then the any-city row for the type, then the any-city,
 * any-type row. Null where installation is not offered.
 */
export function installationPrice(
  table: InstallationPrices,
  category: Category,
  cityId: number | null,
  typeId: number | null,
): number | null {
  const types = typeId === null ? [null, table.defaultTypeId] : [typeId, null];
  for (const c of [...category.ancestors].reverse()) {
    const candidates: [number | null, number | null][] = [];
    if (cityId !== null) for (const t of types) candidates.push([cityId, t]);
    for (const t of types) candidates.push([null, t]);
    for (const [city, type] of candidates) {
      const price = table.prices.get(key(c.id, city, type));
      if (price !== undefined) return price;
    }
  }
  return null;
}

export { moneyString as formatMoney } from '@podbor/contract';
