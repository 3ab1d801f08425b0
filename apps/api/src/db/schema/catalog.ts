import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
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
import { vehicleTypes } from './transport';
import { cities } from './branches';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Money is numeric(12,2) in the database and a JS number at the edges (roubles with kopecks). */
export const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });

export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text().notNull().unique(),
    title: text().notNull(),
    description: text().notNull().default(''),
    image: text(),
    /** Depth from the root (0) and the slug chain root→self, kept in step by the writers to make paths cheap. */
    depth: integer().notNull().default(0),
    path: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sort: integer().notNull().default(0),
    isService: boolean().notNull().default(false),
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    /** Hidden by staff: the category and its whole subtree are left out of the storefront (products keep their data). */
    isHidden: boolean().notNull().default(false),
    /** The group's Ид in 1C (CommerceML exchange, issue #15); null for categories made on the site. */
    externalId: text(),
  },
  (t) => [
    index('categories_parent_idx').on(t.parentId, t.sort),
    uniqueIndex('categories_external_uq')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/**
 * Active products per category — all, and the universal ones among them — for the category tree's counts, as
 * rows of changes: a category's count is the sum of its rows. Statement-level triggers on `products` append one
 * row per category a statement changed (migration 0021), so concurrent writers never wait for one another, and
 * housekeeping folds the rows into one per category. Reading the tree never counts the products table: that took
 * 160–270 ms at 1,000,000 products, once a minute and after every catalogue write (issue #18).
 */
export const categoryProductCounts = pgTable('category_product_counts', {
  categoryId: integer()
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  total: integer().notNull(),
  universal: integer().notNull(),
});

export const manufacturers = pgTable(
  'manufacturers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    description: text().notNull().default(''),
    country: text().notNull().default(''),
    logo: text(),
    /** The manufacturer's Ид in 1C (Изготовитель of a product); null when made on the site. */
    externalId: text(),
  },
  (t) => [
    uniqueIndex('manufacturers_external_uq')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    /** Manufacturer part number as printed ("vendor_code" on the wire). */
    article: text().notNull(),
    /** Article with case, spaces, dashes, dots and slashes removed: what search compares. */
    articleNormalized: text().notNull(),
    manufacturerId: integer().references(() => manufacturers.id, { onDelete: 'restrict' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    price: money().notNull(),
    oldPrice: money(),
    images: jsonb().$type<string[]>().notNull().default([]),
    description: text().notNull().default(''),
    installation: text().notNull().default(''),
    faq: jsonb().$type<{ question: string; answer: string }[]>().notNull().default([]),
    isService: boolean().notNull().default(false),
    /** Fits every vehicle (oils, accessories…): no fitment rows needed. */
    isUniversal: boolean().notNull().default(false),
    /** Installation can be ordered with this product. */
    withInstallation: boolean().notNull().default(false),
    isPopular: boolean().notNull().default(false),
    /** Sales-based score used by sort=popular. */
    popularity: integer().notNull().default(0),
    ratingAvg: numeric({ precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The product's Ид in 1C (Товар/Ид, without the characteristic part); null when made on the site. */
    externalId: text(),
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('russian', coalesce(${products.title}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${products.articleNormalized}, '')), 'A')`,
    ),
  },
  (t) => [
    index('products_category_popular_idx').on(t.categoryId, t.popularity.desc(), t.id),
    // Listing, facets and category counts read only these columns of active products: with all of them in one
    // narrow index the scan of a category never touches the wide heap rows (index-only scan).
    index('products_listing_idx')
      .on(
        t.categoryId,
        t.popularity.desc(),
        t.id,
        t.price,
        t.isUniversal,
        t.ratingAvg,
        t.ratingCount,
        t.createdAt,
      )
      .where(sql`${t.isActive}`),
    // The universal products of a category (they fit every vehicle): the second half of a vehicle's listing.
    index('products_universal_listing_idx')
      .on(t.categoryId, t.popularity.desc(), t.id, t.price, t.ratingAvg, t.ratingCount, t.createdAt)
      .where(sql`${t.isActive} and ${t.isUniversal}`),
    // Per-vehicle category counts look up each fitted product's category: index-only, no heap row.
    index('products_fitment_lookup_idx')
      .on(t.id, t.categoryId, t.isUniversal)
      .where(sql`${t.isActive}`),
    index('products_category_price_idx').on(t.categoryId, t.price, t.id),
    // A category's listing without a vehicle reads each category of the subtree in the order asked and stops at the
    // page (issue #18): by popularity products_listing_idx, by price products_category_price_idx, these two for
    // the newest and the best rated.
    index('products_category_new_idx')
      .on(t.categoryId, t.createdAt.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('products_category_rating_idx')
      .on(t.categoryId, t.ratingAvg.desc(), t.ratingCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    // A uniform sample of a category's active products — its first rows in the order of the id's hash — from which
    // a listing estimates a total too large to count one by one (issue #18), and cuts the pages of a category it
    // holds whole. id, price and popularity make it index-only.
    index('products_sample_idx')
      .on(t.categoryId, sql`hashint4(${t.id})`, t.id, t.price, t.popularity)
      .where(sql`${t.isActive}`),
    index('products_manufacturer_idx').on(t.manufacturerId),
    index('products_article_norm_idx').on(t.articleNormalized),
    index('products_search_idx').using('gin', t.search),
    index('products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('products_article_trgm_idx').using('gin', sql`${t.articleNormalized} gin_trgm_ops`),
    check('products_price_positive', sql`${t.price} >= 0`),
    uniqueIndex('products_external_uq')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/**
 * Search's spelling dictionary: the distinct letter-only lexemes of the active products' search vectors (Russian
 * stems such as 'колодк', 'передн', brand words such as 'bosch') with the number of products holding each.
 * A query word whose stem is not a prefix of any of them is corrected to the nearest one ('калодки' → 'колодк').
 * Filled by `refreshSearchWords` (seed, migration 0003); a few thousand rows even for a large catalogue.
 * The trigram GiST index answers "nearest words" (`order by word <-> $1`) without reading the whole table.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text().primaryKey(),
    ndoc: integer().notNull(),
  },
  (t) => [index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)],
);

/** Filterable properties ("Характеристики"); type decides the filter widget. */
export const properties = pgTable(
  'properties',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    type: text({ enum: ['CHECKBOX', 'RANGE', 'RADIO'] })
      .notNull()
      .default('CHECKBOX'),
    unit: text().notNull().default(''),
    /** The property's Ид in 1C (Классификатор/Свойства); null when made on the site. */
    externalId: text(),
  },
  (t) => [
    uniqueIndex('properties_external_uq')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const propertyValues = pgTable(
  'property_values',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    title: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('property_values_uq').on(t.propertyId, t.value)],
);

/** Which properties are offered as filters on a category page, in order. */
export const categoryProperties = pgTable(
  'category_properties',
  {
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.propertyId] })],
);

/** A product's value of a property: a listed value (CHECKBOX/RADIO) or a number (RANGE). */
export const productPropertyValues = pgTable(
  'product_property_values',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    valueId: integer().references(() => propertyValues.id, { onDelete: 'cascade' }),
    numValue: numeric({ precision: 14, scale: 3, mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.propertyId] }),
    index('ppv_value_idx').on(t.valueId, t.productId),
    // product_id included so range filters and facet bounds are index-only scans.
    index('ppv_property_num_idx').on(t.propertyId, t.numValue, t.productId),
  ],
);

/**
 * Cross-references: the same part under other makers' numbers. A row (A, B) lists B among A's analogues; a two-way
 * pair is stored as both rows, a one-way one (B replaces A, not the other way round) as its own row only.
 */
export const analogues = pgTable(
  'analogues',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    analogueId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The analogue is the vehicle maker's original part. */
    isOriginal: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.analogueId] }),
    // The rows pointing at a product: the product editor's two-way removal, cascading deletes.
    index('analogues_analogue_idx').on(t.analogueId),
    check('analogues_not_self', sql`${t.productId} <> ${t.analogueId}`),
  ],
);

/** Installation price table: category × city × vehicle type; a null city or type is the fallback row. */
export const installationPrices = pgTable(
  'installation_prices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    cityId: integer().references(() => cities.id, { onDelete: 'cascade' }),
    vehicleTypeId: integer().references(() => vehicleTypes.id, { onDelete: 'cascade' }),
    price: money().notNull(),
  },
  (t) => [
    uniqueIndex('installation_prices_uq').on(
      t.categoryId,
      sql`coalesce(${t.cityId}, 0)`,
      sql`coalesce(${t.vehicleTypeId}, 0)`,
    ),
  ],
);
