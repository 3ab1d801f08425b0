import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  branches,
  cities,
  garageVehicles,
  orders,
  payments,
  showcases,
  transports,
  users,
} from '../../db/schema';
import { findOrderLines } from '../../lib/order-lines';

export async function findProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      isActive: users.isActive,
      firstName: users.firstName,
      lastName: users.lastName,
      patronymic: users.patronymic,
      phoneNumber: users.phoneNumber,
      dateOfBirthday: users.dateOfBirthday,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      dateJoined: users.dateJoined,
      transportId: users.transportId,
      role: users.role,
      passwordHash: users.passwordHash,
      cityTitle: cities.title,
      citySlug: cities.slug,
    })
    .from(users)
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function findCityId(db: Db, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, slug)).limit(1);
  return row?.id;
}

export async function transportExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: transports.id }).from(transports).where(eq(transports.id, id)).limit(1);
  return Boolean(row);
}

export async function updateUser(
  db: Db,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.id, userId));
}

export interface OrderFilters {
  userId: number;
  after?: Date;
  /** Exclusive upper bound. */
  before?: Date;
  /** Digits to find inside the order number… */
  number?: string;
  /** …or an order id the search names exactly (older clients show customers the id). */
  id?: number;
  ascending: boolean;
  page: number;
  size: number;
}

export async function listOrders(db: Db, f: OrderFilters) {
  const where: SQL[] = [eq(orders.userId, f.userId)];
  if (f.after) where.push(gte(orders.createdAt, f.after));
  if (f.before) where.push(lt(orders.createdAt, f.before));
  if (f.number !== undefined) {
    const byNumber = ilike(orders.number, `%${f.number}%`);
    where.push(f.id !== undefined ? or(byNumber, eq(orders.id, f.id))! : byNumber);
  }
  const condition = and(...where);
  const [total] = await db.select({ n: count() }).from(orders).where(condition);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      totalPrice: orders.totalPrice,
      status: orders.status,
      isPaid: orders.isPaid,
      pickupReadyAt: orders.pickupReadyAt,
      // Spelled out: inside a select list drizzle leaves columns unqualified, which would bind to the subquery.
      productsCount:
        sql`(select count(*)::int from order_items oi where oi.order_id = "orders"."id")`.mapWith(Number),
    })
    .from(orders)
    .where(condition)
    .orderBy(
      f.ascending ? asc(orders.createdAt) : desc(orders.createdAt),
      f.ascending ? asc(orders.id) : desc(orders.id),
    )
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  return { total: Number(total?.n ?? 0), rows };
}

/** The lines of these orders in one query, each order's in the order they were added. */

export async function findOrder(db: Db, userId: number, orderId: number) {
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      placementType: orders.placementType,
      paymentType: orders.paymentType,
      isPaid: orders.isPaid,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      totalPrice: orders.totalPrice,
      comment: orders.comment,
      pickupReadyAt: orders.pickupReadyAt,
      showcase: showcases.title,
      branchTitle: branches.title,
      branchStreet: branches.street,
      transportId: orders.transportId,
      /** The customer's garage holds the order's vehicle already (issue #17). */
      inGarage: sql<boolean>`exists (select 1 from ${garageVehicles} where ${garageVehicles.userId} = ${userId} and ${garageVehicles.transportId} = ${orders.transportId})`,
    })
    .from(orders)
    .leftJoin(showcases, eq(showcases.id, orders.showcaseId))
    .innerJoin(branches, eq(branches.id, orders.branchId))
    // The storefront links an order by its 9-digit number; older clients by id. The number wins a tie.
    .where(and(or(eq(orders.number, String(orderId)), eq(orders.id, orderId)), eq(orders.userId, userId)))
    .orderBy(sql`(${orders.number} = ${String(orderId)}) desc`)
    .limit(1);
  if (!order) return undefined;
  const [items, [payment]] = await Promise.all([
    findOrderLines(db, [order.id]),
    db
      .select({
        externalId: payments.externalId,
        status: payments.status,
        confirmationUrl: payments.confirmationUrl,
      })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(desc(payments.createdAt))
      .limit(1),
  ]);
  return { order, items, payment };
}
