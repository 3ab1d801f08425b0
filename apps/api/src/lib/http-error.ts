import type { ErrorBody } from '@podbor/contract';

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

export const throttled = (
  retryAfterSec: number,
  detail = 'Слишком много запросов. Повторите попытку позже.',
) =>
  new HttpError(
    429,
    { errors: { detail } },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSec))) },
  );
