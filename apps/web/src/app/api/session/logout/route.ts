import { COOKIE_NAMES, detailError, MESSAGES } from '@podbor/contract';
import { NextResponse, type NextRequest } from 'next/server';
import { clientHostOf, fetchUpstream, forwardedForOf, upstreamHeaders } from '@/lib/api/upstream';
import { isSameOriginWrite } from '@/lib/same-origin';
import { clearTokens, isSecureRequest } from '@/lib/session-cookies';

/** The API's logout call (a Podbor addition, not in SPEC §7): revokes the refresh token's whole session. */
const API_LOGOUT_PATH = '/api/v1/user/logout/';

/**
 * SPEC §4 logout: both token cookies go; the anonymous visitor token stays so the guest cart survives. The
 * session is revoked at the API first, so a copy of either token stops working too (the API checks the session
 * of every access token). An API that cannot be reached does not keep the customer signed in here.
 */
export async function POST(request: NextRequest) {
  // Another site must not sign the customer out (a cross-site form would otherwise do it).
  if (!isSameOriginWrite(request))
    return NextResponse.json(detailError(MESSAGES.crossSiteRequest), { status: 403 });
  const refresh = request.cookies.get(COOKIE_NAMES.refresh)?.value;
  if (refresh) {
    try {
      const res = await fetchUpstream(API_LOGOUT_PATH, {
        method: 'POST',
        headers: upstreamHeaders(
          { clientHost: clientHostOf(request.headers), forwardedFor: forwardedForOf(request.headers) },
          { 'content-type': 'application/json' },
        ),
        body: JSON.stringify({ refresh }),
      });
      await res.body?.cancel();
    } catch {
      // Cookies are cleared below either way; the refresh token then ends at its absolute expiry.
    }
  }
  const res = NextResponse.json({ status: 'ok' });
  clearTokens(res.cookies, isSecureRequest(request.headers, request.url));
  return res;
}
