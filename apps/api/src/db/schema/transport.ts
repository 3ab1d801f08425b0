import { check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** car, truck, moto… — the {type} segment of the v2 transport URLs. */
export const vehicleTypes = pgTable('vehicle_types', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  sort: integer().notNull().default(0),
});

export const vehicleBrands = pgTable('vehicle_brands', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  title: text().notNull(),
});

export const vehicleModels = pgTable(
  'vehicle_models',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => vehicleBrands.id, { onDelete: 'cascade' }),
    typeId: integer()
      .notNull()
      .references(() => vehicleTypes.id, { onDelete: 'restrict' }),
    slug: text().notNull(),
    title: text().notNull(),
  },
  (t) => [uniqueIndex('vehicle_models_brand_slug_uq').on(t.brandId, t.slug)],
);

export const engines = pgTable('engines', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  /** Display title, e.g. '1.6 (106 л.с.)'. */
  title: text().notNull(),
  fuel: text().notNull().default('petrol'),
  volumeL: text().notNull().default(''),
  powerHp: integer(),
});

/** One concrete vehicle a customer can select: model generation × engine × production years. */
export const transports = pgTable(
  'transports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    modelId: integer()
      .notNull()
      .references(() => vehicleModels.id, { onDelete: 'cascade' }),
    engineId: integer()
      .notNull()
      .references(() => engines.id, { onDelete: 'restrict' }),
    generation: text().notNull().default(''),
    yearFrom: smallint().notNull(),
    yearTo: smallint().notNull(),
  },
  (t) => [
    uniqueIndex('transports_model_engine_years_uq').on(t.modelId, t.engineId, t.yearFrom, t.yearTo),
    check('transports_years', sql`${t.yearFrom} <= ${t.yearTo}`),
  ],
);

/** One row per production year, so year → brand → model → engine walks are index lookups. */
export const transportYears = pgTable(
  'transport_years',
  {
    transportId: integer()
      .notNull()
      .references(() => transports.id, { onDelete: 'cascade' }),
    year: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.transportId] }),
    index('transport_years_transport_idx').on(t.transportId),
  ],
);
