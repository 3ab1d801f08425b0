import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { BannersDesk } from '@/features/admin-content/banners-desk';

export const metadata: Metadata = { title: 'Баннеры' };

export default function BannersPage() {
  return (
    <>
      <PageHeader
        title="Баннеры"
        lead="Баннеры главной страницы и категорий: картинка, текст, ссылка, порядок показа."
      />
      <BannersDesk />
    </>
  );
}
