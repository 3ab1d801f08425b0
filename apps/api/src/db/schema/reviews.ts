import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null only for imported/demo reviews whose author has no account here. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    authorFirstName: text().notNull().default(''),
    authorLastName: text().notNull().default(''),
    grade: smallint().notNull(),
    comment: text(),
    /** Shown on the product page and counted in its rating (a hidden review is not). */
    isPublished: boolean().notNull().default(true),
    /**
     * Post-moderation (issue #14): a review is shown at once and waits as `new` until staff publish it (checked)
     * or hide it with a reason.
     */
    moderation: text({ enum: ['new', 'published', 'hidden'] })
      .notNull()
      .default('new'),
    hiddenReason: text().notNull().default(''),
    moderatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp({ withTimezone: true }),
    /** The shop's reply, shown under the review. */
    reply: text(),
    replyAt: timestamp({ withTimezone: true }),
    /** An imported review known to come from a buyer; a customer's own review is a buyer's when they have paid or collected an order with the product. */
    isVerifiedBuyer: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_uq')
      .on(t.productId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('reviews_product_created_idx').on(t.productId, t.createdAt.desc()),
    index('reviews_moderation_created_idx').on(t.moderation, t.createdAt.desc()),
    check('reviews_grade', sql`${t.grade} between 1 and 5`),
  ],
);
