import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { OrderList } from '@/features/admin-orders/order-list';

export const metadata: Metadata = { title: 'Заказы' };

export default function OrdersPage() {
  return (
    <>
      <PageHeader title="Заказы" lead="Новые сверху; счётчики по статусам обновляются сами." />
      <OrderList />
    </>
  );
}
