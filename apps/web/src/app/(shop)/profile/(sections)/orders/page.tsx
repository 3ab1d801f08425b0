import { ORDERS_PAGE_SIZE, PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import { LoadFailed } from '@/features/profile/load-failed';
import { readOrdersFilter } from '@/features/profile/orders-query';
import { OrdersView } from '@/features/profile/orders-view';
import { SignedOutPrompt } from '@/features/profile/signed-out';
import { apiCall, ApiError } from '@/lib/api/server';
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
  // One call: each listed order carries its own lines, so the page needs no detail call per order.
  return <OrdersView filter={filter} data={orders} />;
}
