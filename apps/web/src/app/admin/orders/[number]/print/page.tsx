import type { Metadata } from 'next';
import { AdminQueryProvider } from '@/components/admin/admin-query';
import { PickList } from '@/features/admin-orders/pick-list';

// The pick list prints without the back office's frame; the API still checks the staff session of every call.

export async function generateMetadata({
  params,
}: {
  params: Promise<{ number: string }>;
}): Promise<Metadata> {
  return { title: `Лист сборки №${(await params).number}` };
}

export default async function PickListPage({ params }: { params: Promise<{ number: string }> }) {
  return (
    <AdminQueryProvider>
      <PickList number={(await params).number} />
    </AdminQueryProvider>
  );
}
