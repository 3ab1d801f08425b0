import { PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LoadFailed } from '@/features/profile/load-failed';
import { OrderDetailView } from '@/features/profile/order-detail-view';
import { SignedOutPrompt } from '@/features/profile/signed-out';
import { apiCall, ApiError } from '@/lib/api/server';
import { getStartData } from '@/lib/start-data';

type Props = { params: Promise<{ orderId: string }> };

export const metadata: Metadata = { title: PAGE_TITLES.orderInfo, robots: { index: false } };

export default async function OrderPage({ params }: Props) {
  const [{ orderId }, data] = await Promise.all([params, getStartData()]);
  if (!data.isAuthorized) return <SignedOutPrompt />;
  // An unknown order is a 404 page (./not-found.tsx), so nothing indexes or caches it as a real one. That takes
  // an HTTP 404, so no loading boundary (loading.tsx) may stand above this page: one would stream the page with a
  // 200 before the order is read. The profile's other pages keep theirs in the (sections) route group.
  if (!/^\d{1,15}$/.test(orderId)) notFound();
  let order;
  try {
    order = await apiCall('orderDetail', { params: { orderId } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return <SignedOutPrompt stale />;
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) notFound();
    return <LoadFailed what="заказ" href={`/profile/orders/${orderId}`} />;
  }
  return <OrderDetailView order={order} />;
}
