import type { AdminReview, AdminReviewsQuery, AdminReviewsResponse } from '@podbor/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/http-error';
import {
  findAdminReview,
  listAdminReviews,
  lockReview,
  recomputeRating,
  setModeration,
  setReply,
  type AdminReviewRow,
} from './admin-reviews.repository';

// Review moderation (issue #14). Reviews are shown at once and wait as `new`; staff publish them (checked) or hide
// them with a reason — a hidden review leaves the product page and its rating — and may reply under them.

function toReview(row: AdminReviewRow): AdminReview {
  return {
    id: row.id,
    product: { id: row.product_id, title: row.product_title, slug: row.product_slug },
    author: row.author,
    grade: row.grade,
    comment: row.comment,
    created_at: row.created_at,
    moderation: row.moderation,
    hidden_reason: row.hidden_reason,
    moderated_by:
      row.moderated_by_id === null
        ? null
        : { id: row.moderated_by_id, name: row.moderated_by_name ?? `№${row.moderated_by_id}` },
    moderated_at: row.moderated_at,
    reply: row.reply,
    reply_at: row.reply_at,
  };
}

export async function reviewsForModeration(db: Db, query: AdminReviewsQuery): Promise<AdminReviewsResponse> {
  const { rows, total } = await listAdminReviews(db, query);
  return { current: query.page, pages: Math.ceil(total / query.size), total, results: rows.map(toReview) };
}

/**
 * Publishes or hides a review; the product's rating is recomputed in the same transaction, and the audit log
 * records the change. Publishing a hidden review brings it back on the product page.
 */
export async function moderateReview(
  db: Db,
  input: { id: number; userId: number; moderation: 'published' | 'hidden'; reason?: string },
): Promise<AdminReview> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const before = await lockReview(tx, input.id);
    if (!before) throw notFound();
    const reason = input.moderation === 'hidden' ? (input.reason ?? '') : '';
    if (before.moderation === input.moderation && before.hidden_reason === reason) return toReview(before);
    await setModeration(tx, input.id, { moderation: input.moderation, reason, userId: input.userId });
    await recomputeRating(tx, before.product_id);
    await recordAudit(tx, {
      userId: input.userId,
      action: input.moderation === 'hidden' ? 'review.hide' : 'review.publish',
      entity: 'review',
      entityId: input.id,
      data: {
        product: before.product_slug,
        moderation_before: before.moderation,
        moderation_after: input.moderation,
        ...(input.moderation === 'hidden' ? { reason } : {}),
      },
    });
    return toReview((await findAdminReview(tx, input.id))!);
  });
}

/** The shop's reply under a review (already plain text from the contract); empty removes it. */
export async function replyToReview(
  db: Db,
  input: { id: number; userId: number; text: string },
): Promise<AdminReview> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const before = await lockReview(tx, input.id);
    if (!before) throw notFound();
    const reply = input.text === '' ? null : input.text;
    if (before.reply === reply) return toReview(before);
    await setReply(tx, input.id, reply);
    await recordAudit(tx, {
      userId: input.userId,
      action: reply === null ? 'review.reply_remove' : 'review.reply',
      entity: 'review',
      entityId: input.id,
      data: { product: before.product_slug, reply_before: before.reply, reply_after: reply },
    });
    return toReview((await findAdminReview(tx, input.id))!);
  });
}
