import { catalogLink, PAGE_TITLES, QUERY_PARAMS, SLUG_PATTERN } from '@podbor/contract';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CatalogRoot } from '@/features/catalog/catalog-root';
import { getCategory, getTopCategories } from '@/features/catalog/data';
import type { SearchParamsRecord } from '@/features/catalog/url-state';
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

export default async function CatalogRoute({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const [{ transportId, transport }, origin, sp] = await Promise.all([
    getStartData(),
    siteOrigin(),
    searchParams,
  ]);
  // SPEC §2: `?categorySlug=<slug>` names a category; its page is the answer (an unknown slug shows the root).
  const wanted = sp[QUERY_PARAMS.categorySlug];
  const slug = Array.isArray(wanted) ? wanted[0] : wanted;
  if (slug && SLUG_PATTERN.test(slug)) {
    const category = await getCategory(slug);
    if (category) {
      redirect(catalogLink(category.path ?? category.breadcrumbs.map((b) => b.slug), transportId));
    }
  }
  const tree = await getTopCategories(transportId);
  return (
    <>
      <CatalogRoot tree={tree} transportId={transportId} transportLabel={transport?.label ?? null} />
      <JsonLd
        data={breadcrumbListLd(origin, [
          { title: 'Главная', href: '/' },
          { title: 'Каталог', href: '/catalog' },
        ])}
      />
    </>
  );
}
