import type { Metadata } from 'next';
import { PageHeader } from '@/components/admin/admin-ui';
import { CallbacksDesk } from '@/features/admin-callbacks/callbacks-desk';

export const metadata: Metadata = { title: 'Обратные звонки' };

export default function CallbacksPage() {
  return (
    <>
      <PageHeader
        title="Обратные звонки"
        lead="Магазин обещает перезвонить в течение 17 минут. Заявки появляются сами, старые — сверху."
      />
      <CallbacksDesk />
    </>
  );
}
