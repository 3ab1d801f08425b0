import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PriceListSettings } from '@podbor/contract';
import { manufacturers, money, products } from './catalog';

// Suppliers and their offers (issue #15). A supplier sends a price list every day; its lines that match a product
// (article by the search normalisation, brand through the synonym table) become that product's offers «под заказ»:
// the supplier's price with the shop's markup, quantity and delivery term. Own stock in branches stays in `stock`.

export const suppliers = pgTable(
  'suppliers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    /** How its price list is read: the column mapping and the file options (contract `priceListSettings`). */
    settings: jsonb().$type<PriceListSettings>(),
    /** Delivery term for lines whose file gives none (days from the order to the branch). */
    defaultDeliveryDays: integer().notNull().default(3),
    /** An inactive supplier's offers are not shown nor sold; its price lists are not imported. */
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppliers_title_uq').on(sql`lower(${t.title})`),
    check('suppliers_delivery_days', sql`${t.defaultDeliveryDays} between 0 and 365`),
  ],
);

/**
 * Other names of a manufacturer in price lists (KAYABA → KYB). `aliasKey` is the alias as `brandKey` writes it
 * (upper case, letters and digits only), so one spelling maps to one manufacturer. The built-in table of the
 * readers (DEFAULT_BRAND_SYNONYMS) comes first; these rows are the shop's own additions.
 */
export const brandSynonyms = pgTable(
  'brand_synonyms',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    manufacturerId: integer()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    alias: text().notNull(),
    aliasKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brand_synonyms_alias_uq').on(t.aliasKey),
    index('brand_synonyms_manufacturer_idx').on(t.manufacturerId),
  ],
);

/**
 * Markup on a supplier's price: `percent` over the purchase price. A rule may be narrowed to a supplier, to a
 * brand and to a band of purchase prices [price_from, price_to); the most specific rule that fits a line wins
 * (supplier and brand over supplier over brand over all; then the narrower band). No rule: the price as is.
 */
export const markupRules = pgTable(
  'markup_rules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    supplierId: integer().references(() => suppliers.id, { onDelete: 'cascade' }),
    manufacturerId: integer().references(() => manufacturers.id, { onDelete: 'cascade' }),
    priceFrom: money(),
    priceTo: money(),
    percent: numeric({ precision: 7, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('markup_rules_percent', sql`${t.percent} > -100 and ${t.percent} <= 10000`),
    check(
      'markup_rules_band',
      sql`${t.priceFrom} is null or ${t.priceTo} is null or ${t.priceFrom} < ${t.priceTo}`,
    ),
  ],
);

/**
 * A supplier's offer of a product: one per supplier and product (the cheapest line when a price list repeats it).
 * `importId` is the price-list import that last wrote it: a finished import drops the supplier's offers that an
 * earlier import wrote and this one no longer has.
 */
export const supplierOffers = pgTable(
  'supplier_offers',
  {
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The supplier's price, roubles. */
    purchasePrice: money().notNull(),
    /** The customer's price: purchase price with the markup rule applied, roubles. */
    price: money().notNull(),
    /** Units the supplier has. */
    quantity: integer().notNull(),
    /** Days from the order to the branch. */
    deliveryDays: integer().notNull(),
    /** Sold in multiples of this. */
    multiplicity: integer().notNull().default(1),
    /** The supplier's article and brand as its file writes them. */
    supplierArticle: text().notNull(),
    supplierBrand: text().notNull(),
    /** import_runs.id of the import that last wrote the offer (no foreign key: old runs may be cleaned up). */
    importId: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.productId] }),
    // The best offer of a product: the cheapest, then the fastest.
    index('supplier_offers_product_idx').on(t.productId, t.price, t.deliveryDays),
    index('supplier_offers_supplier_import_idx').on(t.supplierId, t.importId),
    check(
      'supplier_offers_values',
      sql`${t.price} > 0 and ${t.purchasePrice} > 0 and ${t.quantity} >= 0 and ${t.deliveryDays} between 0 and 365 and ${t.multiplicity} >= 1`,
    ),
  ],
);
