import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What staff did, and to what: one row per action (an order's hold released, …). Written in the transaction of
 * the action itself, so the log never claims what did not happen. The back office reads it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Who did it; kept as null if the account is ever deleted. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** `<entity>.<verb>`, e.g. `order.release`. */
    action: text().notNull(),
    /** What it was done to: a table-like name (`order`) and that row's key as text. */
    entity: text().notNull(),
    entityId: text().notNull(),
    /** The details: reason, status before, quantities… */
    data: jsonb().notNull().default({}),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.at), index('audit_log_at_idx').on(t.at)],
);
