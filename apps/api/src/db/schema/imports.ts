import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from './catalog';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * One import of a file staff uploaded (fitment, analogues…), run by the job engine. The file is kept under
 * DATA_DIR; the run applies it in batches, each batch in one transaction that also moves `lines_done`,
 * `errors_count` and `summary` forward — so after a crash the run resumes from `lines_done` with nothing applied
 * twice or half.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** `fitment` | `analogues` | `price-list`. */
    kind: text().notNull(),
    /** The supplier whose price list this is (kind `price-list`). */
    supplierId: integer().references(() => suppliers.id, { onDelete: 'cascade' }),
    /** What the run was started with (a price list: the supplier's settings as they were), for a resumed run. */
    options: jsonb().$type<Record<string, unknown>>(),
    /** queued → running → done | failed. */
    status: text().notNull().default('queued'),
    fileName: text().notNull(),
    /** Path of the stored file relative to DATA_DIR. */
    filePath: text().notNull(),
    /** Data lines of the file (the header not counted); known once the file is read through, null before. */
    linesTotal: integer(),
    /** Data lines committed: the checkpoint a resumed run starts after. */
    linesDone: integer().notNull().default(0),
    errorsCount: integer().notNull().default(0),
    /** Counts of what the run changed (`added`, `existing`, `matched`…), kept with each batch. */
    summary: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Why the whole run failed (an unreadable file…), in Russian. */
    failure: text(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Moved by every batch: a running run not updated for long was left by a process that stopped. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_runs_created_idx').on(t.createdAt),
    check('import_runs_status', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** A line of an import that was not applied: where, what, and why (Russian, for the error report). */
export const importErrors = pgTable(
  'import_errors',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    importId: integer()
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    /** Line of the file, the header being line 1. */
    line: integer().notNull(),
    value: text().notNull(),
    reason: text().notNull(),
  },
  (t) => [index('import_errors_import_idx').on(t.importId, t.line)],
);

/**
 * A price-list line that matched no product (its brand is unknown, or the brand has no product with the article):
 * kept per import for the «не сопоставлено» report, so a manager can add the product or a brand synonym.
 */
export const priceListUnmatched = pgTable(
  'price_list_unmatched',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    importId: integer()
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    article: text().notNull(),
    brand: text().notNull(),
    title: text().notNull().default(''),
    price: money().notNull(),
    quantity: integer(),
    /** `brand` (no manufacturer by this name or synonym) | `article` (the brand has no such article). */
    reason: text().notNull(),
  },
  (t) => [
    index('price_list_unmatched_import_idx').on(t.importId, t.line),
    check('price_list_unmatched_reason', sql`${t.reason} in ('brand', 'article')`),
  ],
);
