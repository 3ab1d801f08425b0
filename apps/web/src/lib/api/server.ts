import {
  API_ROUTES,
  buildPath,
  COOKIE_NAMES,
  errorBody,
  type ApiRouteName,
  type ErrorBody,
} from '@podbor/contract';
import { cookies, headers } from 'next/headers';
import { withQuery, type OptionalIfEmpty, type RequestOf, type ResponseOf, type Route } from './route-types';
import {
  authorizationFor,
  clientHostOf,
  fetchUpstream,
  forwardedForOf,
  requestIdOf,
  upstreamHeaders,
} from './upstream';

// Server components' access to the API: straight to API_URL with the token from the cookies (proxy.ts has
// already refreshed it or issued a visitor token for this request).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.errors.detail ?? `HTTP ${status}`);
  }
}

/** Params, query and body as the route's entry in the contract's route table declares them. */
export type CallOptions<N extends ApiRouteName> = RequestOf<N> & {
  /**
   * Seconds the answer may be reused across requests. Only for calls that do not depend on who asks
   * (no token is sent then); everything else is fetched fresh.
   */
  revalidate?: number;
};

/**
 * Whether a call carries the visitor's token. `public` routes answer the same for everyone (the catalogue does
 * not read the token), so they go without it and the API skips the session lookup; `session`, `user` and any
 * level that may personalise the answer get it.
 */
function sendsToken(route: { auth: string }): boolean {
  return route.auth !== 'public';
}

export async function apiCall<N extends ApiRouteName>(
  name: N,
  ...[options = {} as CallOptions<N>]: OptionalIfEmpty<N, CallOptions<N>>
): Promise<ResponseOf<N>> {
  const route: Route<N> = API_ROUTES[name];
  const [jar, incoming] = await Promise.all([cookies(), headers()]);
  const shared = options.revalidate !== undefined;
  const ctx = {
    authorization:
      shared || !sendsToken(route)
        ? undefined
        : authorizationFor({
            access: jar.get(COOKIE_NAMES.access)?.value,
            visitor: jar.get(COOKIE_NAMES.notAuthorizedToken)?.value,
          }),
    clientHost: clientHostOf(incoming),
    city: jar.get(COOKIE_NAMES.selectedCity)?.value || undefined,
    forwardedFor: shared ? undefined : forwardedForOf(incoming),
    // Not on shared (cached) calls: the id would make every request's cache entry its own.
    requestId: shared ? undefined : requestIdOf(incoming),
  };
  const hasBody = options.body !== undefined;
  const path = withQuery(buildPath(route.path, options.params), options.query);
  const res = await fetchUpstream(path, {
    method: route.method,
    headers: upstreamHeaders(ctx, hasBody ? { 'content-type': 'application/json' } : {}),
    body: hasBody ? JSON.stringify(options.body) : undefined,
    ...(shared ? { cache: 'force-cache' as const, next: { revalidate: options.revalidate } } : {}),
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorBody.safeParse(data);
    throw new ApiError(res.status, parsed.success ? parsed.data : null);
  }
  const parsed = route.response.safeParse(data);
  if (!parsed.success) throw new ApiError(502, null);
  return parsed.data as ResponseOf<N>;
}

/** The same call, with any failure (API down, 404 of a not-yet-built endpoint, bad data) as null. */
export async function apiTry<N extends ApiRouteName>(
  name: N,
  ...args: OptionalIfEmpty<N, CallOptions<N>>
): Promise<ResponseOf<N> | null> {
  try {
    return await apiCall(name, ...args);
  } catch {
    return null;
  }
}
