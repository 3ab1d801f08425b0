import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { showcases } from './showcase';
import { transports } from './transport';
import { anonymousVisitors, users } from './users';

export const feedback = pgTable(
  'feedback',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    showcaseId: integer().references(() => showcases.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    visitorId: integer().references(() => anonymousVisitors.id, { onDelete: 'set null' }),
    type: text({ enum: ['CONSULTATION', 'HELP', 'SPECIAL_OFFER'] }).notNull(),
    name: text().notNull(),
    phone: text().notNull(),
    message: text().notNull(),
    source: text().notNull().default(''),
    transportId: integer().references(() => transports.id, { onDelete: 'set null' }),
    /** new → taken (a manager is on it) → done (issue #14's callback desk). */
    status: text({ enum: ['new', 'taken', 'done'] })
      .notNull()
      .default('new'),
    /** The staff member who took the request, and when; kept when it is done. */
    takenBy: integer().references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamp({ withTimezone: true }),
    doneAt: timestamp({ withTimezone: true }),
    /** The staff's note on the call (what was agreed, why it could not be reached…). */
    staffNote: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_status_created_idx').on(t.status, t.createdAt.desc()),
    // The callback desk's summary reads the latest change (max(updated_at)) every second from every staff screen.
    index('feedback_updated_idx').on(t.updatedAt),
  ],
);
