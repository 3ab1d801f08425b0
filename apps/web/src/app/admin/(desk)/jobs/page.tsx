import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { JobsDesk } from '@/features/admin-jobs/jobs-desk';

export const metadata: Metadata = { title: 'Фоновые задачи' };

export default function JobsPage() {
  return (
    <>
      <PageHeader
        title="Фоновые задачи"
        lead="Импорт, обслуживание заказов и другая работа магазина в фоне: сколько задач ждёт, выполняется и не удалось. Видят только администраторы."
      />
      <JobsDesk />
    </>
  );
}
