import type { ErrorBody } from '@podbor/contract';

/** The first message of an API error body: `detail`, then non-field errors, then the given fields in order. */
export function firstErrorMessage(
  body: ErrorBody | null,
  fields: readonly string[],
  fallback: string,
): string {
  const errors = body?.errors;
  if (!errors) return fallback;
  const pick = (value: string[] | string | undefined) => (Array.isArray(value) ? value[0] : value);
  for (const key of ['detail', 'non_field_errors', ...fields]) {
    const message = pick(errors[key]);
    if (message) return message;
  }
  return fallback;
}
