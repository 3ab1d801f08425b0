import { z } from 'zod';
import './zod-config';
import { DEFAULT_PAGE, INT4_MAX, SLUG_MAX_LENGTH } from './constants';
import { MESSAGES } from './messages';

/** Lower-case latin letters, digits and dashes; no underscore, which separates `product_` in URLs. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

export const slug = z
  .string()
  .min(1, MESSAGES.required)
  .max(SLUG_MAX_LENGTH)
  .regex(SLUG_PATTERN, MESSAGES.slugInvalid);
export type Slug = z.infer<typeof slug>;

/**
 * A positive integer arriving as text (path and query parameters are always strings). Bounded by PostgreSQL's
 * `integer`: a bigger id or page would reach the database and fail there instead of being refused here.
 */
export const positiveIntString = z
  .string()
  .trim()
  .regex(/^\d{1,15}$/, MESSAGES.idInvalid)
  .transform(Number)
  .pipe(z.number().int().positive(MESSAGES.idInvalid).max(INT4_MAX, MESSAGES.numberTooLarge));

export const idParams = z.object({ id: positiveIntString });
export type IdParams = z.infer<typeof idParams>;

/** Query value that may be sent empty (`?created_after=`): empty means absent. */
export function optionalQuery<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(schema.optional());
}

/** `page` and `size` query parameters with a default size and an upper bound. */
export function pageQuery(defaultSize: number, maxSize: number) {
  return z.object({
    page: optionalQuery(positiveIntString).transform((v) => v ?? DEFAULT_PAGE),
    size: optionalQuery(positiveIntString.pipe(z.number().max(maxSize))).transform((v) => v ?? defaultSize),
  });
}

/** Paginated list envelope of API-SHAPES §0. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    current: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  current: number;
  pages: number;
  total: number;
  results: T[];
}

export const titleSlug = z.object({ title: z.string(), slug: z.string() });
export type TitleSlug = z.infer<typeof titleSlug>;

/** Category slug paths from root to leaf, one per category a product belongs to. */
export const categoriesPath = z.array(z.array(z.string()));
export type CategoriesPath = z.infer<typeof categoriesPath>;

/** Coordinates and similar values that the API may send as numbers or numeric strings. */
export const numberOrNumericString = z.union([z.number(), z.string()]);
export type NumberOrNumericString = z.infer<typeof numberOrNumericString>;

/** Money amount in roubles (up to two decimals) as sent in responses. */
export const money = z.number();

/**
 * Optional transport reference in request bodies: a transport id (number or digits) or `""`/null
 * when no vehicle is chosen. Output: the id, null for "none", undefined when the key was absent
 * (a PATCH must tell "clear" from "leave as is").
 */
export const optionalTransportId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx): number | null | undefined => {
    if (value === undefined || value === null) return value;
    const text = String(value).trim();
    if (text === '') return null;
    const id = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.idInvalid, input: value });
      return z.NEVER;
    }
    if (id > INT4_MAX) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.numberTooLarge, input: value });
      return z.NEVER;
    }
    return id;
  });

/** Optional slug where clients send `""` for "none". Output: slug, null for none, undefined if absent. */
export const optionalSlug = z
  .string()
  .trim()
  .max(SLUG_MAX_LENGTH)
  .refine((v) => v === '' || SLUG_PATTERN.test(v), MESSAGES.slugInvalid)
  .nullable()
  .optional()
  .transform((value): string | null | undefined => (value === undefined ? undefined : value || null));
