import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber, pgNumberOrNull, pgTextArray } from '../../db/sql';

// What the kit reads from the catalogue: a vehicle's engine, and the products of a few categories that fit it
// (fitment rows of the vehicle, or universal products), with their stock in one city and the property values the
// kit chooses by (oil viscosity and volume, brake fluid class).

const engineRow = z.object({ fuel: z.string(), volume_l: z.string() });

export async function engineOf(
  db: Db,
  transportId: number,
): Promise<{ fuel: string; volume: number } | null> {
  const [row] = await parseRows(
    db,
    sql`select e.fuel, e.volume_l from transports t join engines e on e.id = t.engine_id where t.id = ${transportId}`,
    engineRow,
  );
  if (!row) return null;
  const volume = Number.parseFloat(row.volume_l.replace(',', '.'));
  return { fuel: row.fuel, volume: Number.isFinite(volume) ? volume : 0 };
}

const candidateRow = z.object({
  id: pgNumber,
  slug: z.string(),
  title: z.string(),
  article: z.string(),
  images: pgTextArray,
  price: pgNumber,
  old_price: pgNumberOrNull,
  category_id: pgNumber,
  popularity: pgNumber,
  manufacturer: z.string().nullable(),
  stock: pgNumber,
  viscosity: z.string().nullable(),
  volume: z.string().nullable(),
  dot: z.string().nullable(),
});
export type Candidate = z.infer<typeof candidateRow>;

const propertyValue = (slug: string) => sql`(select pv.value from product_property_values ppv
    join properties pr on pr.id = ppv.property_id join property_values pv on pv.id = ppv.value_id
    where ppv.product_id = p.id and pr.slug = ${slug} limit 1)`;

/** Active goods of the categories that fit the vehicle, with their stock in the city (0 without a city). */
export async function candidates(
  db: Db,
  opts: { transportId: number; categoryIds: readonly number[]; cityId: number | null },
): Promise<Candidate[]> {
  if (opts.categoryIds.length === 0) return [];
  return parseRows(
    db,
    sql`select p.id, p.slug, p.title, p.article, p.images, p.price::float8 as price,
          p.old_price::float8 as old_price, p.category_id, p.popularity, m.title as manufacturer,
          coalesce((select sum(s.quantity - s.reserved) from stock s
                      join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id
                    where s.product_id = p.id and b.city_id = ${opts.cityId ?? 0} and b.is_active), 0)::int as stock,
          ${propertyValue('vyazkost')} as viscosity,
          ${propertyValue('obem')} as volume,
          ${propertyValue('klass-dot')} as dot
        from products p left join manufacturers m on m.id = p.manufacturer_id
        where p.is_active and not p.is_service and p.category_id = any(${intArray([...opts.categoryIds])})
          and (p.is_universal or p.id in (select pt.product_id from product_transports pt
                where pt.transport_id = ${opts.transportId} and pt.category_id = any(${intArray([...opts.categoryIds])})
                  and pt.listed))`,
    candidateRow,
  );
}

const analogueRow = z.object({ product_id: pgNumber, analogue_id: pgNumber });

/** Cross-references of the given products (both directions), as product id → analogue ids. */
export async function analoguesOf(db: Db, ids: readonly number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (ids.length === 0) return out;
  const rows = await parseRows(
    db,
    sql`select product_id, analogue_id from analogues where product_id = any(${intArray([...ids])})
        union select analogue_id, product_id from analogues where analogue_id = any(${intArray([...ids])})`,
    analogueRow,
  );
  for (const r of rows) {
    const set = out.get(r.product_id) ?? new Set<number>();
    set.add(r.analogue_id);
    out.set(r.product_id, set);
  }
  return out;
}
