import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { warehouses } from './branches';
import { products } from './catalog';

/**
 * quantity = physically on hand; reserved = held by unpaid/unfinished orders.
 * Available = quantity - reserved, never negative (checked by the database, not only by code).
 */
export const stock = pgTable(
  'stock',
  {
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.productId] }),
    index('stock_product_idx').on(t.productId),
    check(
      'stock_non_negative',
      sql`${t.quantity} >= 0 AND ${t.reserved} >= 0 AND ${t.reserved} <= ${t.quantity}`,
    ),
  ],
);
