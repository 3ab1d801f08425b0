import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '@podbor/contract/constants';
import { money, products } from './catalog';
import { branches, warehouses } from './branches';
import { suppliers } from './suppliers';
import { showcases } from './showcase';
import { transports } from './transport';
import { anonymousVisitors, users } from './users';

export const paymentMethods = pgTable('payment_methods', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  title: text().notNull(),
  type: text({ enum: ['CARD', 'CASH'] }).notNull(),
  /** Provider adapter: cash | sandbox | yookassa. */
  gateway: text().notNull(),
  description: text().notNull().default(''),
  icons: text().notNull().default(''),
  sort: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
});

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The customer-facing 9-digit order number. */
    number: text().notNull().unique(),
    showcaseId: integer().references(() => showcases.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    visitorId: integer().references(() => anonymousVisitors.id, { onDelete: 'set null' }),
    status: text({ enum: ORDER_STATUSES }).notNull().default('new'),
    placementType: text({ enum: ['CART', 'BUY_NOW'] })
      .notNull()
      .default('CART'),
    paymentType: text({ enum: ['CARD', 'CASH'] }).notNull(),
    paymentMethodId: integer()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    transportId: integer().references(() => transports.id, { onDelete: 'set null' }),
    name: text().notNull(),
    phone: text().notNull(),
    email: text().notNull().default(''),
    comment: text().notNull().default(''),
    /** 152-FZ: when the customer consented to personal-data processing (null for older clients that do not send it). */
    consentAt: timestamp({ withTimezone: true }),
    itemsPrice: money().notNull(),
    installationPrice: money().notNull().default(0),
    totalPrice: money().notNull(),
    isPaid: boolean().notNull().default(false),
    paidAt: timestamp({ withTimezone: true }),
    /** Unpaid online orders release their reservation after this moment. */
    expiresAt: timestamp({ withTimezone: true }),
    /**
     * When units taken from another branch's warehouse are ready at the order's branch (issue #17), computed at
     * order time from the branches' opening hours; null: everything was at the branch (or came «под заказ»).
     */
    pickupReadyAt: timestamp({ withTimezone: true }),
    /** The address the order was placed from: open unpaid orders are limited per address too. */
    clientIp: text(),
    /**
     * Bumped by every change of the order: the back office sends the version it showed, so a second manager
     * changing the same order gets a conflict instead of overwriting the first one's change.
     */
    version: integer().notNull().default(1),
    /**
     * The `version` 1C last confirmed taking (type=sale&mode=success); null = never taken. The order goes to 1C
     * again whenever its version moves past this one.
     */
    exchangedVersion: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The back office's order desk: newest first, within a status and/or a branch.
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_branch_status_created_idx').on(t.branchId, t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_phone_idx').on(t.phone),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_visitor_idx').on(t.visitorId),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    // What the 1C exchange still has to send: orders never taken or changed since.
    index('orders_exchange_pending_idx')
      .on(t.id)
      .where(sql`${t.exchangedVersion} is null or ${t.exchangedVersion} <> ${t.version}`),
    // Only the open unpaid orders of an address are ever counted (OPEN_ORDERS_PER_IP).
    index('orders_open_client_ip_idx')
      .on(t.clientIp)
      .where(sql`${t.status} in ('new', 'awaiting_payment', 'assembling', 'ready') and not ${t.isPaid}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    vendorCode: text().notNull().default(''),
    price: money().notNull(),
    quantity: integer().notNull(),
    withInstallation: boolean().notNull().default(false),
    installationPrice: money().notNull().default(0),
    isService: boolean().notNull().default(false),
    /** Ordered from this supplier's offer «под заказ»; null = from the shop's own stock. */
    supplierId: integer().references(() => suppliers.id, { onDelete: 'set null' }),
    /** The supplier's price at the time of the order (the offer's purchase price). */
    purchasePrice: money(),
    /** Delivery term of the offer at the time of the order, days. */
    deliveryDays: integer(),
    /** When the line is expected at the branch (order date + delivery days); null for own stock. */
    expectedAt: date({ mode: 'string' }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity', sql`${t.quantity} >= 1`),
  ],
);

/** Stock held for an order, per warehouse; released_at is set when the order is cancelled or expires. */
export const reservations = pgTable(
  'reservations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_order_idx').on(t.orderId),
    check('reservations_quantity', sql`${t.quantity} > 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    externalId: text(),
    status: text({ enum: ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] })
      .notNull()
      .default('pending'),
    amount: money().notNull(),
    confirmationUrl: text(),
    /** Where the browser returns after paying, chosen by the client host that placed the order; null = storefront. */
    returnUrl: text(),
    idempotenceKey: text().notNull(),
    raw: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_external_uq')
      .on(t.provider, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/** Provider notifications already applied: a webhook delivered twice changes nothing the second time. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    provider: text().notNull(),
    eventKey: text().notNull(),
    payload: jsonb(),
    processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.provider, t.eventKey)],
);

/** Idempotency-Key of order creation, scoped to the caller (user or visitor). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: smallint(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.scope, t.key)],
);
