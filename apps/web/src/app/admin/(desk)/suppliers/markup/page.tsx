import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { MarkupDesk } from '@/features/admin-suppliers/markup-desk';
import { SuppliersTabs } from '@/features/admin-suppliers/section-tabs';

export const metadata: Metadata = { title: 'Наценки' };

export default function MarkupPage() {
  return (
    <>
      <PageHeader
        title="Наценки"
        lead="Цена предложения поставщика для покупателя: закупочная цена плюс процент правила."
      />
      <SuppliersTabs current="/admin/suppliers/markup" />
      <MarkupDesk />
    </>
  );
}
