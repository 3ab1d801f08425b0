import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { ImportsDesk } from '@/features/admin-imports/imports-desk';

export const metadata: Metadata = { title: 'Импорт' };

export default function ImportsPage() {
  return (
    <>
      <PageHeader
        title="Импорт"
        lead="Применимость и аналоги из файлов: загрузка, ход обработки и отчёт о строках, которые не подошли."
      />
      <ImportsDesk />
    </>
  );
}
