import { PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
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
  const notFound = (
    <StatusPanel
      code="404"
      title="Заказ не найден"
      headingLevel={1}
      actions={
        <Link href="/profile/orders" className={buttonClass('primary')}>
          К истории заказов
        </Link>
      }
    >
      <p>Такого заказа нет в вашей истории. Проверьте ссылку или найдите заказ по номеру.</p>
    </StatusPanel>
  );
  if (!/^\d{1,15}$/.test(orderId)) return notFound;
  let order;
  try {
    order = await apiCall('orderDetail', { params: { orderId } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return <SignedOutPrompt stale />;
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return notFound;
    return <LoadFailed what="заказ" href={`/profile/orders/${orderId}`} />;
  }
  return <OrderDetailView order={order} />;
}
