import { COOKIE_NAMES, QUERY_PARAMS } from '@podbor/contract';
import { NextResponse, type NextRequest } from 'next/server';
import {
  clientHostOf,
  forwardedForOf,
  issueVisitorToken,
  refreshSession,
  requestIdOf,
} from './lib/api/upstream';
import { isExpiring } from './lib/jwt';
import { pageSecurity } from './lib/page-security';
import { NONCE_HEADER } from './lib/security-headers';
import {
  clearReadable,
  clearTokens,
  isSecureRequest,
  writeReadable,
  writeTokens,
  writeVisitorToken,
} from './lib/session-cookies';

/**
 * Server-side start of every page (SPEC §4), run before rendering because only here (and in route handlers)
 * may cookies be written:
 * - with a refresh cookie, the session is refreshed when the access token is missing or about to expire;
 *   refreshing on every navigation would rotate the refresh token under parallel requests and trip the API's
 *   reuse detection, which revokes the whole session;
 * - without one, an anonymous visitor token is obtained once;
 * - `?transport_id=` is remembered in the 30-day transport cookie; the year cookie of the previous vehicle goes.
 * Cookies set on the response are visible to the render through cookies() (Next applies them to the request).
 * - every page gets a Content-Security-Policy with a fresh nonce: Next reads it from the request's CSP header
 *   and puts it on its own scripts; the layout reads it from x-nonce for the analytics snippets.
 */
export async function proxy(request: NextRequest) {
  const secure = isSecureRequest(request.headers, request.url);
  const jar = request.cookies;
  const ctx = {
    clientHost: clientHostOf(request.headers),
    forwardedFor: forwardedForOf(request.headers),
    requestId: requestIdOf(request.headers),
  };
  const security = await pageSecurity({ clientHost: ctx.clientHost, secure });
  const forwarded = new Headers(request.headers);
  forwarded.set(NONCE_HEADER, security.nonce);
  forwarded.set('content-security-policy', security.csp);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set('content-security-policy', security.csp);
  if (security.hsts) response.headers.set('strict-transport-security', security.hsts);

  const refresh = jar.get(COOKIE_NAMES.refresh)?.value;
  const access = jar.get(COOKIE_NAMES.access)?.value;
  let signedIn = false;
  if (refresh) {
    if (isExpiring(access)) {
      const pair = await refreshSession(refresh, ctx);
      if (pair) {
        writeTokens(response.cookies, pair, secure);
        signedIn = true;
      } else {
        clearTokens(response.cookies, secure);
      }
    } else {
      signedIn = true;
    }
  }
  if (!signedIn && !jar.get(COOKIE_NAMES.notAuthorizedToken)?.value) {
    const token = await issueVisitorToken(ctx);
    if (token) writeVisitorToken(response.cookies, token, secure);
  }

  const transportId = request.nextUrl.searchParams.get(QUERY_PARAMS.transportId);
  if (
    transportId &&
    /^\d{1,15}$/.test(transportId) &&
    transportId !== jar.get(COOKIE_NAMES.transportId)?.value
  ) {
    writeReadable(response.cookies, COOKIE_NAMES.transportId, transportId, secure);
    // transportYear is the year picked for the previous vehicle, and the URL carries none for this one.
    // Dropped rather than looked up: everything shown follows transportId alone (the label and the years come
    // from the transport itself), so a lookup would only add an API call before the page; the same rule as
    // applyTransport's for a vehicle chosen without a year.
    if (jar.has(COOKIE_NAMES.transportYear))
      clearReadable(response.cookies, COOKIE_NAMES.transportYear, secure);
  }
  return response;
}

export const config = {
  matcher: [
    // Pages only: not the API proxy, media, Next's assets or files with an extension.
    '/((?!api/|media/|_next/|favicon\\.ico|robots\\.txt|sitemap\\.xml|.*\\.[a-zA-Z0-9]{2,5}$).*)',
  ],
};
