import { MESSAGES, type ErrorBody } from '@podbor/contract';
import type { z } from 'zod';

// Where each error of the sign-in dialog is shown. SPEC §8 names, per call, which fields of the server's error
// body land on which form field; client-side checks use the contract's request schemas (the same rules the API
// applies), so both sides answer with the same Russian messages.

/** `general` is the message under the submit button. */
export type FormErrors<F extends string> = Partial<Record<F | 'general', string>>;
export type ErrorRoutes<F extends string> = Record<string, F | 'general'>;

export const LOGIN_ROUTES = {
  detail: 'general',
  non_field_errors: 'general',
  password: 'password',
  phone_number: 'phone',
} as const satisfies ErrorRoutes<'phone' | 'password'>;

export const REGISTER_ROUTES = {
  phone_number: 'phone',
  password: 'password',
  password2: 'password2',
  non_field_errors: 'general',
  detail: 'general',
} as const satisfies ErrorRoutes<'phone' | 'password' | 'password2'>;

/** Verification: non_field_errors are general messages; a malformed code stays on the code field. */
export const VERIFY_ROUTES = {
  non_field_errors: 'general',
  detail: 'general',
  code: 'code',
} as const satisfies ErrorRoutes<'code'>;

/** Reset, phone step: detail and phone_number on the phone field. */
export const RESET_PHONE_ROUTES = {
  detail: 'phone',
  phone_number: 'phone',
  non_field_errors: 'phone',
} as const satisfies ErrorRoutes<'phone'>;

/** Reset, code step: detail on the code field. */
export const RESET_CODE_ROUTES = {
  detail: 'code',
  code: 'code',
  non_field_errors: 'code',
  phone_number: 'code',
} as const satisfies ErrorRoutes<'code'>;

/** Reset, new password step: password, password2 and non_field_errors on the password field. */
export const RESET_SET_ROUTES = {
  password: 'password',
  password2: 'password',
  non_field_errors: 'password',
  detail: 'password',
  secret_key: 'password',
  phone_number: 'password',
} as const satisfies ErrorRoutes<'password'>;

/**
 * Server error body → first message per form field. Fields the table does not name go to `fallback`; a
 * failure without a readable body (network, 5xx page) is 'Произошла ошибка' there.
 */
export function serverErrors<F extends string>(
  body: ErrorBody | null,
  routes: ErrorRoutes<F>,
  fallback: F | 'general' = 'general',
): FormErrors<F> {
  const out: FormErrors<F> = {};
  if (!body) {
    out[fallback] = MESSAGES.genericError;
    return out;
  }
  // detail first only when nothing more specific exists: field lists are more precise than the general text.
  const entries = Object.entries(body.errors).sort(([a], [b]) => Number(a === 'detail') - Number(b === 'detail'));
  for (const [key, value] of entries) {
    const message = typeof value === 'string' ? value : value?.[0];
    if (!message) continue;
    const target = routes[key] ?? fallback;
    if (!out[target]) out[target] = message;
  }
  if (Object.keys(out).length === 0) out[fallback] = MESSAGES.genericError;
  return out;
}

/**
 * Client-side check of a form against a contract request schema: the first message per field. `fields` maps
 * the request's field names to the form's.
 */
export function validate<F extends string>(
  schema: z.ZodType,
  request: Record<string, unknown>,
  fields: Record<string, F>,
): FormErrors<F> {
  const result = schema.safeParse(request);
  const out: FormErrors<F> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = fields[String(issue.path[0] ?? '')];
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}
