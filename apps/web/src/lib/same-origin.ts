import { serverConfig } from './config';

// Cross-site request forgery: a page on another site (a sibling subdomain included) can make the browser send
// a form or a body-less `no-cors` fetch here with the customer's cookies. SameSite=Lax keeps the token cookies
// off most of them, but not off a same-site page, and the visitor token's cart is at stake as well. So a request
// that changes something must come from one of the shop's own pages.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The shop's origin as configured (PUBLIC_URL) and as this request addressed it (Host, or a trusted proxy's). */
function ownOrigins(headers: Headers, url: string): string[] {
  const own = new URL(url);
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || own.protocol.replace(':', '');
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host') || own.host;
  return [serverConfig.publicOrigin, `${proto}://${host}`.toLowerCase()];
}

/**
 * Whether an unsafe request (POST, PUT, PATCH, DELETE) may go on. Browsers label every request with
 * Sec-Fetch-Site, which scripts cannot set: only `same-origin` (the shop's pages) and `none` (typed or
 * bookmarked by the customer) pass; `same-site` and `cross-site` do not. A browser without it still sends Origin
 * on such requests, which must then be the shop's. A request with neither is not a browser's (curl, a server, the
 * test suite): forgery needs the victim's browser, so it is let through to the API's own checks.
 */
export function isSameOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' || site === 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  return ownOrigins(request.headers, request.url).includes(origin.toLowerCase());
}
