import type { Metadata } from 'next';
import { CustomerPage } from '@/features/admin-customers/customer-page';

export const metadata: Metadata = { title: 'Покупатель' };

export default async function CustomerDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CustomerPage id={id} />;
}
