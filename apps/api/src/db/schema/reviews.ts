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
    isPublished: boolean().notNull().default(true),
    /** An imported review known to come from a buyer; a customer's own review is a buyer's when they have paid or collected an order with the product. */
    isVerifiedBuyer: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_uq')
      .on(t.productId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('reviews_product_created_idx').on(t.productId, t.createdAt.desc()),
    check('reviews_grade', sql`${t.grade} between 1 and 5`),
  ],
);
