import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex, boolean } from 'drizzle-orm/pg-core';

export const regions = pgTable('regions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  sort: integer().notNull().default(0),
});

export const cities = pgTable(
  'cities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    slug: text().notNull().unique(),
    title: text().notNull(),
    latitude: numeric({ precision: 9, scale: 6 }),
    longitude: numeric({ precision: 9, scale: 6 }),
    sort: integer().notNull().default(0),
  },
  (t) => [index('cities_region_idx').on(t.regionId)],
);

/** A pickup point ("филиал"). Coordinates travel as numeric strings, as the existing client expects. */
export const branches = pgTable(
  'branches',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    cityId: integer()
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    terminalCode: text().notNull().default(''),
    title: text().notNull(),
    street: text().notNull(),
    phoneNumber: text().notNull().default(''),
    email: text().notNull().default(''),
    description: text().notNull().default(''),
    workHours: text().notNull().default(''),
    latitude: numeric({ precision: 9, scale: 6 }).notNull(),
    longitude: numeric({ precision: 9, scale: 6 }).notNull(),
    isActive: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
  },
  (t) => [index('branches_city_idx').on(t.cityId)],
);

/** Each warehouse belongs to a branch; stock is counted per warehouse. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    address: text().notNull().default(''),
    /** The warehouse's Ид in 1C (Склад of offers.xml): stock from 1C lands here. */
    externalId: text(),
  },
  (t) => [
    uniqueIndex('warehouses_branch_uq').on(t.branchId, t.title),
    uniqueIndex('warehouses_external_uq')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);
