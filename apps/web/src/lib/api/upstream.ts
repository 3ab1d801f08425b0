import {
  API_ROUTES,
  HEADER_NAMES,
  isValidRequestId,
  REQUEST_ID_HEADER,
  tokenPair,
  unauthorizedTokenResponse,
  type TokenPair,
} from '@podbor/contract';
import { CLIENT_ADDRESS_HEADER } from '../client-address';
import { serverConfig } from '../config';

// Server-side calls to the API process (API_URL). Used by proxy.ts, the /api route handlers and server
// components; nothing here runs in the browser.

export interface UpstreamContext {
  /** `Bearer <access>` or the raw not-authorized token, per API-SHAPES §0; undefined for public calls. */
  authorization?: string;
  /** The storefront host the customer used (the API picks the showcase by it). */
  clientHost?: string;
  /** Selected city slug. */
  city?: string;
  /** The customer's address, so the API's per-IP limits count people rather than this web server. */
  forwardedFor?: string;
  /** The id of the customer's request (issue #16): the API writes it in its log lines. */
  requestId?: string;
}

export function authorizationFor(tokens: { access?: string; visitor?: string }): string | undefined {
  if (tokens.access) return `Bearer ${tokens.access}`;
  return tokens.visitor || undefined;
}

export function upstreamHeaders(ctx: UpstreamContext, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (ctx.authorization) headers.set(HEADER_NAMES.authorization, ctx.authorization);
  if (ctx.clientHost) headers.set(HEADER_NAMES.clientHost, ctx.clientHost);
  if (ctx.city) headers.set(HEADER_NAMES.city, ctx.city);
  if (ctx.forwardedFor) headers.set('x-forwarded-for', ctx.forwardedFor);
  if (ctx.requestId) headers.set(REQUEST_ID_HEADER, ctx.requestId);
  return headers;
}

/**
 * fetch to the API with the configured time budget. Network failures reject; HTTP errors resolve. Media URLs
 * come root-relative (`/media/…`): the storefront serves them on its own origin, whatever host it is opened on.
 */
export function fetchUpstream(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(HEADER_NAMES.mediaUrls, 'relative');
  return fetch(`${serverConfig.apiUrl}${path}`, {
    cache: 'no-store',
    ...init,
    headers,
    signal: init.signal ?? AbortSignal.timeout(serverConfig.apiTimeoutMs),
  });
}

/** SPEC §8: a new token pair for a refresh token, or null when the API refuses it (the session is over). */
export async function refreshSession(refresh: string, ctx: UpstreamContext): Promise<TokenPair | null> {
  try {
    const res = await fetchUpstream(API_ROUTES.tokenRefresh.path, {
      method: 'POST',
      headers: upstreamHeaders({ ...ctx, authorization: undefined }, { 'content-type': 'application/json' }),
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) return null;
    const parsed = tokenPair.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An anonymous visitor token (owner of the anonymous cart), or null when the API cannot give one now. */
export async function issueVisitorToken(ctx: UpstreamContext): Promise<string | null> {
  try {
    const res = await fetchUpstream(API_ROUTES.unauthorizedToken.path, {
      method: 'POST',
      headers: upstreamHeaders({ ...ctx, authorization: undefined }, { 'content-type': 'application/json' }),
    });
    if (!res.ok) return null;
    const parsed = unauthorizedTokenResponse.safeParse(await res.json());
    return parsed.success ? parsed.data.token : null;
  } catch {
    return null;
  }
}

/** Host the customer typed, from a request's headers (behind a proxy: X-Forwarded-Host). */
export function clientHostOf(headers: Headers): string | undefined {
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host') || undefined;
  return host?.replace(/:\d+$/, '');
}

/**
 * The customer's address as the storefront's server worked it out (see CLIENT_ADDRESS_HEADER), never an
 * X-Forwarded-For the client sent. Under `next dev` there is none, and the API counts this server's address.
 */
export function forwardedForOf(headers: Headers): string | undefined {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
}

/**
 * The id the storefront's server gave the request (src/server/observability.ts). Under `next dev` there is no such
 * server: a client's own id is passed on only when valid (the API checks it again).
 */
export function requestIdOf(headers: Headers): string | undefined {
  const id = headers.get(REQUEST_ID_HEADER);
  return isValidRequestId(id) ? id : undefined;
}
