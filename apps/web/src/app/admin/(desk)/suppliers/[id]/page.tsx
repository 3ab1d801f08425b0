import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SupplierPage } from '@/features/admin-suppliers/supplier-page';

export const metadata: Metadata = { title: 'Поставщик' };

export default async function SupplierEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  return <SupplierPage id={Number(id)} />;
}
