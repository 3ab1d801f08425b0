import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { SuppliersTabs } from '@/features/admin-suppliers/section-tabs';
import { SuppliersDesk } from '@/features/admin-suppliers/suppliers-desk';

export const metadata: Metadata = { title: 'Поставщики' };

export default function SuppliersPage() {
  return (
    <>
      <PageHeader
        title="Поставщики"
        lead="Прайс-листы поставщиков: столбцы файла, загрузка и её ход, предложения «под заказ» в каталоге."
      />
      <SuppliersTabs current="/admin/suppliers" />
      <SuppliersDesk />
    </>
  );
}
