import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { OrderList } from '@/features/admin-orders/order-list';
import { apiCall } from '@/lib/api/server';

export const metadata: Metadata = { title: 'Заказы' };

export default async function OrdersPage() {
  const staff = await apiCall('staffMe');
  return (
    <>
      <PageHeader title="Заказы" lead="Новые сверху; счётчики по статусам обновляются сами." />
      <OrderList branchIds={staff.branch_ids} />
    </>
  );
}
