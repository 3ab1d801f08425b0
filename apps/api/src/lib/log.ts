import type { FastifyLoggerOptions, FastifyServerOptions } from 'fastify';

// What the API's log may carry: no request bodies, phones, names or e-mails (issue #12, 152-FZ). Fastify logs
// no bodies by itself; the risk is errors. A failed drizzle query's message lists the row's values
// ("params: +79991234567,Иван,…") and PostgreSQL's `detail` quotes them ("Key (phone_number)=(+7…)"), so
// errors go through a serializer that keeps only what names code and schema, never data.

const CENSOR = '[скрыто]';

/** Error fields that name schema objects or codes; `detail`, `where`, `hint`, `params` may quote row values. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
  'validationContext',
] as const;

const SCRUBBERS: [RegExp, string][] = [
  // A value PostgreSQL quotes at the end of its message: `invalid input syntax for type integer: "…"`.
  [/: "[^"\n]*"/g, `: "${CENSOR}"`],
  [/[^\s@"'(),;<>=]+@[^\s@"'(),;<>=]+\.[^\s@"'(),;<>=]+/g, CENSOR],
  // Phone numbers in any of SPEC §5's forms (+7 (999) 123-45-67, 89991234567, …).
  [/\+?\d[\d\s()-]{8,}\d/g, CENSOR],
];

function scrub(text: string): string {
  return SCRUBBERS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** drizzle's DrizzleQueryError: `query` is the SQL with placeholders, `params` the values. */
function isFailedQuery(err: Error): err is Error & { query: string } {
  return 'query' in err && typeof err.query === 'string' && 'params' in err;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino's `err` serializer, with data left out: type, scrubbed message and stack, safe fields, causes. */
export function serializeError(err: unknown, depth = 0): SerializedError {
  // Anything may be thrown, and logged as `err`.
  if (!(err instanceof Error)) return { type: typeof err, message: scrub(String(err)), stack: '' };
  const message = isFailedQuery(err) ? `Failed query: ${err.query}` : err.message;
  const out: SerializedError = {
    type: err.constructor.name || err.name,
    message: scrub(message),
    stack: scrub((err.stack ?? '').replace(err.message, message)),
  };
  for (const key of SAFE_ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

const PERSONAL_KEYS = ['body', 'phone', 'phone_number', 'email', 'first_name', 'last_name', 'patronymic'];

/** The API's logger options; tests may add a level and a stream. */
export function loggerOptions(
  level: string,
  overrides: { level?: string; stream?: FastifyLoggerOptions['stream'] } = {},
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...PERSONAL_KEYS.flatMap((key) => [key, `*.${key}`]),
      ],
      censor: CENSOR,
    },
    serializers: { err: serializeError },
    ...overrides,
  };
}
