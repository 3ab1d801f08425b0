import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { branches, orderItems, orders, reservations } from '../../db/schema';
import { parseRows, pgNumber } from '../../db/sql';

export type OrderInsert = PgInsertValue<typeof orders>;
export type OrderItemInsert = typeof orderItems.$inferInsert;

export async function findActiveBranch(db: Db, id: number) {
  const [branch] = await db
    .select({ id: branches.id, cityId: branches.cityId })
    .from(branches)
    .where(and(eq(branches.id, id), eq(branches.isActive, true)));
  return branch;
}

/** Inserts an order; undefined when its number is taken already (the caller draws another). */
export async function insertOrder(tx: Db, values: OrderInsert): Promise<number | undefined> {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: orders.number })
    .returning({ id: orders.id });
  return row?.id;
}

export async function insertOrderItems(tx: Db, items: OrderItemInsert[]): Promise<void> {
  await tx.insert(orderItems).values(items);
}

const stockCandidate = z.object({ warehouse_id: pgNumber, available: pgNumber, own: z.boolean() });

/**
 * The product's stock rows in the warehouses of the city's active branches, locked until the transaction ends
 * (in warehouse order, so concurrent orders queue instead of deadlocking); `own` marks the branch's own warehouse.
 */
export async function lockCityStock(tx: Db, productId: number, branch: { id: number; cityId: number }) {
  return parseRows(
    tx,
    sql`select s.warehouse_id, s.quantity - s.reserved as available, w.branch_id = ${branch.id} as own
        from stock s join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id
        where s.product_id = ${productId} and b.city_id = ${branch.cityId} and b.is_active
        order by s.warehouse_id
        for update of s`,
    stockCandidate,
  );
}

/** Reserves `take` units of one warehouse's stock if they are still free; false when they are not. */
export async function reserveStockUnits(
  tx: Db,
  stock: { warehouseId: number; productId: number; take: number },
): Promise<boolean> {
  const updated = await tx.execute(
    sql`update stock set reserved = reserved + ${stock.take}
          where warehouse_id = ${stock.warehouseId} and product_id = ${stock.productId} and quantity - reserved >= ${stock.take}
          returning 1`,
  );
  return updated.rows.length === 1;
}

export async function insertReservation(
  tx: Db,
  reservation: { orderId: number; productId: number; warehouseId: number; quantity: number },
): Promise<void> {
  await tx.insert(reservations).values(reservation);
}

/** Unfinished orders whose hold ran out (unpaid online orders, cash orders nobody took into work), oldest first. */
export async function findExpiredOrders(db: Db, limit: number) {
  return db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.status, ['awaiting_payment', 'new']), sql`${orders.expiresAt} <= now()`))
    .orderBy(orders.expiresAt)
    .limit(limit);
}
