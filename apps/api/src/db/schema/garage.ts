import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { transports } from './transport';
import { users } from './users';

/**
 * The garage (issue #17): a signed-in customer's vehicles, at most GARAGE_MAX_VEHICLES each (the service checks it
 * under a lock on the user row). The chosen vehicle is still the storefront's `transportId` cookie; these are the
 * vehicles it is switched between.
 */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A vehicle that leaves the catalogue leaves the garage with it (nothing could be chosen for it). */
    transportId: integer()
      .notNull()
      .references(() => transports.id, { onDelete: 'cascade' }),
    /** The customer's name for it, 1–40 characters («Рабочая Granta»). */
    name: text().notNull(),
    /** VIN or FRAME number, normalised by the contract's vehicle-code rules; null when not given. */
    vin: text(),
    /** Kilometres, 0–2,000,000; null when not given. */
    mileage: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('garage_vehicles_user_idx').on(t.userId, t.id),
    check('garage_vehicles_mileage_ck', sql`${t.mileage} IS NULL OR ${t.mileage} BETWEEN 0 AND 2000000`),
  ],
);
