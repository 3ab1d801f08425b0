import { throttledMessage, type ErrorBody } from '@podbor/contract';

/** A failure with a status code and the spec's error envelope; the error handler sends it as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.errors.detail ?? Object.values(body.errors).flat().join('; '));
  }
}

export const notFound = (detail = 'Не найдено.') => new HttpError(404, { errors: { detail } });

export const badRequest = (fields: Record<string, string[]>) => new HttpError(400, { errors: fields });

export const detailError = (statusCode: number, detail: string) =>
  new HttpError(statusCode, { errors: { detail } });

/**
 * A 429 that says when to come back, in Retry-After and in its Russian text (the same wait, rounded up).
 * `message` turns the wait into the text; a plain string is taken as is (its caller put the wait in already).
 * Forms that show the first non-field error (SPEC §4: the code resend) get the text there too.
 */
export function throttled(
  retryAfterSec: number,
  message: string | ((waitSec: number) => string) = throttledMessage,
  opts: { nonFieldErrors?: boolean } = {},
): HttpError {
  const wait = Math.max(1, Math.ceil(retryAfterSec));
  const detail = typeof message === 'string' ? message : message(wait);
  return new HttpError(
    429,
    { errors: opts.nonFieldErrors ? { detail, non_field_errors: [detail] } : { detail } },
    { 'retry-after': String(wait) },
  );
}
