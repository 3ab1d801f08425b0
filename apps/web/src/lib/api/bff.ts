import {
  API_ROUTES,
  COOKIE_NAMES,
  detailError,
  IMPORT_FILE_MAX_BYTES,
  MESSAGES,
  PRODUCT_IMAGE_MAX_BYTES,
  REQUEST_ID_HEADER,
} from '@podbor/contract';
import { NextResponse, type NextRequest } from 'next/server';
import { isExpiring } from '../jwt';
import { isSameOriginWrite } from '../same-origin';
import { cartItemsCookieValue } from '../cart-cookie';
import {
  clearTokens,
  isSecureRequest,
  writeReadable,
  writeTokens,
  writeVisitorToken,
} from '../session-cookies';
import {
  authorizationFor,
  clientHostOf,
  fetchUpstream,
  forwardedForOf,
  requestIdOf,
  issueVisitorToken,
  refreshSession,
  type UpstreamContext,
} from './upstream';

// The browser's only way to the API: same-origin `/api/v1/...` and `/api/v2/...`. Adds the bearer (or the raw
// visitor token), the client host and the city header, applies SPEC §8's 401 rule, and keeps every token out
// of page scripts: responses that carry tokens are turned into HttpOnly cookies and stripped.

/** Response header telling the page its session ended here (refresh refused), so it can show the logged-out UI. */
export const SESSION_ENDED_HEADER = 'x-session-ended';

const FORWARDED_REQUEST_HEADERS = ['content-type', 'idempotency-key', 'accept-language'];
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'retry-after',
  'etag',
  'last-modified',
  'location',
  // Files the back office downloads (the products export) keep their name.
  'content-disposition',
];
/** Downloads streamed while the API reads the catalogue (issue #15): given longer than an ordinary call. */
const LONG_DOWNLOADS = new Set<string>([API_ROUTES.adminProductExport.path]);
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** The API refuses bodies over 1 MiB anyway; refusing here saves the hop. */
const MAX_BODY_BYTES = 1024 * 1024;
/** A back-office photo upload (multipart: the file plus its part headers). */
const IMAGE_UPLOAD_PATH = /^admin\/v1\/products\/\d+\/images$/;
const MAX_UPLOAD_BYTES = PRODUCT_IMAGE_MAX_BYTES + 64 * 1024;
/**
 * A back-office import file (issue #15): a catalogue table of up to IMPORT_FILE_MAX_BYTES — a fitment or
 * analogues file, a supplier's price list, or the sample of one whose columns are being set.
 */
const IMPORT_UPLOAD_PATH = /^admin\/v1\/(?:imports|suppliers\/\d+\/price-list|price-lists\/preview)$/;
const MAX_IMPORT_BYTES = IMPORT_FILE_MAX_BYTES + 64 * 1024;

function bodyLimit(path: string): number {
  if (IMAGE_UPLOAD_PATH.test(path)) return MAX_UPLOAD_BYTES;
  if (IMPORT_UPLOAD_PATH.test(path)) return MAX_IMPORT_BYTES;
  return MAX_BODY_BYTES;
}

/**
 * Calls whose successful answer carries an access/refresh pair (API-SHAPES §4, Podbor's verify, auth methods,
 * and the password change, which answers with this session's pair).
 */
const TOKEN_ISSUING = [
  API_ROUTES.login.path,
  API_ROUTES.registerVerify.path,
  API_ROUTES.tokenRefresh.path,
  API_ROUTES.changePassword.path,
  API_ROUTES.staffLogin.path,
  '/api/v1/auth/',
];

const json = (status: number, body: unknown) => NextResponse.json(body, { status });

function isAllowedPath(segments: readonly string[]): boolean {
  const [version, adminVersion] = segments;
  return (
    // The storefront's API, and the back office's (`/api/admin/v1/…`, behind the same HttpOnly session).
    (version === 'v1' || version === 'v2' || (version === 'admin' && adminVersion === 'v1')) &&
    segments.every((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('\\'))
  );
}

/**
 * The request's body, read chunk by chunk and given up as soon as it passes MAX_BODY_BYTES: a chunked upload
 * declares no length, and buffering it whole first would let one request fill the server's memory.
 */
async function readBody(
  request: NextRequest,
  limit = MAX_BODY_BYTES,
): Promise<Uint8Array<ArrayBuffer> | null | 'too-large'> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return null;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return 'too-large';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return 'too-large';
    }
    chunks.push(value);
  }
  if (size === 0) return null;
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

export async function forward(request: NextRequest, segments: readonly string[]): Promise<Response> {
  if (!isAllowedPath(segments)) return json(404, detailError(MESSAGES.notFound));
  if (!isSameOriginWrite(request)) return json(403, detailError(MESSAGES.crossSiteRequest));
  const body = await readBody(request, bodyLimit(segments.join('/')));
  if (body === 'too-large') return json(413, detailError(MESSAGES.bodyTooLarge));

  // Next decodes path segments; re-encode them one by one so a `/` inside a slug cannot add a segment.
  const path = `/api/${segments.map(encodeURIComponent).join('/')}/`;
  const search = request.nextUrl.search;
  const secure = isSecureRequest(request.headers, request.url);
  const cookies = request.cookies;
  let access = cookies.get(COOKIE_NAMES.access)?.value;
  let refresh = cookies.get(COOKIE_NAMES.refresh)?.value;
  let visitor = cookies.get(COOKIE_NAMES.notAuthorizedToken)?.value;
  const base: UpstreamContext = {
    clientHost: clientHostOf(request.headers),
    city: cookies.get(COOKIE_NAMES.selectedCity)?.value || undefined,
    forwardedFor: forwardedForOf(request.headers),
    requestId: requestIdOf(request.headers),
  };
  const pendingCookies: ((res: NextResponse) => void)[] = [];
  let sessionEnded = false;

  const endSession = () => {
    access = undefined;
    refresh = undefined;
    sessionEnded = true;
    pendingCookies.push((res) => clearTokens(res.cookies, secure));
  };
  const tryRefresh = async (): Promise<boolean> => {
    if (!refresh) return false;
    const pair = await refreshSession(refresh, base);
    if (!pair) {
      endSession();
      return false;
    }
    access = pair.access;
    refresh = pair.refresh;
    pendingCookies.push((res) => writeTokens(res.cookies, pair, secure));
    return true;
  };

  // The refresh call itself takes the refresh token from its cookie: the page never has it.
  let outgoingBody: BodyInit | null = body;
  if (path === API_ROUTES.tokenRefresh.path) {
    if (!refresh) return json(401, detailError(MESSAGES.unauthenticated));
    // Only a POST carries the token: fetch refuses a body on GET/HEAD, and the API answers those itself (405).
    outgoingBody = BODILESS_METHODS.has(request.method) ? null : JSON.stringify({ refresh });
  } else {
    // An expired access cookie with a live refresh cookie: refresh first rather than spend a 401.
    if (refresh && isExpiring(access, 5)) await tryRefresh();
    // Pages get a visitor token from proxy.ts; this covers a call made before any page (e.g. a cart call
    // from a long-open tab whose cookie expired). Sign-in calls and the back office do not need one.
    const needsVisitor =
      !path.startsWith('/api/v1/user/') &&
      !path.startsWith('/api/v1/auth/') &&
      !path.startsWith('/api/admin/');
    if (!access && !refresh && !visitor && needsVisitor) {
      const token = await issueVisitorToken(base);
      if (token) {
        visitor = token;
        pendingCookies.push((res) => writeVisitorToken(res.cookies, token, secure));
      }
    }
  }

  const send = () => {
    const extra: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value) extra[name] = value;
    }
    if (path === API_ROUTES.tokenRefresh.path) extra['content-type'] = 'application/json';
    const headers = new Headers(extra);
    headers.set('accept', 'application/json');
    const authorization =
      path === API_ROUTES.tokenRefresh.path ? undefined : authorizationFor({ access, visitor });
    if (authorization) headers.set('authorization', authorization);
    if (base.clientHost) headers.set('x-client-host', base.clientHost);
    if (base.city) headers.set('x-city', base.city);
    if (base.forwardedFor) headers.set('x-forwarded-for', base.forwardedFor);
    if (base.requestId) headers.set(REQUEST_ID_HEADER, base.requestId);
    // Redirects (the sandbox payment page's 303 back to /payment) go to the browser, not followed here.
    return fetchUpstream(`${path}${search}`, {
      method: request.method,
      headers,
      body: outgoingBody,
      redirect: 'manual',
      ...(LONG_DOWNLOADS.has(path) ? { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) } : {}),
    });
  };

  let upstream: Response;
  try {
    upstream = await send();
    // SPEC §8: on a 401 with a refresh token and no retry yet — refresh, store, repeat; refresh failed — log out.
    if (upstream.status === 401 && refresh && path !== API_ROUTES.tokenRefresh.path) {
      await upstream.body?.cancel();
      await tryRefresh();
      upstream = await send();
    } else if (upstream.status === 401 && !access && !refresh && visitor) {
      // The API forgets visitor tokens nobody used for a day (and any after a year) while the cookie lives on:
      // a forgotten token is replaced once, so a returning visitor's cart call works instead of failing for good.
      await upstream.body?.cancel();
      const token = await issueVisitorToken(base);
      if (token) {
        visitor = token;
        pendingCookies.push((res) => writeVisitorToken(res.cookies, token, secure));
        upstream = await send();
      }
    }
  } catch {
    return finish(json(502, detailError('Сервис временно недоступен. Попробуйте ещё раз через минуту.')));
  }

  const isTokenCall =
    path !== API_ROUTES.authMethods.path &&
    TOKEN_ISSUING.some((p) => path === p || (p.endsWith('/auth/') && path.startsWith(p)));
  if (upstream.ok && (isTokenCall || path === API_ROUTES.unauthorizedToken.path)) {
    return finish(await absorbTokens(upstream, path, secure, pendingCookies));
  }
  if (path === API_ROUTES.tokenRefresh.path && outgoingBody !== null && !upstream.ok) endSession();
  if (upstream.ok && CART_PATHS.has(path)) {
    return finish(await mirrorCart(upstream, secure, pendingCookies));
  }

  const headers = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return finish(new NextResponse(upstream.body, { status: upstream.status, headers }));

  function finish(res: NextResponse): NextResponse {
    for (const apply of pendingCookies) apply(res);
    if (sessionEnded) res.headers.set(SESSION_ENDED_HEADER, '1');
    return res;
  }
}

const BODILESS_METHODS = new Set(['GET', 'HEAD']);

/** Calls whose answer is the cart (API-SHAPES §10). */
const CART_PATHS = new Set<string>([
  API_ROUTES.cart.path,
  API_ROUTES.cartAddItem.path,
  API_ROUTES.cartUpdateItem.path,
  API_ROUTES.cartClear.path,
]);

/** Passes a cart answer on and mirrors it into the readable `cartItems` cookie (SPEC §3). */
async function mirrorCart(
  upstream: Response,
  secure: boolean,
  pending: ((res: NextResponse) => void)[],
): Promise<NextResponse> {
  const text = await upstream.text();
  try {
    const cart = JSON.parse(text) as { results?: unknown };
    if (Array.isArray(cart.results)) {
      const value = cartItemsCookieValue(cart as Parameters<typeof cartItemsCookieValue>[0]);
      pending.push((res) => writeReadable(res.cookies, COOKIE_NAMES.cartItems, value, secure));
    }
  } catch {
    // Not JSON: passed on as it came, the cookie stays as it was.
  }
  const headers = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new NextResponse(text, { status: upstream.status, headers });
}

/** Moves `access`/`refresh` (or a visitor `token`) from the body into HttpOnly cookies; the page gets the rest. */
async function absorbTokens(
  upstream: Response,
  path: string,
  secure: boolean,
  pending: ((res: NextResponse) => void)[],
): Promise<NextResponse> {
  let body: Record<string, unknown>;
  try {
    body = (await upstream.json()) as Record<string, unknown>;
  } catch {
    return json(502, detailError(MESSAGES.genericError));
  }
  const { access, refresh, token, ...rest } = body;
  if (typeof access === 'string' && typeof refresh === 'string') {
    pending.push((res) => writeTokens(res.cookies, { access, refresh }, secure));
  }
  if (path === API_ROUTES.unauthorizedToken.path && typeof token === 'string') {
    pending.push((res) => writeVisitorToken(res.cookies, token, secure));
  }
  return json(upstream.status, { status: 'ok', ...rest });
}
