import { manufacturerUrl, SLUG_PATTERN, type ManufacturerResponse } from '@podbor/contract';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ManufacturerPage } from '@/features/manufacturer/manufacturer-page';
import { ApiError, apiCall } from '@/lib/api/server';
import { breadcrumbListLd, JsonLd, siteOrigin } from '@/lib/seo';

type Props = { params: Promise<{ slug: string }> };

const getManufacturer = cache(async (slug: string): Promise<ManufacturerResponse | null> => {
  if (!SLUG_PATTERN.test(slug)) return null;
  try {
    // Not kept by Next: a manufacturer edited in the back office shows on the next view.
    return await apiCall('manufacturer', { params: { slug } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const [manufacturer, origin] = await Promise.all([getManufacturer(slug), siteOrigin()]);
  if (!manufacturer) return {};
  return {
    title: `${manufacturer.title} — запчасти производителя`,
    description: manufacturer.description.slice(0, 300) || `Запчасти ${manufacturer.title} в каталоге.`,
    alternates: { canonical: `${origin}${manufacturerUrl(manufacturer.slug)}` },
  };
}

export default async function ManufacturerRoute({ params }: Props) {
  const { slug } = await params;
  const [manufacturer, origin] = await Promise.all([getManufacturer(slug), siteOrigin()]);
  if (!manufacturer) notFound();
  return (
    <>
      <ManufacturerPage manufacturer={manufacturer} />
      <JsonLd
        data={breadcrumbListLd(origin, [
          { title: 'Главная', href: '/' },
          { title: 'Каталог', href: '/catalog' },
          { title: manufacturer.title, href: manufacturerUrl(manufacturer.slug) },
        ])}
      />
    </>
  );
}
