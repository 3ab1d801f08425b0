import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { AuditLog } from '@/features/admin-audit/audit-log';

export const metadata: Metadata = { title: 'Журнал действий' };

export default function AuditPage() {
  return (
    <>
      <PageHeader
        title="Журнал действий"
        lead="Кто из сотрудников что изменил и когда. Видят только администраторы."
      />
      <AuditLog />
    </>
  );
}
