import { API_ROUTES, buildPath, errorBody, type ApiRouteName, type ErrorBody } from '@podbor/contract';
import { cartSummaryText } from '../cart-summary';
import { CART_CHANGED_EVENT, SESSION_ENDED_EVENT, type CartChangedDetail } from '../events';

// The browser's API client: same-origin `/api/...` (the web app's proxy adds tokens and headers, see bff.ts).
// Only dialogs and other lazily loaded code use it, so the contract's schemas stay out of the first load.

import { withQuery, type OptionalIfEmpty, type RequestOf, type ResponseOf, type Route } from './route-types';

export type ApiResult<T> =
  | { ok: true; data: T }
  /** `retryAfter`: seconds from a refusal's Retry-After header (429), when it has one. */
  | { ok: false; status: number; error: ErrorBody | null; retryAfter?: number };

/** Params, query and body as the route's entry in the contract's route table declares them. */
export type BrowserCallOptions<N extends ApiRouteName> = RequestOf<N> & {
  signal?: AbortSignal;
  /** Extra request headers the proxy forwards (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
};

export async function browserApi<N extends ApiRouteName>(
  name: N,
  ...[options = {} as BrowserCallOptions<N>]: OptionalIfEmpty<N, BrowserCallOptions<N>>
): Promise<ApiResult<ResponseOf<N>>> {
  const route: Route<N> = API_ROUTES[name];
  const url = withQuery(buildPath(route.path, options.params), options.query);
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  if (res.headers.get('x-session-ended')) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorBody.safeParse(data);
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
    return {
      ok: false,
      status: res.status,
      error: parsed.success ? parsed.data : null,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
    };
  }
  const parsed = route.response.safeParse(data);
  if (!parsed.success) return { ok: false, status: res.status, error: null };
  if (name === 'cart' || name === 'cartAddItem' || name === 'cartUpdateItem' || name === 'cartClear') {
    const cart = parsed.data as { total: number; total_price: number };
    const detail: CartChangedDetail = cartSummaryText(cart.total, cart.total_price);
    window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail }));
  }
  return { ok: true, data: parsed.data as ResponseOf<N> };
}
