import { API_ROUTES, buildPath, COOKIE_NAMES, errorBody, type ApiRouteName, type ErrorBody } from '@podbor/contract';
import { cookies, headers } from 'next/headers';
import type { z } from 'zod';
import { authorizationFor, clientHostOf, fetchUpstream, forwardedForOf, upstreamHeaders } from './upstream';

// Server components' access to the API: straight to API_URL with the token from the cookies (proxy.ts has
// already refreshed it or issued a visitor token for this request).

type Route<N extends ApiRouteName> = (typeof API_ROUTES)[N];
type ResponseOf<N extends ApiRouteName> = z.output<Route<N>['response']>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.errors.detail ?? `HTTP ${status}`);
  }
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /**
   * Seconds the answer may be reused across requests. Only for calls that do not depend on who asks
   * (no token is sent then); everything else is fetched fresh.
   */
  revalidate?: number;
}

function withQuery(path: string, query: CallOptions['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export async function apiCall<N extends ApiRouteName>(name: N, options: CallOptions = {}): Promise<ResponseOf<N>> {
  const route: Route<N> = API_ROUTES[name];
  const [jar, incoming] = await Promise.all([cookies(), headers()]);
  const shared = options.revalidate !== undefined;
  const ctx = {
    authorization: shared
      ? undefined
      : authorizationFor({
          access: jar.get(COOKIE_NAMES.access)?.value,
          visitor: jar.get(COOKIE_NAMES.notAuthorizedToken)?.value,
        }),
    clientHost: clientHostOf(incoming),
    city: jar.get(COOKIE_NAMES.selectedCity)?.value || undefined,
    forwardedFor: shared ? undefined : forwardedForOf(incoming),
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
export async function apiTry<N extends ApiRouteName>(name: N, options: CallOptions = {}): Promise<ResponseOf<N> | null> {
  try {
    return await apiCall(name, options);
  } catch {
    return null;
  }
}
