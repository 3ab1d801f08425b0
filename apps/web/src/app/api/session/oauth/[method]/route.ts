import { API_ROUTES, authMethodsResponse } from '@podbor/contract';
import { NextResponse, type NextRequest } from 'next/server';
import { clientHostOf, fetchUpstream, forwardedForOf, upstreamHeaders } from '@/lib/api/upstream';
import { publicUrl } from '@/lib/public-url';
import { isSecureRequest, safeReturnPath, writeOauthFlow } from '@/lib/session-cookies';

type Ctx = { params: Promise<{ method: string }> };

/**
 * Starts an external sign-in (the login dialog's Yandex ID button links here): takes a fresh authorize URL
 * with its signed state from the API's method list, remembers the state in this browser, and sends the
 * browser to the provider. The provider returns to /auth/<method>/callback.
 */
export async function GET(request: NextRequest, { params }: Ctx) {
  const { method } = await params;
  const next = safeReturnPath(request.nextUrl.searchParams.get('next'));
  const failed = () =>
    NextResponse.redirect(publicUrl(`/profile?auth_error=${encodeURIComponent(method)}`), 303);
  let url: string | undefined;
  try {
    const res = await fetchUpstream(API_ROUTES.authMethods.path, {
      headers: upstreamHeaders({
        clientHost: clientHostOf(request.headers),
        forwardedFor: forwardedForOf(request.headers),
      }),
    });
    const parsed = authMethodsResponse.safeParse(res.ok ? await res.json() : null);
    url = parsed.success ? parsed.data.find((m) => m.method === method)?.url : undefined;
  } catch {
    url = undefined;
  }
  const state = url ? safeUrl(url)?.searchParams.get('state') : null;
  if (!url || !state) return failed();
  const res = NextResponse.redirect(url, 303);
  writeOauthFlow(res.cookies, { method, state, next }, isSecureRequest(request.headers, request.url));
  return res;
}

function safeUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
