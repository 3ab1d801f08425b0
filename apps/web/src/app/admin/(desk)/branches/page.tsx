import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { BranchesDesk } from '@/features/admin-branches/branches-desk';
import { apiCall } from '@/lib/api/server';
import { serverConfig } from '@/lib/config';

export const metadata: Metadata = { title: 'Филиалы' };

export default async function BranchesPage() {
  const staff = await apiCall('staffMe');
  return (
    <>
      <PageHeader
        title="Филиалы"
        lead="Пункты самовывоза: адрес, часы работы, контакты и точка на карте магазина."
      />
      <BranchesDesk
        canEdit={staff.role === 'admin'}
        map={{ tileUrl: serverConfig.mapTileUrl, attribution: serverConfig.mapAttribution }}
      />
    </>
  );
}
