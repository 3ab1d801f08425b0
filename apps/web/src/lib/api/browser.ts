import { API_ROUTES, buildPath, errorBody, type ApiRouteName, type ErrorBody } from '@podbor/contract';
import type { z } from 'zod';
import { cartSummaryText } from '../cart-summary';
import { CART_CHANGED_EVENT, SESSION_ENDED_EVENT, type CartChangedDetail } from '../events';

// The browser's API client: same-origin `/api/...` (the web app's proxy adds tokens and headers, see bff.ts).
// Only dialogs and other lazily loaded code use it, so the contract's schemas stay out of the first load.

type Route<N extends ApiRouteName> = (typeof API_ROUTES)[N];
type ResponseOf<N extends ApiRouteName> = z.output<Route<N>['response']>;

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: ErrorBody | null };

export interface BrowserCallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers the proxy forwards (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}


export async function browserApi<N extends ApiRouteName>(
  name: N,
  options: BrowserCallOptions = {},
): Promise<ApiResult<ResponseOf<N>>> {
  const route: Route<N> = API_ROUTES[name];
  let url = buildPath(route.path, options.params);
  if (options.query) {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query)) if (v !== undefined && v !== '') search.set(k, String(v));
    if (search.size > 0) url += `?${search}`;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
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
    return { ok: false, status: res.status, error: parsed.success ? parsed.data : null };
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
