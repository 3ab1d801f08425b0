import { sql, type SQL } from 'drizzle-orm';
import type { ReviewItem, ReviewsResponse } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgIso, pgNumber } from '../../db/sql';

/** A review as the API answers it (the row is already the item). */
const reviewRow = z.object({
  id: pgNumber,
  grade: pgNumber,
  comment: z.string().nullable(),
  created_at: pgIso,
  first_name: z.string(),
  last_name: z.string(),
  is_buyer: z.boolean(),
  reply: z.string().nullable(),
  reply_at: pgIso.nullable(),
}) satisfies z.ZodType<ReviewItem>;

const productRow = z.object({ id: pgNumber, rating_avg: pgNumber, rating_count: pgNumber });
const countRow = z.object({ n: pgNumber });
const authorRow = z.object({ first_name: z.string(), last_name: z.string() });

/**
 * A review is a buyer's when it was imported as one, or when its author has paid for or collected an order with
 * the product (an order placed and cancelled is no purchase). Read live, so a review written before pickup is
 * marked once the order is collected.
 */
const boughtBy = (user: SQL, product: SQL) => sql`exists (
  select 1 from orders o join order_items oi on oi.order_id = o.id
  where o.user_id = ${user} and oi.product_id = ${product} and (o.is_paid or o.status = 'completed'))`;
const BUYER = sql`(r.is_verified_buyer or (r.user_id is not null and ${boughtBy(sql`r.user_id`, sql`r.product_id`)}))`;

export interface ReviewedProduct {
  id: number;
  ratingAvg: number;
  ratingCount: number;
}

export async function findProductForReviews(db: Db, slug: string): Promise<ReviewedProduct | undefined> {
  const [row] = await parseRows(
    db,
    sql`select id, rating_avg::float8 as rating_avg, rating_count from products where slug = ${slug} and is_active`,
    productRow,
  );
  return row ? { id: row.id, ratingAvg: row.rating_avg, ratingCount: row.rating_count } : undefined;
}

/** Published reviews, newest first; the author's current name when the review has an account behind it. */
export async function listReviews(
  db: Db,
  product: ReviewedProduct,
  page: number,
  size: number,
  userId: number | null,
): Promise<ReviewsResponse> {
  const [result, counted, mine] = await Promise.all([
    parseRows(
      db,
      sql`select r.id, r.grade, r.comment, r.created_at,
          coalesce(nullif(u.first_name, ''), r.author_first_name) as first_name,
          coalesce(nullif(u.last_name, ''), r.author_last_name) as last_name,
          ${BUYER} as is_buyer, r.reply, r.reply_at
        from reviews r left join users u on u.id = r.user_id
        where r.product_id = ${product.id} and r.is_published
        order by r.created_at desc, r.id desc
        limit ${size} offset ${(page - 1) * size}`,
      reviewRow,
    ),
    parseRows(
      db,
      sql`select count(*)::int as n from reviews where product_id = ${product.id} and is_published`,
      countRow,
    ),
    userId === null
      ? Promise.resolve([])
      : parseRows(
          db,
          sql`select count(*)::int as n from reviews where product_id = ${product.id} and user_id = ${userId}`,
          countRow,
        ),
  ]);
  const total = counted[0]?.n ?? 0;
  return {
    current: page,
    pages: Math.ceil(total / size),
    total,
    results: result,
    average_rating: product.ratingAvg,
    reviewed: (mine[0]?.n ?? 0) > 0,
  };
}

export type CreateResult =
  { kind: 'created'; review: ReviewItem } | { kind: 'duplicate' } | { kind: 'no-user' };

/**
 * Inserts the review and recomputes the product's rating in one transaction. The product row is locked
 * first, so concurrent reviews of one product cannot compute the rating from each other's stale view.
 */
export async function createReview(
  db: Db,
  input: { productId: number; userId: number; grade: number; comment: string | null },
): Promise<CreateResult> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.execute(sql`select id from products where id = ${input.productId} for update`);
    const [user] = await parseRows(
      tx,
      sql`select first_name, last_name from users where id = ${input.userId}`,
      authorRow,
    );
    if (!user) return { kind: 'no-user' } as const;
    const [row] = await parseRows(
      tx,
      sql`insert into reviews (product_id, user_id, author_first_name, author_last_name, grade, comment)
          values (${input.productId}, ${input.userId}, ${user.first_name}, ${user.last_name}, ${input.grade}, ${input.comment})
          on conflict (product_id, user_id) where user_id is not null do nothing
          returning id, grade, comment, created_at, author_first_name as first_name, author_last_name as last_name,
            (reviews.is_verified_buyer or ${boughtBy(sql`${input.userId}`, sql`${input.productId}`)}) as is_buyer,
            reply, reply_at`,
      reviewRow,
    );
    if (!row) return { kind: 'duplicate' } as const;
    await tx.execute(
      sql`update products p set
            rating_count = s.n,
            rating_avg = coalesce(round(s.avg, 2), 0)
          from (select count(*)::int as n, avg(grade) as avg from reviews where product_id = ${input.productId} and is_published) s
          where p.id = ${input.productId}`,
    );
    return { kind: 'created', review: row } as const;
  });
}
