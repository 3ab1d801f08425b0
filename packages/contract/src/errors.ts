import { z } from 'zod';
import './zod-config';
import { MESSAGES } from './messages';

/**
 * Error envelope of API-SHAPES §0: validation errors are arrays per field, a general error is
 * `errors.detail`, errors not tied to a field go to `errors.non_field_errors`.
 */
export interface ErrorFields {
  [field: string]: string[] | string | undefined;
  non_field_errors?: string[];
  detail?: string;
}
export interface ErrorBody {
  errors: ErrorFields;
}

export const errorBody: z.ZodType<ErrorBody> = z.object({
  errors: z
    .object({
      non_field_errors: z.array(z.string()).optional(),
      detail: z.string().optional(),
    })
    .catchall(z.array(z.string())),
});

export const NON_FIELD_ERRORS = 'non_field_errors';

export function detailError(message: string): ErrorBody {
  return { errors: { detail: message } };
}

export function nonFieldErrors(...messages: string[]): ErrorBody {
  return { errors: { non_field_errors: messages } };
}

/** `{phone_number: 'x'}` or `{phone_number: ['x', 'y']}` → envelope with arrays per field. */
export function fieldErrors(record: Record<string, string | readonly string[]>): ErrorBody {
  const errors: ErrorFields = {};
  for (const [field, value] of Object.entries(record)) {
    errors[field] = typeof value === 'string' ? [value] : [...value];
  }
  return { errors };
}

/** The subset of a zod issue needed to build the envelope (also fits issues relayed by Fastify). */
export interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  origin?: string;
  minimum?: unknown;
}

// Default texts zod produces for an absent value when no Russian config was applied, e.g.
// "Invalid input: expected string, received undefined" or the Russian locale's "получено undefined".
const MISSING_DEFAULT_TEXT = /(?:received|получено)\s+(?:undefined|null)\s*$/;

function isMissingIssue(issue: IssueLike): boolean {
  if (issue.code === 'invalid_type') {
    if ('input' in issue && (issue.input === undefined || issue.input === null)) return true;
    return MISSING_DEFAULT_TEXT.test(issue.message);
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) {
    return true;
  }
  return false;
}

function fieldKey(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

/** Maps issues to the envelope: nested paths become `items.0.quantity`, root issues `non_field_errors`. */
export function issuesToBody(issues: readonly IssueLike[]): ErrorBody {
  const errors: ErrorFields = {};
  for (const issue of issues) {
    const key = issue.path.length === 0 ? NON_FIELD_ERRORS : fieldKey(issue.path);
    const message = isMissingIssue(issue) ? MESSAGES.required : issue.message;
    const list = errors[key];
    if (Array.isArray(list)) {
      if (!list.includes(message)) list.push(message);
    } else {
      errors[key] = [message];
    }
  }
  return { errors };
}

export function zodErrorToBody(error: z.ZodError): ErrorBody {
  return issuesToBody(error.issues);
}

/**
 * Fastify's validation error items (`instancePath` like `/items/0/quantity`, as produced by
 * fastify-type-provider-zod) → envelope. A query or params error keeps its parameter name.
 */
export function fastifyValidationToBody(
  validation: readonly { instancePath?: string; message?: string; keyword?: string; params?: unknown }[],
): ErrorBody {
  return issuesToBody(
    validation.map((item) => {
      const path = (item.instancePath ?? '').split('/').filter((segment) => segment !== '');
      const params =
        typeof item.params === 'object' && item.params !== null
          ? (item.params as Record<string, unknown>)
          : {};
      return {
        code: item.keyword,
        path,
        message: item.message ?? MESSAGES.genericError,
        origin: typeof params.origin === 'string' ? params.origin : undefined,
        minimum: params.minimum,
      };
    }),
  );
}

/** First general message of an error body (SPEC §4 resend-code failure), if any. */
export function firstNonFieldError(body: unknown): string | undefined {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return undefined;
  return parsed.data.errors.non_field_errors?.[0] ?? parsed.data.errors.detail;
}

/** First message for a field, or undefined. */
export function firstFieldError(body: unknown, field: string): string | undefined {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const value = parsed.data.errors[field];
  return typeof value === 'string' ? value : value?.[0];
}

// Requests Node's HTTP parser refuses before any framework sees them (headers over 16 KiB, a garbled request line,
// a client too slow to send its headers) would leave with Node's bare status line and no body. The API and the
// storefront's server both answer them in the envelope instead, in Russian and with nosniff (issue #12).
const PARSER_ERRORS: Record<number, { reason: string; detail: string }> = {
  400: { reason: 'Bad Request', detail: 'Некорректный запрос.' },
  408: { reason: 'Request Timeout', detail: 'Истекло время ожидания запроса.' },
  431: { reason: 'Request Header Fields Too Large', detail: 'Слишком большие заголовки запроса.' },
};

/** The raw HTTP/1.1 answer to a request Node's parser refused with `code` (from the `clientError` event). */
export function parserErrorResponse(code: string | undefined): string {
  const status = code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const { reason, detail } = PARSER_ERRORS[status]!;
  const body = JSON.stringify(detailError(detail));
  return (
    `HTTP/1.1 ${status} ${reason}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    `Content-Length: ${new TextEncoder().encode(body).length}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** The `clientError` listener of a Node HTTP server: answers with parserErrorResponse, then closes. */
export function answerRefusedRequest(
  err: Error & { code?: string },
  socket: {
    destroyed: boolean;
    writable: boolean;
    write(text: string): unknown;
    destroy(err?: Error): unknown;
  },
): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(parserErrorResponse(err.code));
  socket.destroy(err);
}
