import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { ManufacturersDesk } from '@/features/admin-manufacturers/manufacturers-desk';
import { apiCall } from '@/lib/api/server';

export const metadata: Metadata = { title: 'Производители' };

export default async function ManufacturersPage() {
  const staff = await apiCall('staffMe');
  return (
    <>
      <PageHeader
        title="Производители"
        lead="Бренды товаров: название, адрес страницы, страна, описание и логотип."
      />
      <ManufacturersDesk canEdit={staff.role === 'admin'} />
    </>
  );
}
