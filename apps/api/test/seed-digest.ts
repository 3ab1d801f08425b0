import { sql } from 'drizzle-orm';
import type { DbHandle } from '../src/db/client';

/**
 * A digest of whole tables in a stable order: equal digests mean byte-identical data. Timestamps are printed in UTC
 * so that databases with different time zones compare (on PostgreSQL give the handle one connection: the setting
 * is per session).
 */
export async function digest(handle: DbHandle): Promise<Record<string, string>> {
  const tables: [string, string][] = [
    ['products', 'id'],
    ['product_transports', 'product_id, transport_id'],
    ['product_property_values', 'product_id, property_id'],
    ['stock', 'warehouse_id, product_id'],
    ['analogues', 'product_id, analogue_id'],
    ['reviews', 'id'],
    ['categories', 'id'],
    ['transports', 'id'],
    ['branches', 'id'],
    ['installation_prices', 'id'],
    ['showcases', 'id'],
    ['manufacturers', 'id'],
    ['property_values', 'id'],
    ['search_words', 'word'],
  ];
  await handle.db.execute(sql`set timezone = 'UTC'`);
  const out: Record<string, string> = {};
  for (const [table, order] of tables) {
    const res = await handle.db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), '')) as md5 from "${table}" t`,
      ),
    );
    out[table] = String((res.rows[0] as { md5?: string } | undefined)?.md5 ?? '');
  }
  return out;
}
