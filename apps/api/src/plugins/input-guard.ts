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

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) path.unshift(v.key);
  return path;
}

/** Path (as in the error envelope) of the first key or string under `value` that PostgreSQL cannot store. */
function findUnstorableText(value: unknown): (string | number)[] | undefined {
  // Iterative, and each visit links to its parent rather than copying its path: a 1 MiB body may nest a few
  // hundred thousand levels deep, deeper than any call stack, and copied paths would cost quadratic time.
  const stack: Visit[] = [{ value }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    // Raw bytes (the 1C exchange's file parts) are not text: nothing to check, and never walked byte by byte.
    if (Buffer.isBuffer(current)) continue;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1)
        stack.push({ value: current[i], key: i, parent: visit });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        if (UNSTORABLE.test(key)) return pathOf({ value: child, key, parent: visit });
        stack.push({ value: child, key, parent: visit });
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
