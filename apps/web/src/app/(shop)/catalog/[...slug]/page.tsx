import { categoryUrl, productUrlFromCategories, SLUG_PATTERN } from '@podbor/contract';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { CategoryPage, categoryCrumbs } from '@/features/catalog/category-page';
import { getCategory, getChildren, getFacets, getFilters } from '@/features/catalog/data';
import { listingRequest, parseListingState, type SearchParamsRecord } from '@/features/catalog/url-state';
import { getProduct } from '@/features/product/data';
import { ProductPage } from '@/features/product/product-page';
import { breadcrumbListLd, JsonLd, siteOrigin } from '@/lib/seo';
import { getStartData } from '@/lib/start-data';

// One catch-all for the catalogue tree (SPEC §2): /catalog/<category>/<subcategory…> is a category page, and a
// last segment `product_<slug>` makes it the product page of that product within the tree.

type Props = { params: Promise<{ slug: string[] }>; searchParams: Promise<SearchParamsRecord> };

const PRODUCT_PREFIX = 'product_';

type Target =
  | { kind: 'category'; chain: string[]; slug: string }
  | { kind: 'product'; chain: string[]; slug: string }
  | null;

function resolve(segments: string[]): Target {
  const decoded = segments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return '';
    }
  });
  const last = decoded[decoded.length - 1] ?? '';
  if (last.startsWith(PRODUCT_PREFIX)) {
    const slug = last.slice(PRODUCT_PREFIX.length);
    const chain = decoded.slice(0, -1);
    if (!SLUG_PATTERN.test(slug) || !chain.every((s) => SLUG_PATTERN.test(s))) return null;
    return { kind: 'product', chain, slug };
  }
  if (!decoded.every((s) => SLUG_PATTERN.test(s))) return null;
  return { kind: 'category', chain: decoded, slug: last };
}

function sameChain(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

function queryString(params: SearchParamsRecord): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    for (const item of Array.isArray(v) ? v : v === undefined ? [] : [v]) search.append(k, item);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const target = resolve((await params).slug);
  if (!target) return {};
  const origin = await siteOrigin();
  if (target.kind === 'product') {
    const { transportId } = await getStartData();
    const product = await getProduct(target.slug, transportId);
    if (!product) return {};
    const canonical = `${origin}${productUrlFromCategories(product.categories, product.slug)}`;
    const description =
      product.seo_description ||
      `${product.title}${product.vendor_code ? `, артикул ${product.vendor_code}` : ''}${product.manufacturer ? `, ${product.manufacturer}` : ''}: цена, наличие в филиалах, подбор по автомобилю, установка.`;
    const image = product.images[0];
    return {
      title: product.seo_title || product.title,
      description,
      alternates: { canonical },
      openGraph: {
        type: 'website',
        url: canonical,
        title: product.title,
        description,
        images: image ? [`${origin}${image}`] : undefined,
      },
    };
  }
  const category = await getCategory(target.slug);
  if (!category) return {};
  const sp = await searchParams;
  const page = typeof sp.page === 'string' && /^\d+$/.test(sp.page) ? Number(sp.page) : 1;
  const path = categoryUrl(category.path ?? target.chain);
  // Filtered and sorted variants are the same content: indexed through the plain (paged) address only.
  const extraKeys = Object.keys(sp).filter((k) => k !== 'page' && k !== 'order' && k !== 'transport_id');
  const sorted = typeof sp.order === 'string' && sp.order !== 'byPopularDown';
  return {
    title: category.seo_title || `${category.title}${page > 1 ? ` — страница ${page}` : ''}`,
    description: category.seo_description || category.description || undefined,
    keywords: category.seo_keywords || undefined,
    alternates: { canonical: `${origin}${path}${page > 1 ? `?page=${page}` : ''}` },
    robots: extraKeys.length > 0 || sorted ? { index: false, follow: true } : undefined,
  };
}

export default async function CatalogTreeRoute({ params, searchParams }: Props) {
  const target = resolve((await params).slug);
  if (!target) notFound();
  const [start, origin, sp] = await Promise.all([getStartData(), siteOrigin(), searchParams]);
  const { transportId, transport } = start;

  if (target.kind === 'product') {
    const product = await getProduct(target.slug, transportId);
    if (!product) notFound();
    // Any of the product's category chains is a valid address; anything else goes to the canonical one.
    if (!product.categories.some((chain) => sameChain(chain, target.chain))) {
      permanentRedirect(`${productUrlFromCategories(product.categories, product.slug)}${queryString(sp)}`);
    }
    const leaf = target.chain[target.chain.length - 1];
    const category = leaf ? await getCategory(leaf) : null;
    const crumbs = category
      ? categoryCrumbs(category, transportId)
      : [
          { title: 'Главная', href: '/' },
          { title: 'Каталог', href: '/catalog' },
        ];
    return (
      <ProductPage product={product} chain={target.chain} origin={origin} crumbs={crumbs} start={start} />
    );
  }

  const category = await getCategory(target.slug);
  if (!category) notFound();
  const path = category.path ?? category.breadcrumbs.map((b) => b.slug);
  if (!sameChain(path, target.chain)) permanentRedirect(`${categoryUrl(path)}${queryString(sp)}`);

  const [childNodes, filters] = await Promise.all([
    getChildren(category.slug, transportId),
    getFilters(category.slug, transportId),
  ]);
  const state = parseListingState(sp, filters);
  const facets = await getFacets(category.slug, transportId, listingRequest(state, filters).filter);
  const crumbs = categoryCrumbs(category);
  return (
    <>
      <CategoryPage
        category={category}
        childNodes={childNodes}
        filters={filters}
        facets={facets ?? filters}
        state={state}
        transportId={transportId}
        transportLabel={transport?.label ?? null}
      />
      <JsonLd
        data={breadcrumbListLd(
          origin,
          crumbs.map((c) => ({ title: c.title, href: c.href ?? categoryUrl(path) })),
        )}
      />
    </>
  );
}
