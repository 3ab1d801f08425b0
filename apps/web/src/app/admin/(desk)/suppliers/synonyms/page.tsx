import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { SuppliersTabs } from '@/features/admin-suppliers/section-tabs';
import { SynonymsDesk } from '@/features/admin-suppliers/synonyms-desk';

export const metadata: Metadata = { title: 'Синонимы брендов' };

export default function SynonymsPage() {
  return (
    <>
      <PageHeader
        title="Синонимы брендов"
        lead="Другие написания производителей в прайс-листах (KAYABA = KYB), по которым строки находят товары."
      />
      <SuppliersTabs current="/admin/suppliers/synonyms" />
      <SynonymsDesk />
    </>
  );
}
