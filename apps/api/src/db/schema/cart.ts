import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { suppliers } from './suppliers';
import { transports } from './transport';
import { anonymousVisitors, users } from './users';

/** A cart belongs to a user or to an anonymous visitor, never both. */
export const carts = pgTable(
  'carts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    visitorId: integer().references(() => anonymousVisitors.id, { onDelete: 'cascade' }),
    transportId: integer().references(() => transports.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('carts_visitor_uq')
      .on(t.visitorId)
      .where(sql`${t.visitorId} is not null`),
    check('carts_owner', sql`(${t.userId} is null) <> (${t.visitorId} is null)`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    withInstallation: boolean().notNull().default(false),
    isChecked: boolean().notNull().default(true),
    /** Ordered from this supplier's offer «под заказ»; null = from the shop's own stock. */
    supplierId: integer().references(() => suppliers.id, { onDelete: 'set null' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_uq').on(t.cartId, t.productId),
    check('cart_items_quantity', sql`${t.quantity} between 1 and 999`),
  ],
);
