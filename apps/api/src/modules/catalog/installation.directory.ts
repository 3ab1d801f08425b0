import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Category } from './category.directory';
import { CATEGORY_TTL_MS } from './category.directory';
import { num, numOrNull, rows } from '../../db/sql';
import { cached, perDb } from '../../lib/ttl-cache';

// The installation price table (category × city × vehicle type; a null city or type is the fallback row) is a
// few thousand rows at most and changes with the price list, so each process holds it for a minute.

export interface InstallationPrices {
  prices: ReadonlyMap<string, number>;
  /** Vehicle type assumed when no vehicle is chosen (the first in display order: cars). */
  defaultTypeId: number | null;
}

const key = (categoryId: number, cityId: number | null, typeId: number | null) =>
  `${categoryId}:${cityId ?? 0}:${typeId ?? 0}`;

async function load(db: Db): Promise<InstallationPrices> {
  const [priceRows, typeRows] = await Promise.all([
    rows<{ category_id: number; city_id: number | null; vehicle_type_id: number | null; price: number }>(
      db,
      sql`select category_id, city_id, vehicle_type_id, price::float8 as price from installation_prices`,
    ),
    rows<{ id: number }>(db, sql`select id from vehicle_types order by sort, id limit 1`),
  ]);
  const prices = new Map<string, number>();
  for (const r of priceRows) {
    prices.set(key(num(r.category_id), numOrNull(r.city_id), numOrNull(r.vehicle_type_id)), num(r.price));
  }
  return { prices, defaultTypeId: typeRows[0] ? num(typeRows[0].id) : null };
}

export const installationDirectory = perDb((db: Db) => cached(() => load(db), CATEGORY_TTL_MS));

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
