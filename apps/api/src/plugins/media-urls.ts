import { HEADER_NAMES } from '@podbor/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Images are stored as root-relative paths (`/media/products/…`). Podbor's storefront shows them through its own
// same-origin /media route, wherever it is opened, and asks for them as they are (X-Media-Urls: relative). Every
// other client may run on another origin (issue #13, item 18), where a root-relative path names nothing: its
// answers carry absolute URLs under MEDIA_PUBLIC_URL (else the API's public address).

/** Fields of the contract's bodies that hold media URLs: a string, or an array of them (product `images`). */
const MEDIA_FIELDS = new Set(['image', 'images', 'logo', 'favicon']);
const MEDIA_PREFIX = '/media/';

function absoluteMedia(value: unknown, base: string): unknown {
  if (typeof value === 'string') return value.startsWith(MEDIA_PREFIX) ? `${base}${value}` : value;
  if (Array.isArray(value)) return copiedOnChange(value, (v) => absoluteMedia(v, base));
  return value;
}

/** `list` with `f` applied to each item: the same array when no item changes, else a copy. */
function copiedOnChange(list: unknown[], f: (v: unknown) => unknown): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const next = f(list[i]);
    if (next !== list[i]) (out ??= list.slice())[i] = next;
  }
  return out ?? list;
}

/**
 * A JSON body with every media field's root-relative URL made absolute under `base`. Bodies may be shared cached
 * objects, so nothing is changed in place: an object or array is copied only when something under it changes (a
 * listing's page copies its cards' `image` paths, not every field of every card), and is returned as it is
 * otherwise. Only plain objects and arrays are walked.
 */
export function withAbsoluteMedia(body: unknown, base: string): unknown {
  if (Array.isArray(body)) return copiedOnChange(body, (v) => withAbsoluteMedia(v, base));
  if (body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype)
    return body;
  const source = body as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(source)) {
    const value = source[key];
    const next = MEDIA_FIELDS.has(key) ? absoluteMedia(value, base) : withAbsoluteMedia(value, base);
    if (next !== value) (out ??= { ...source })[key] = next;
  }
  return out ?? body;
}

/** True when the caller asked for media URLs as stored (root-relative): Podbor's storefront does. */
export function wantsRelativeMedia(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase() === 'relative';
}

export default fp(async function mediaUrls(app: FastifyInstance) {
  const base = app.config.mediaPublicUrl;
  const header = HEADER_NAMES.mediaUrls.toLowerCase();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (wantsRelativeMedia(request.headers[header])) return payload;
    return withAbsoluteMedia(payload, base);
  });
});
