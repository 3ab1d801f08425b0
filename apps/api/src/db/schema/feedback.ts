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
    status: text({ enum: ['new', 'done'] })
      .notNull()
      .default('new'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_status_created_idx').on(t.status, t.createdAt.desc())],
);
