import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { Dashboard } from '@/features/admin-orders/dashboard';

export const metadata: Metadata = { title: 'Сводка' };

export default function AdminHome() {
  return (
    <>
      <PageHeader
        title="Сводка"
        lead="Заказы и выручка за сегодня, звонки, которые ждут, и товары без остатка."
      />
      <Dashboard />
    </>
  );
}
