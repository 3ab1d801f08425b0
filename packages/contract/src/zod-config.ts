import { z } from 'zod';
// The Russian locale alone: `z.locales.ru()` names the namespace of all ~50 locales, which then all reach every
// browser chunk that validates with the contract (≈ 150 KB of foreign messages to parse and run).
import ru from 'zod/v4/locales/ru.js';
import { MESSAGES, maxLengthMessage } from './messages';

// zod keeps one global config per installation, so configuring it here gives the API's validator
// (fastify-type-provider-zod parses through zod/v4/core) and the web forms the same Russian messages.
// Schema-level messages still win over these; the locale catches everything else.

function isMissing(input: unknown): boolean {
  return input === undefined || input === null;
}

z.config(ru());
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
