import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getInfoPage, isPageSlug } from '@/features/info-pages/data';
import { InfoPageView } from '@/features/info-pages/info-page';
import { getStartData } from '@/lib/start-data';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const [page, { showcase }] = await Promise.all([
    isPageSlug(slug) ? getInfoPage(slug) : null,
    getStartData(),
  ]);
  if (!page) return {};
  return {
    title: page.title,
    description: page.description || showcase.seo_description || showcase.description,
  };
}

export default async function InfoPageRoute({ params }: Props) {
  const { slug } = await params;
  if (!isPageSlug(slug)) notFound();
  const [page, { menu }] = await Promise.all([getInfoPage(slug), getStartData()]);
  if (!page) notFound();
  return <InfoPageView page={page} menu={menu} />;
}
