import { z } from 'zod';
import { pageQuery, paginated, slug } from './common';
import {
  MESSAGE_MAX_LENGTH,
  REVIEW_GRADE_MAX,
  REVIEW_GRADE_MIN,
  REVIEWS_MAX_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
} from './constants';
import { MESSAGES } from './messages';

// Product reviews (API-SHAPES §8).

export const reviewsParams = z.object({ productSlug: slug });
export type ReviewsParams = z.infer<typeof reviewsParams>;

export const reviewsQuery = pageQuery(REVIEWS_PAGE_SIZE, REVIEWS_MAX_PAGE_SIZE);
export type ReviewsQuery = z.infer<typeof reviewsQuery>;

export const reviewItem = z.object({
  grade: z.number().int(),
  comment: z.string().nullable(),
  /** ISO date-time. */
  created_at: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  id: z.number().int().optional(),
  /** Podbor adds: the author bought the product here (paid or collected an order with it). */
  is_buyer: z.boolean().optional(),
  /** Podbor adds (issue #14): the shop's reply shown under the review, plain text; null without one. */
  reply: z.string().nullable().optional(),
  /** Podbor adds: when the shop replied (ISO date-time), null without a reply. */
  reply_at: z.string().nullable().optional(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewsResponse = paginated(reviewItem).extend({
  /** Podbor adds the product's rating over all reviews. */
  average_rating: z.number().optional(),
  /** Podbor adds: the signed-in caller has already reviewed the product (one review each); false otherwise. */
  reviewed: z.boolean().optional(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponse>;

export const reviewGrade = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.gradeInvalid,
  })
  .int(MESSAGES.gradeInvalid)
  .min(REVIEW_GRADE_MIN, MESSAGES.gradeInvalid)
  .max(REVIEW_GRADE_MAX, MESSAGES.gradeInvalid);

export const reviewCreateRequest = z.object({
  product_slug: slug,
  grade: reviewGrade,
  /** Optional; blank becomes null. */
  comment: z
    .string()
    .trim()
    .max(MESSAGE_MAX_LENGTH, MESSAGES.messageTooLong)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ReviewCreateRequest = z.infer<typeof reviewCreateRequest>;
export type ReviewCreateRequestInput = z.input<typeof reviewCreateRequest>;
/** 201 with the stored review. */
export const reviewCreateResponse = reviewItem;
export type ReviewCreateResponse = z.infer<typeof reviewCreateResponse>;
