import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageEditor } from '@/features/admin-content/page-editor';

export const metadata: Metadata = { title: 'Страница' };

export default async function InfoPageEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  return <PageEditor id={Number(id)} />;
}
