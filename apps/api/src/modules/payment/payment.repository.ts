import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  branches,
  cities,
  orderItems,
  orders,
  paymentEvents,
  paymentMethods,
  payments,
  products,
  reservations,
  warehouses,
} from '../../db/schema';
import { ORDER_LINE_COLUMNS } from '../../lib/order-lines';
import type { Owner } from '../../lib/owner';

// Payments and the order fields the payment side reads (status page, sandbox page, the provider's receipt).

export type PaymentRow = typeof payments.$inferSelect;

export async function findActiveMethods(db: Db) {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.isActive, true))
    .orderBy(asc(paymentMethods.sort), asc(paymentMethods.id));
}

export async function findActiveMethod(db: Db, id: number) {
  const [method] = await db
    .select({ id: paymentMethods.id, type: paymentMethods.type, gateway: paymentMethods.gateway })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.isActive, true)));
  return method;
}

/**
 * A product's price and whether the product page sells it from the city's own stock: a good no active branch of
 * the city has free units of is sold by its best supplier offer there (products.service.ts, the same rule).
 */
export async function findProductPrice(
  db: Db,
  slug: string,
  cityId: number | null,
): Promise<{ id: number; price: number; ownStock: boolean } | undefined> {
  const [product] = await db
    .select({
      id: products.id,
      price: products.price,
      // Written out: in a one-table select drizzle leaves columns unqualified, ambiguous inside the subquery.
      ownStock: sql<boolean>`products.is_service or exists (select 1 from stock s
        join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id
        where s.product_id = products.id and b.city_id = ${cityId ?? 0} and b.is_active
          and s.quantity > s.reserved)`,
    })
    .from(products)
    .where(eq(products.slug, slug))
    .limit(1);
  return product;
}

export async function findPayment(
  db: Db,
  provider: string,
  externalId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.externalId, externalId)));
  return row;
}

export async function findPaymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The order's newest payment. */
export async function findLatestPayment(db: Db, orderId: number): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.updatedAt))
    .limit(1);
  return payment;
}

/** How many payments the order has had (each retry of an unfinished payment adds one). */
export async function countPayments(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return row?.n ?? 0;
}

/** The order as its summary shows it: totals, dates, pickup branch with its city, the payment method's title. */
export async function findOrderSummaryRow(db: Db, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      isPaid: orders.isPaid,
      paidAt: orders.paidAt,
      paymentType: orders.paymentType,
      paymentMethod: paymentMethods.title,
      createdAt: orders.createdAt,
      expiresAt: orders.expiresAt,
      pickupReadyAt: orders.pickupReadyAt,
      itemsPrice: orders.itemsPrice,
      installationPrice: orders.installationPrice,
      totalPrice: orders.totalPrice,
      branchId: branches.id,
      branchTitle: branches.title,
      branchStreet: branches.street,
      branchWorkHours: branches.workHours,
      city: cities.title,
    })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(eq(orders.id, orderId));
  return row;
}

/** Units the order holds in warehouses of other branches than its pickup branch (they must be brought over). */
export async function unitsHeldElsewhere(db: Db, orderId: number, branchId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int` })
    .from(reservations)
    .innerJoin(warehouses, eq(warehouses.id, reservations.warehouseId))
    .where(
      and(
        eq(reservations.orderId, orderId),
        sql`${reservations.releasedAt} is null`,
        sql`${warehouses.branchId} <> ${branchId}`,
      ),
    );
  return row?.n ?? 0;
}

export async function insertPayment(
  tx: Db,
  payment: {
    id: string;
    orderId: number;
    provider: string;
    amount: number;
    idempotenceKey: string;
    returnUrl: string | null;
  },
): Promise<void> {
  await tx.insert(payments).values(payment);
}

export async function savePaymentCreated(
  db: Db,
  id: string,
  created: { externalId: string; confirmationUrl: string | null; raw: unknown },
): Promise<void> {
  await db
    .update(payments)
    .set({
      externalId: created.externalId,
      confirmationUrl: created.confirmationUrl,
      raw: created.raw,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, id));
}

/** Records a provider event; false when it was recorded before (a notification delivered twice). */
export async function recordPaymentEvent(
  tx: Db,
  event: { provider: string; eventKey: string; payload: unknown },
): Promise<boolean> {
  const fresh = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return fresh.length > 0;
}

/** Final statuses stay final: a late "pending" never reopens a settled payment. */
export async function updateOpenPayment(
  tx: Db,
  id: string,
  seen: { status: PaymentRow['status']; raw: unknown },
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: seen.status, raw: seen.raw, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), sql`${payments.status} not in ('succeeded', 'canceled')`));
}

/** Cancels the order's payments still open (the order expired). */
export async function cancelOpenPayments(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), sql`${payments.status} in ('pending', 'waiting_for_capture')`));
}

const orderStatusColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  isPaid: orders.isPaid,
  paymentType: orders.paymentType,
};

export async function findOrderStatus(db: Db, orderId: number) {
  const [order] = await db.select(orderStatusColumns).from(orders).where(eq(orders.id, orderId));
  return order;
}

/** An order the owner owns (a visitor's order stays visible to the user the visitor became), or undefined. */
export async function findOwnedOrderStatus(db: Db, owner: Owner, orderId: number) {
  const ownerCondition =
    'userId' in owner
      ? sql`(${orders.userId} = ${owner.userId} or exists (select 1 from anonymous_visitors v
              where v.id = ${orders.visitorId} and v.merged_into_user_id = ${owner.userId}))`
      : eq(orders.visitorId, owner.visitorId);
  const [order] = await db
    .select(orderStatusColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), ownerCondition));
  return order;
}

/** A paid amount that arrived after the order left awaiting payment (cancelled: staff refund or re-reserve; switched to pickup payment: nothing to take at the branch). */
export async function markOrderPaidLate(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ isPaid: true, paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** What the provider's payment needs of the order: number, status and the customer's contacts. */
export async function findOrderForPayment(db: Db, orderId: number) {
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      phone: orders.phone,
      email: orders.email,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** The order's lines for the 54-FZ receipt, in the order they were added. */
export async function findReceiptLines(db: Db, orderId: number) {
  return db
    .select(ORDER_LINE_COLUMNS)
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}
