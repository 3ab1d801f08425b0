import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgNumber } from '../../db/sql';

// Available units (on hand minus held) per product and branch, for the screens and files that list stock branch
// by branch (the products export, the YML feed's outlets).

const stockRow = z.object({ product_id: pgNumber, branch_id: pgNumber, available: pgNumber });

/**
 * product id → branch id → available units, over the products' stock rows; `where` narrows them further (it may
 * refer to `s` = stock, `w` = warehouses, `b` = branches).
 */
export async function availableByBranch(
  db: Db,
  productIds: readonly number[],
  where: SQL = sql`true`,
): Promise<Map<number, Map<number, number>>> {
  const rows = await parseRows(
    db,
    sql`select s.product_id, w.branch_id, sum(s.quantity - s.reserved)::int as available
        from stock s
        join warehouses w on w.id = s.warehouse_id
        join branches b on b.id = w.branch_id
        where s.product_id = any(${intArray(productIds)}) and ${where}
        group by s.product_id, w.branch_id
        order by s.product_id, w.branch_id`,
    stockRow,
  );
  const result = new Map<number, Map<number, number>>();
  for (const r of rows) {
    let m = result.get(r.product_id);
    if (!m) result.set(r.product_id, (m = new Map()));
    m.set(r.branch_id, r.available);
  }
  return result;
}
