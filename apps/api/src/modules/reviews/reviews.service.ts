import {
  MESSAGES,
  type ReviewCreateRequest,
  type ReviewItem,
  type ReviewsQuery,
  type ReviewsResponse,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { badRequest, detailError, notFound } from '../../lib/http-error';
import type { Caller } from '../../plugins/auth-context';
import { createReview, findProductForReviews, listReviews } from './reviews.repository';

export const REVIEW_MESSAGES = {
  duplicate: 'Вы уже оставили отзыв на этот товар.',
  productNotFound: 'Товар не найден.',
} as const;

/** Published reviews of a product, newest first, and whether the caller has reviewed it; 404 for an unknown product. */
export async function productReviews(
  db: Db,
  caller: Caller,
  slug: string,
  query: ReviewsQuery,
): Promise<ReviewsResponse> {
  const product = await findProductForReviews(db, slug);
  if (!product) throw notFound();
  return listReviews(db, product, query.page, query.size, caller.kind === 'user' ? caller.userId : null);
}

/** A signed-in user's review (one per product); the product's rating follows. */
export async function postReview(db: Db, caller: Caller, body: ReviewCreateRequest): Promise<ReviewItem> {
  if (caller.kind !== 'user') throw detailError(401, MESSAGES.unauthenticated);
  const { product_slug: slug, grade, comment } = body;
  const product = await findProductForReviews(db, slug);
  if (!product) throw badRequest({ product_slug: [REVIEW_MESSAGES.productNotFound] });
  const result = await createReview(db, { productId: product.id, userId: caller.userId, grade, comment });
  if (result.kind === 'no-user') throw detailError(401, MESSAGES.unauthenticated);
  if (result.kind === 'duplicate') throw badRequest({ non_field_errors: [REVIEW_MESSAGES.duplicate] });
  return result.review;
}
