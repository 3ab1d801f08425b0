import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { detailError, fieldErrors, MESSAGES, NON_FIELD_ERRORS } from '@podbor/contract';

// PostgreSQL's text cannot hold U+0000, and a lone UTF-16 surrogate has no UTF-8 form (drivers silently turn it
// into U+FFFD). Such input is refused once, here, for every route and every field, instead of reaching a query
// and failing there as a 500 (issue #12). Without the `u` flag the pattern sees UTF-16 code units, so a
// surrogate pair passes and a half of one does not.
const UNSTORABLE = new RegExp(
  String.raw`\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`,
);

/** Path (as in the error envelope) of the first key or string under `value` that PostgreSQL cannot store. */
function findUnstorableText(value: unknown): (string | number)[] | undefined {
  // Iterative: a 1 MiB body may nest a few hundred thousand levels deep, deeper than any call stack.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: [...path, i] });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        if (UNSTORABLE.test(key)) return [...path, key];
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}

export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    // A path parameter with such bytes names nothing that exists, like any other malformed one.
    if (findUnstorableText(request.params)) return reply.status(404).send(detailError(MESSAGES.notFound));
    for (const part of [request.headers, request.query, request.body]) {
      const path = findUnstorableText(part);
      if (path) {
        const field = path.length === 0 ? NON_FIELD_ERRORS : path.join('.');
        return reply.status(400).send(fieldErrors({ [field]: MESSAGES.textInvalid }));
      }
    }
    return undefined;
  });
});
