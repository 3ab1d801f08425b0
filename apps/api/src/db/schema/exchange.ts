import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A session of the 1C exchange (CommerceML 2 over HTTP, issue #15): opened by `mode=checkauth` with a staff
 * account's Basic credentials, named by the cookie 1C sends back on every later call. Kept in the database so any
 * API process (and one restarted mid-exchange) carries on the same session.
 */
export const exchangeSessions = pgTable(
  'exchange_sessions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** SHA-256 of the cookie's value: a leaked table opens no session. */
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `catalog` or `sale`, as asked at checkauth. */
    type: text({ enum: ['catalog', 'sale'] }).notNull(),
    /** Orders handed out by the last `type=sale&mode=query`: [order id, version], confirmed by `mode=success`. */
    saleSent: jsonb().$type<[number, number][]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('exchange_sessions_token_uq').on(t.tokenHash),
    index('exchange_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One `mode=import` of one file in a session: read into `exchange_staging` first (the whole file, so a broken
 * one applies nothing), then applied in batches, each in one transaction that also moves `applied` — the
 * checkpoint a later call (of any process) resumes from.
 */
export const exchangeImports = pgTable(
  'exchange_imports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    sessionId: integer()
      .notNull()
      .references(() => exchangeSessions.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    /** `staged` (read, not applied yet) → `applying` → `done`, or `failed`. */
    status: text({ enum: ['staged', 'applying', 'done', 'failed'] }).notNull(),
    /** Records read from the file, and how many of them are applied. */
    staged: integer().notNull().default(0),
    applied: integer().notNull().default(0),
    /** What the file said of itself: full package or changes only, its catalogue's Ид, the chosen price type… */
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The reason of a failure, or the warnings of a success (unknown warehouses…), in Russian. */
    message: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_imports_file_uq').on(t.sessionId, t.filename)],
);

/** The records of a file being imported, in file order (groups before products, warehouses before offers). */
export const exchangeStaging = pgTable(
  'exchange_staging',
  {
    importId: integer()
      .notNull()
      .references(() => exchangeImports.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    kind: text().notNull(),
    data: jsonb().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.seq] }),
    // "Is this 1C id in the package?" — what a full package asks of every 1C product when it finishes.
    index('exchange_staging_external_idx').on(t.importId, t.kind, sql`(${t.data}->>'id')`),
  ],
);
