import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProductEditor } from '@/features/admin-catalog/product-editor';

export const metadata: Metadata = { title: 'Товар' };

export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  return <ProductEditor id={Number(id)} />;
}
