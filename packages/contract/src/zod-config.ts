import { z } from 'zod';
import { MESSAGES, maxLengthMessage } from './messages';

// zod keeps one global config per installation, so configuring it here gives the API's validator
// (fastify-type-provider-zod parses through zod/v4/core) and the web forms the same Russian messages.
// Schema-level messages still win over these; the locale catches everything else.

function isMissing(input: unknown): boolean {
  return input === undefined || input === null;
}

z.config(z.locales.ru());
// In the browser, zod's compiled parsers would need eval, which the storefront's CSP forbids (zod probes for it
// with `new Function`, and the probe alone is reported as a violation). The API keeps the faster compiled ones.
z.config({ jitless: 'document' in globalThis });
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && isMissing(issue.input)) return MESSAGES.required;
    if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) {
      return MESSAGES.required;
    }
    if (issue.code === 'too_big' && issue.origin === 'string') {
      return maxLengthMessage(Number(issue.maximum));
    }
    return undefined;
  },
});
