import { sql, type SQL } from 'drizzle-orm';
import type { AdminReviewsQuery } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgIso, pgNumber } from '../../db/sql';
import { staffName } from '../../lib/staff';

// Review moderation's reads and writes of table reviews.

export const adminReviewRow = z.object({
  id: pgNumber,
  product_id: pgNumber,
  product_title: z.string(),
  product_slug: z.string(),
  author: z.string(),
  grade: pgNumber,
  comment: z.string().nullable(),
  created_at: pgIso,
  moderation: z.enum(['new', 'published', 'hidden']),
  hidden_reason: z.string(),
  moderated_by_id: pgNumber.nullable(),
  moderated_by_name: z.string().nullable(),
  moderated_at: pgIso.nullable(),
  reply: z.string().nullable(),
  reply_at: pgIso.nullable(),
});
export type AdminReviewRow = z.output<typeof adminReviewRow>;

const SELECT = sql`select r.id, p.id as product_id, p.title as product_title, p.slug as product_slug,
    coalesce(nullif(trim(coalesce(nullif(a.first_name, ''), r.author_first_name) || ' ' ||
      coalesce(nullif(a.last_name, ''), r.author_last_name)), ''), a.phone_number, 'Покупатель') as author,
    r.grade, r.comment, r.created_at, r.moderation, r.hidden_reason,
    r.moderated_by as moderated_by_id, coalesce(${staffName('m')}, m.phone_number) as moderated_by_name,
    r.moderated_at, r.reply, r.reply_at
  from reviews r
  join products p on p.id = r.product_id
  left join users a on a.id = r.user_id
  left join users m on m.id = r.moderated_by`;

/** The moderation queue: new ones oldest first (first come, first checked); published and hidden newest first. */
export async function listAdminReviews(
  db: Db,
  query: AdminReviewsQuery,
): Promise<{ rows: AdminReviewRow[]; total: number }> {
  const where: SQL[] = [sql`r.moderation = ${query.moderation}`];
  if (query.product) where.push(sql`r.product_id = (select id from products where slug = ${query.product})`);
  const condition = sql.join(where, sql` and `);
  const order =
    query.moderation === 'new' ? sql`r.created_at asc, r.id asc` : sql`r.created_at desc, r.id desc`;
  const [rows, counted] = await Promise.all([
    parseRows(
      db,
      sql`${SELECT} where ${condition} order by ${order} limit ${query.size} offset ${(query.page - 1) * query.size}`,
      adminReviewRow,
    ),
    parseRows(
      db,
      sql`select count(*)::int as n from reviews r where ${condition}`,
      z.object({ n: pgNumber }),
    ),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function findAdminReview(db: Db, id: number): Promise<AdminReviewRow | undefined> {
  const [row] = await parseRows(db, sql`${SELECT} where r.id = ${id}`, adminReviewRow);
  return row;
}

/** Locks the review's product first (as a new review does), then the review: ratings never race. */
export async function lockReview(db: Db, id: number): Promise<AdminReviewRow | undefined> {
  const [found] = await parseRows(
    db,
    sql`select product_id from reviews where id = ${id}`,
    z.object({ product_id: pgNumber }),
  );
  if (!found) return undefined;
  await db.execute(sql`select id from products where id = ${found.product_id} for update`);
  await db.execute(sql`select id from reviews where id = ${id} for update`);
  return findAdminReview(db, id);
}

export async function setModeration(
  db: Db,
  id: number,
  input: { moderation: 'published' | 'hidden'; reason: string; userId: number },
): Promise<void> {
  await db.execute(
    sql`update reviews set moderation = ${input.moderation}, is_published = ${input.moderation !== 'hidden'},
          hidden_reason = ${input.reason}, moderated_by = ${input.userId}, moderated_at = now()
        where id = ${id}`,
  );
}

export async function setReply(db: Db, id: number, reply: string | null): Promise<void> {
  await db.execute(
    sql`update reviews set reply = ${reply}, reply_at = ${reply === null ? null : sql`now()`} where id = ${id}`,
  );
}

/** The product's rating over its shown reviews (new and published; a hidden one is not counted). */
export async function recomputeRating(db: Db, productId: number): Promise<void> {
  await db.execute(
    sql`update products p set
          rating_count = s.n,
          rating_avg = coalesce(round(s.avg, 2), 0)
        from (select count(*)::int as n, avg(grade) as avg from reviews where product_id = ${productId} and is_published) s
        where p.id = ${productId}`,
  );
}
