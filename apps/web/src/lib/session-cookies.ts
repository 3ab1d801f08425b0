import { ACCESS_TOKEN_TTL_SECONDS, COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from '@podbor/contract';
import { serverConfig } from './config';
import { jwtExpiry } from './jwt';

// Cookie writing shared by proxy.ts and the /api route handlers. Tokens are HttpOnly (page scripts never see
// them); the readable cookies of SPEC §3 are written by the browser itself (see lib/browser-cookies.ts).

/** The part of Next's ResponseCookies used here, so both NextResponse and cookies() fit. */
export interface CookieWriter {
  set(name: string, value: string, options: CookieOptions): unknown;
}
export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  path?: string;
  maxAge?: number;
}

/** Refresh tokens live 30 days (ARCHITECTURE §2); the cookie never outlives the token. */
const REFRESH_FALLBACK_MAX_AGE = COOKIE_MAX_AGE_SECONDS;
/** An access token is short-lived (15 min); without a readable expiry assume that. */
const ACCESS_FALLBACK_MAX_AGE = ACCESS_TOKEN_TTL_SECONDS;
/** The visitor token is opaque and long-lived: it owns the anonymous cart. */
const VISITOR_MAX_AGE = 365 * 24 * 60 * 60;

/** Whether Secure is set: see COOKIE_SECURE in config.ts. */
export function isSecureRequest(headers: Headers, url: string): boolean {
  if (serverConfig.cookieSecure === 'true') return true;
  if (serverConfig.cookieSecure === 'false') return false;
  if (serverConfig.env !== 'production') return false;
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(url).protocol.replace(':', '')) === 'https';
}

function tokenOptions(secure: boolean, maxAge: number): CookieOptions {
  return { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge };
}

function maxAgeOf(token: string, fallback: number): number {
  const exp = jwtExpiry(token);
  if (exp === null) return fallback;
  return Math.max(1, Math.floor(exp - Date.now() / 1000));
}

export function writeTokens(
  jar: CookieWriter,
  pair: { access: string; refresh: string },
  secure: boolean,
): void {
  jar.set(
    COOKIE_NAMES.access,
    pair.access,
    tokenOptions(secure, maxAgeOf(pair.access, ACCESS_FALLBACK_MAX_AGE)),
  );
  jar.set(
    COOKIE_NAMES.refresh,
    pair.refresh,
    tokenOptions(secure, maxAgeOf(pair.refresh, REFRESH_FALLBACK_MAX_AGE)),
  );
}

export function writeVisitorToken(jar: CookieWriter, token: string, secure: boolean): void {
  jar.set(COOKIE_NAMES.notAuthorizedToken, token, tokenOptions(secure, VISITOR_MAX_AGE));
}

/** SPEC §4: logout removes both token cookies. The visitor token stays, so the anonymous cart goes on. */
export function clearTokens(jar: CookieWriter, secure: boolean): void {
  jar.set(COOKIE_NAMES.access, '', tokenOptions(secure, 0));
  jar.set(COOKIE_NAMES.refresh, '', tokenOptions(secure, 0));
}

/** A readable 30-day cookie (transport id from the URL), written on the server. */
export function writeReadable(jar: CookieWriter, name: string, value: string, secure: boolean): void {
  jar.set(name, value, {
    httpOnly: false,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}

/** Removes a readable cookie written by writeReadable or by the page (same path). */
export function clearReadable(jar: CookieWriter, name: string, secure: boolean): void {
  jar.set(name, '', { httpOnly: false, secure, sameSite: 'lax', path: '/', maxAge: 0 });
}

/**
 * External sign-in (OAuth): the `state` of the flow this browser started, and where to return afterwards.
 * The callback accepts the provider's answer only with the same state, which stops anyone from finishing a
 * flow they started in someone else's browser (login CSRF). Short-lived, HttpOnly; Lax so the provider's
 * top-level redirect back carries it.
 */
export const OAUTH_STATE_COOKIE = 'oauthState';
export const OAUTH_NEXT_COOKIE = 'oauthNext';
const OAUTH_MAX_AGE = 10 * 60;

export function writeOauthFlow(
  jar: CookieWriter,
  flow: { method: string; state: string; next: string },
  secure: boolean,
): void {
  jar.set(OAUTH_STATE_COOKIE, `${flow.method}:${flow.state}`, tokenOptions(secure, OAUTH_MAX_AGE));
  jar.set(OAUTH_NEXT_COOKIE, flow.next, tokenOptions(secure, OAUTH_MAX_AGE));
}

export function clearOauthFlow(jar: CookieWriter, secure: boolean): void {
  jar.set(OAUTH_STATE_COOKIE, '', tokenOptions(secure, 0));
  jar.set(OAUTH_NEXT_COOKIE, '', tokenOptions(secure, 0));
}

/**
 * Characters a browser does not take as they look: URL parsers drop tab, CR and LF (`/\t/evil.example` is read
 * as `//evil.example`, another host) and read a backslash as a slash; no return path of the shop has any
 * control character.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MISREAD = /[\u0000-\u001f\u007f-\u009f\\]/;
const PROBE_ORIGIN = 'http://return-path.invalid';

/** An absolute path that stays on the origin it is resolved against, with nothing a browser would misread. */
function isLocalPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || MISREAD.test(path)) return false;
  const url = new URL(path, PROBE_ORIGIN);
  return url.origin === PROBE_ORIGIN && !url.pathname.startsWith('//');
}

/**
 * A same-site path to return to (`/profile?x=1`); anything else (other sites, `//host`, `/\thost`, control
 * characters, backslashes) becomes `/`. The path is checked once more percent-decoded (`/%2F%09evil.example`),
 * as a server that decodes it before redirecting again would read it.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 500 || !isLocalPath(value)) return '/';
  const end = value.search(/[?#]/);
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(end === -1 ? value : value.slice(0, end));
  } catch {
    return '/';
  }
  return isLocalPath(decodedPath) ? value : '/';
}
