import { MESSAGES } from '@podbor/contract/messages';
import type { ErrorBody } from '@podbor/contract';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

// Errors of the storefront's forms (all on react-hook-form). Client-side checks are the contract's request
// schemas (zodResolver; the same rules the API applies), so both sides answer with the same Russian messages. A
// server error body is spread over the form's fields by a routing table (SPEC §8 names, per call, which error
// fields land on which form field) with applyServerErrors; `general` becomes the form-level error
// `root.server`, shown under the submit button (formError reads it).

/** `general` is the message under the submit button. */
export type FormErrors<F extends string> = Partial<Record<F | 'general', string>>;
export type ErrorRoutes<F extends string> = Record<string, F | 'general'>;

/**
 * Server error body → first message per form field. Fields the table does not name go to `fallback`; a
 * failure without a readable body (network, 5xx page) is 'Произошла ошибка' there.
 */
export function serverErrors<F extends string>(
  body: ErrorBody | null,
  routes: ErrorRoutes<F>,
  fallback: F | 'general' = 'general',
  fallbackMessage: string = MESSAGES.genericError,
): FormErrors<F> {
  const out: FormErrors<F> = {};
  if (!body) {
    out[fallback] = fallbackMessage;
    return out;
  }
  // detail first only when nothing more specific exists: field lists are more precise than the general text.
  const entries = Object.entries(body.errors).sort(
    ([a], [b]) => Number(a === 'detail') - Number(b === 'detail'),
  );
  for (const [key, value] of entries) {
    const message = typeof value === 'string' ? value : value?.[0];
    if (!message) continue;
    const target = routes[key] ?? fallback;
    if (!out[target]) out[target] = message;
  }
  if (Object.keys(out).length === 0) out[fallback] = fallbackMessage;
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

/**
 * An API error body (or null: network, 5xx page) onto a react-hook-form form: field messages by `setError`,
 * focus on the first of them in the form's `order`, the rest as the form-level `root.server` message.
 */
export function applyServerErrors<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'setError'>,
  body: ErrorBody | null,
  routes: ErrorRoutes<Path<V>>,
  options: {
    fallback?: Path<V> | 'general';
    /** Said when the body names nothing ('Произошла ошибка' unless the form has its own words). */
    fallbackMessage?: string;
    order?: readonly Path<V>[];
  } = {},
): void {
  const found = serverErrors<Path<V>>(body, routes, options.fallback ?? 'general', options.fallbackMessage);
  const fields = (Object.keys(found) as (Path<V> | 'general')[]).filter((f): f is Path<V> => f !== 'general');
  const first = options.order?.find((f) => found[f]) ?? fields[0];
  for (const field of fields) {
    const message = found[field];
    if (message) form.setError(field, { type: 'server', message }, { shouldFocus: field === first });
  }
  if (found.general) form.setError('root.server', { type: 'server', message: found.general });
}

/** The form-level message (server `general`), if any. */
export function formError(form: Pick<UseFormReturn<FieldValues>, 'formState'>): string | undefined {
  return form.formState.errors.root?.server?.message;
}
