import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { CategoriesDesk } from '@/features/admin-categories/categories-desk';
import { apiCall } from '@/lib/api/server';

export const metadata: Metadata = { title: 'Категории' };

export default async function CategoriesPage() {
  const staff = await apiCall('staffMe');
  return (
    <>
      <PageHeader
        title="Категории"
        lead="Дерево каталога: названия, адреса, порядок, скрытие с сайта. Изменения видны на витрине сразу."
      />
      <CategoriesDesk canEdit={staff.role === 'admin'} />
    </>
  );
}
