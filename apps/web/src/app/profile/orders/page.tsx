import { ORDERS_PAGE_SIZE, PAGE_TITLES, type OrderDetailResponse } from '@podbor/contract';
import type { Metadata } from 'next';
import { LoadFailed } from '@/features/profile/load-failed';
import { readOrdersFilter } from '@/features/profile/orders-query';
import { OrdersView } from '@/features/profile/orders-view';
import { SignedOutPrompt } from '@/features/profile/signed-out';
import { apiCall, ApiError, apiTry } from '@/lib/api/server';
import { getStartData } from '@/lib/start-data';

export const metadata: Metadata = { title: PAGE_TITLES.orderHistory, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  const [params, data] = await Promise.all([searchParams, getStartData()]);
  if (!data.isAuthorized) return <SignedOutPrompt />;
  const filter = readOrdersFilter(params);
  let orders;
  try {
    orders = await apiCall('orders', {
      query: {
        search: filter.search || undefined,
        created_after: filter.created_after || undefined,
        created_before: filter.created_before || undefined,
        ordering: filter.ordering,
        page: filter.page,
        size: ORDERS_PAGE_SIZE,
      },
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return <SignedOutPrompt stale />;
    return <LoadFailed what="историю заказов" href="/profile/orders" />;
  }
  // The list call gives number, date, status and total; the items come from each order's detail (≤ 12 calls,
  // in parallel). An order whose detail fails is still listed, without its items.
  const details = await Promise.all(
    orders.results.map((o) => apiTry('orderDetail', { params: { orderId: o.id } })),
  );
  const byId = new Map<number, OrderDetailResponse>();
  for (const d of details) if (d) byId.set(d.id, d);
  return <OrdersView filter={filter} data={orders} details={byId} />;
}
