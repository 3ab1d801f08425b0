// The id of one customer request, made (or kept) by the storefront's server, sent to the API on every call it
// makes for that request, and written in every log line of both, so one request is followed across the two.

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id is kept only when it is short and made of characters that cannot forge a log line or a header
 * (letters, digits, `-`, `_`, `.`, `:`); anything else is replaced by a new one.
 */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && VALID_REQUEST_ID.test(value);
}
