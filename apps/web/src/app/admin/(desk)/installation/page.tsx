import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { InstallationDesk } from '@/features/admin-installation/installation-desk';
import { apiCall } from '@/lib/api/server';

export const metadata: Metadata = { title: 'Цены установки' };

export default async function InstallationPage() {
  const staff = await apiCall('staffMe');
  return (
    <>
      <PageHeader
        title="Цены установки"
        lead="Цена установки товаров категории по городам и типам транспорта. «Любой город» и «Любой тип» — запасные цены, когда точной нет."
      />
      <InstallationDesk canEdit={staff.role === 'admin'} />
    </>
  );
}
