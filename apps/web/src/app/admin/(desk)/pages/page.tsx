import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { PagesList } from '@/features/admin-content/pages-list';

export const metadata: Metadata = { title: 'Страницы' };

export default function PagesPage() {
  return (
    <>
      <PageHeader
        title="Страницы для покупателей"
        lead="Доставка, оплата, гарантия и другие страницы раздела «Покупателям»."
      />
      <PagesList />
    </>
  );
}
