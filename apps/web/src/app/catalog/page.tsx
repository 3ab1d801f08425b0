import { PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import { CatalogRoot } from '@/features/catalog/catalog-root';
import { getTopCategories } from '@/features/catalog/data';
import { breadcrumbListLd, JsonLd, siteOrigin } from '@/lib/seo';
import { getStartData } from '@/lib/start-data';

export async function generateMetadata(): Promise<Metadata> {
  const [{ showcase }, origin] = await Promise.all([getStartData(), siteOrigin()]);
  return {
    title: PAGE_TITLES.catalog,
    description: `Каталог автозапчастей и аксессуаров ${showcase.title}: подбор по автомобилю, наличие в филиалах, установка.`,
    alternates: { canonical: `${origin}/catalog` },
  };
}

export default async function CatalogRoute() {
  const [{ transportId, transport }, origin] = await Promise.all([getStartData(), siteOrigin()]);
  const tree = await getTopCategories(transportId);
  return (
    <>
      <CatalogRoot tree={tree} transportLabel={transport?.label ?? null} />
      <JsonLd
        data={breadcrumbListLd(origin, [
          { title: 'Главная', href: '/' },
          { title: 'Каталог', href: '/catalog' },
        ])}
      />
    </>
  );
}
