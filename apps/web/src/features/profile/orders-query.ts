import { DEFAULT_ORDER_ORDERING, ORDER_NUMBER_LENGTH, type OrderOrdering } from '@podbor/contract';

/** The order-history filters as read from the page URL; anything malformed is dropped, not sent to the API. */
export interface OrdersFilter {
  search: string;
  created_after: string;
  created_before: string;
  ordering: OrderOrdering;
  page: number;
}

type Params = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

export function readOrdersFilter(params: Params): OrdersFilter {
  const search = first(params.search).replace(/\D/g, '').slice(0, ORDER_NUMBER_LENGTH);
  const after = first(params.created_after);
  const before = first(params.created_before);
  const ordering = first(params.ordering) === 'created_at' ? 'created_at' : DEFAULT_ORDER_ORDERING;
  const page = Number(first(params.page));
  return {
    search,
    created_after: isDay(after) ? after : '',
    created_before: isDay(before) ? before : '',
    ordering,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function isFiltered(f: OrdersFilter): boolean {
  return Boolean(f.search || f.created_after || f.created_before);
}

/** `/profile/orders?…` for these filters with another page (defaults left out of the URL). */
export function ordersHref(f: OrdersFilter, page: number): string {
  const q = new URLSearchParams();
  if (f.search) q.set('search', f.search);
  if (f.created_after) q.set('created_after', f.created_after);
  if (f.created_before) q.set('created_before', f.created_before);
  if (f.ordering !== DEFAULT_ORDER_ORDERING) q.set('ordering', f.ordering);
  if (page > 1) q.set('page', String(page));
  const text = q.toString();
  return text ? `/profile/orders?${text}` : '/profile/orders';
}

/** Page numbers around the current one, with `null` for a gap: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}
