import { API_ROUTES, buildPath, COOKIE_NAMES, tokenPair } from '@podbor/contract';
import { NextResponse, type NextRequest } from 'next/server';
import {
  authorizationFor,
  clientHostOf,
  fetchUpstream,
  forwardedForOf,
  upstreamHeaders,
} from '@/lib/api/upstream';
import { publicUrl } from '@/lib/public-url';
import {
  clearOauthFlow,
  isSecureRequest,
  OAUTH_NEXT_COOKIE,
  OAUTH_STATE_COOKIE,
  safeReturnPath,
  writeTokens,
} from '@/lib/session-cookies';

type Ctx = { params: Promise<{ method: string }> };

/**
 * Where the provider sends the browser back (YANDEX_REDIRECT_URI = <shop>/auth/yandex/callback). The answer is
 * accepted only with the state this browser was given at the start; the API then checks the state's signature
 * and single use, exchanges the code and returns the shop's token pair, which becomes the HttpOnly cookies.
 * The visitor token goes along so the anonymous cart joins the account; a signed-in caller links the identity.
 */
export async function GET(request: NextRequest, { params }: Ctx) {
  const { method } = await params;
  const secure = isSecureRequest(request.headers, request.url);
  const query = request.nextUrl.searchParams;
  const code = query.get('code');
  const state = query.get('state');
  const expected = request.cookies.get(OAUTH_STATE_COOKIE)?.value;
  const next = safeReturnPath(request.cookies.get(OAUTH_NEXT_COOKIE)?.value);

  const finish = (to: string) => {
    const res = NextResponse.redirect(publicUrl(to), 303);
    clearOauthFlow(res.cookies, secure);
    return res;
  };
  const failed = () => finish(`/profile?auth_error=${encodeURIComponent(method)}`);

  if (
    !code ||
    !state ||
    !expected ||
    expected !== `${method}:${state}` ||
    !/^[a-z0-9_-]{1,50}$/.test(method)
  ) {
    return failed();
  }
  let pair;
  try {
    const res = await fetchUpstream(buildPath(API_ROUTES.authByMethod.path, { method }), {
      method: 'POST',
      headers: upstreamHeaders(
        {
          authorization: authorizationFor({
            access: request.cookies.get(COOKIE_NAMES.access)?.value,
            visitor: request.cookies.get(COOKIE_NAMES.notAuthorizedToken)?.value,
          }),
          clientHost: clientHostOf(request.headers),
          forwardedFor: forwardedForOf(request.headers),
        },
        { 'content-type': 'application/json' },
      ),
      body: JSON.stringify({ code, state }),
    });
    const parsed = tokenPair.safeParse(res.ok ? await res.json() : null);
    pair = parsed.success ? parsed.data : null;
  } catch {
    pair = null;
  }
  if (!pair) return failed();
  const res = finish(next);
  writeTokens(res.cookies, pair, secure);
  return res;
}
