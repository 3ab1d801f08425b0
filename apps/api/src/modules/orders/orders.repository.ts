import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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

const stockCandidate = z.object({
  warehouse_id: pgNumber,
  branch_id: pgNumber,
  available: pgNumber,
  own: z.boolean(),
});

/**
 * The product's stock rows in the warehouses of the city's active branches, locked until the transaction ends
 * (in warehouse order, so concurrent orders queue instead of deadlocking); `own` marks the branch's own warehouse.
 */
export async function lockCityStock(tx: Db, productId: number, branch: { id: number; cityId: number }) {
  return parseRows(
    tx,
    sql`select s.warehouse_id, w.branch_id, s.quantity - s.reserved as available, w.branch_id = ${branch.id} as own
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

/**
 * Takes `take` units off a supplier's offer if it still has them (and its supplier is active): the units left, or
 * null when it has too few (or is gone).
 */
export async function takeOfferQuantity(
  tx: Db,
  offer: { supplierId: number; productId: number; take: number },
): Promise<number | null> {
  const updated = await tx.execute(
    sql`update supplier_offers o set quantity = o.quantity - ${offer.take}, updated_at = now()
        where o.supplier_id = ${offer.supplierId} and o.product_id = ${offer.productId} and o.quantity >= ${offer.take}
          and exists (select 1 from suppliers s where s.id = o.supplier_id and s.is_active)
        returning o.quantity`,
  );
  const row = updated.rows[0] as { quantity: number | string } | undefined;
  return row ? Number(row.quantity) : null;
}

/** Units a supplier's offer has now (0 when it is gone). */
export async function currentOfferQuantity(tx: Db, supplierId: number, productId: number): Promise<number> {
  const rows = await tx.execute(
    sql`select quantity from supplier_offers where supplier_id = ${supplierId} and product_id = ${productId}`,
  );
  const row = rows.rows[0] as { quantity: number | string } | undefined;
  return row ? Number(row.quantity) : 0;
}

export async function insertReservation(
  tx: Db,
  reservation: { orderId: number; productId: number; warehouseId: number; quantity: number },
): Promise<void> {
  await tx.insert(reservations).values(reservation);
}

/** When the order's transfers from other branches make it ready for pickup (issue #17). */
export async function setPickupReadyAt(tx: Db, orderId: number, at: Date): Promise<void> {
  await tx.update(orders).set({ pickupReadyAt: at }).where(eq(orders.id, orderId));
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

/**
 * Serialises order placement per `key` (a caller, an address) until the transaction ends: a count of open orders
 * taken after it sees every order committed by a parallel request for the same key.
 */
export async function lockOrderPlacement(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-placement:${key}`}, 0))`);
}

/** Orders not finished and not paid (cash orders until collected, online ones until paid) of a caller or an address. */
export async function countOpenUnpaidOrders(
  tx: Db,
  of: { userId: number } | { visitorId: number } | { clientIp: string },
): Promise<number> {
  const who =
    'userId' in of
      ? eq(orders.userId, of.userId)
      : 'visitorId' in of
        ? eq(orders.visitorId, of.visitorId)
        : eq(orders.clientIp, of.clientIp);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    // Written as the partial index orders_open_client_ip_idx is, so the planner can use it.
    .where(
      and(
        who,
        sql`${orders.status} in ('new', 'awaiting_payment', 'assembling', 'ready') and not ${orders.isPaid}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** An order by its customer-facing number; with `lock`, its row is locked until the transaction ends. */
export async function findOrderByNumber(db: Db, number: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select({ id: orders.id, number: orders.number, status: orders.status, isPaid: orders.isPaid })
    .from(orders)
    .where(eq(orders.number, number));
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

/** Units the order still holds (its open reservations). */
export async function heldUnits(tx: Db, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int` })
    .from(reservations)
    .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)));
  return Number(row?.n ?? 0);
}

/** What a guest's lookup compares: the order's id and the phone it was placed with. */
export async function findOrderContact(db: Db, number: string) {
  const [row] = await db
    .select({ id: orders.id, phone: orders.phone })
    .from(orders)
    .where(eq(orders.number, number));
  return row;
}

/** The order locked for a change of its payment, with what that change checks. */
export async function lockOrderForPayment(tx: Db, orderId: number) {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      isPaid: orders.isPaid,
      totalPrice: orders.totalPrice,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

/** Units of every line of the order (cash orders are limited in units). */
export async function orderUnits(tx: Db, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return Number(row?.n ?? 0);
}

/**
 * An online order still awaiting payment becomes one paid at pickup: its payment type and method change and it
 * holds its stock for the cash hold time from now. False when it no longer awaited payment.
 */
export async function switchToCash(
  tx: Db,
  orderId: number,
  change: { methodId: number; holdHours: number },
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({
      status: 'new',
      paymentType: 'CASH',
      paymentMethodId: change.methodId,
      expiresAt: sql`now() + make_interval(hours => ${change.holdHours}::int)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment'), eq(orders.isPaid, false)))
    .returning({ id: orders.id });
  return moved.length > 0;
}
