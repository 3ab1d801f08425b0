import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { money, products } from './catalog';
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
    /**
     * The product's popularity and price, and whether it is listed by fitment (active and not universal), copied
     * here by the same triggers (migration 0019) so a vehicle's listing reads its fitted products in the order a
     * page asks for and stops at the page (issue #18), instead of reading every fitted product to sort them.
     */
    popularity: integer().notNull().default(0),
    price: money().notNull().default(0),
    listed: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.transportId] }),
    index('product_transports_transport_idx').on(t.transportId, t.productId),
    // A vehicle's page by popularity or by price within one category: an index range read in order (issue #18).
    // The first serves every other read of a vehicle's listed products by category too (the tree's counts, facets,
    // the maintenance kits): product_transports_category_idx was dropped for it (migration 0020), one index fewer
    // to build over millions of fitment rows.
    index('product_transports_popular_idx')
      .on(t.transportId, t.categoryId, t.popularity.desc(), t.productId, t.price)
      .where(sql`${t.listed}`),
    index('product_transports_price_idx')
      .on(t.transportId, t.categoryId, t.price, t.productId)
      .where(sql`${t.listed}`),
    // A uniform sample of a vehicle's fitted products of a category (hash order of the product id), from which a
    // listing estimates a total too large to count one by one, and cuts the pages of a scope it holds whole (price
    // and popularity make it index-only).
    index('product_transports_sample_idx')
      .on(t.transportId, t.categoryId, sql`hashint4(${t.productId})`, t.productId, t.price, t.popularity)
      .where(sql`${t.listed}`),
  ],
);

/**
 * A vehicle's listed fitted products per category (the tree's and the listing's counts for a vehicle), as rows of
 * changes like category_product_counts: the count is the sum of a (vehicle, category)'s rows. Kept by triggers on
 * product_transports (migration 0022): inserts and deletes append one row per (vehicle, category) a statement
 * changed; an update appends only when a row's category or `listed` changes (a price or popularity copy, the
 * common bulk change, appends nothing). Housekeeping folds the rows. Before, a vehicle's counts were counted from
 * its fitment rows — 31,695 rows for one vehicle at 1,000,000 products — on each first use and after every
 * catalogue write (issue #18). No foreign keys: bulk loads append without locking vehicles or categories, and rows
 * of a deleted vehicle are never read.
 */
export const transportCategoryCounts = pgTable(
  'transport_category_counts',
  {
    transportId: integer().notNull(),
    categoryId: integer().notNull(),
    found: integer().notNull(),
  },
  (t) => [index('transport_category_counts_transport_idx').on(t.transportId, t.categoryId)],
);
