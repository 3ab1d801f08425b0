import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { transports } from './transport';

/** Fitment: the part fits this vehicle. Products with is_universal fit every vehicle and have no rows here. */
export const productTransports = pgTable(
  'product_transports',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    transportId: integer()
      .notNull()
      .references(() => transports.id, { onDelete: 'cascade' }),
    /**
     * The product's category, copied here so a vehicle's listing in a category starts from that vehicle's fitted
     * products of the category (an index range) instead of testing every product of the category. Written by the
     * database itself (trigger product_transports_category, migration 0004) on insert and whenever the product
     * moves to another category; whatever an INSERT gives for it is replaced.
     */
    categoryId: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.transportId] }),
    index('product_transports_transport_idx').on(t.transportId, t.productId),
    index('product_transports_category_idx').on(t.transportId, t.categoryId, t.productId),
  ],
);
