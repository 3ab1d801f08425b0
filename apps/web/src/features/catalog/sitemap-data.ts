import { categoryUrl, manufacturerUrl, SITEMAP_PAGE_SIZE, type CategoryNode } from '@podbor/contract';
import { apiTry } from '@/lib/api/server';

// Data of the sitemaps: /sitemap.xml (home, catalogue, categories, manufacturers, info pages) and the product
// sitemaps /catalog/sitemap/<n>.xml, SITEMAP_PAGE_SIZE products each, listed next to it in robots.txt.

/** Sitemaps are read by crawlers a few times a day: the API is asked at most this often. */
export const SITEMAP_TTL_SECONDS = 3600;

export async function productSitemapCount(): Promise<number> {
  const first = await apiTry('sitemapProducts', {
    query: { page: 1, size: 1 },
    revalidate: SITEMAP_TTL_SECONDS,
  });
  return Math.max(1, Math.ceil((first?.total ?? 0) / SITEMAP_PAGE_SIZE));
}

/** Product paths of one sitemap page (1-based); null when the API could not be asked. */
export async function productSitemapPaths(page: number): Promise<string[] | null> {
  const list = await apiTry('sitemapProducts', {
    query: { page, size: SITEMAP_PAGE_SIZE },
    revalidate: SITEMAP_TTL_SECONDS,
  });
  if (!list) return null;
  return list.results.map((p) => `${categoryUrl(p.categories)}/product_${encodeURIComponent(p.slug)}`);
}

function walk(nodes: readonly CategoryNode[], parent: string[], out: string[]) {
  for (const node of nodes) {
    if (node.total <= 0) continue;
    const chain = [...parent, node.slug];
    out.push(categoryUrl(chain));
    walk(node.children ?? [], chain, out);
  }
}

export async function pageSitemapPaths(): Promise<{
  categories: string[];
  manufacturers: string[];
  pages: string[];
}> {
  const [tree, manufacturers, menu] = await Promise.all([
    apiTry('categoryTree', { revalidate: SITEMAP_TTL_SECONDS }),
    apiTry('sitemapManufacturers', { revalidate: SITEMAP_TTL_SECONDS }),
    apiTry('pagesMenu', { revalidate: SITEMAP_TTL_SECONDS }),
  ]);
  const categories: string[] = [];
  walk(tree ?? [], [], categories);
  return {
    categories,
    manufacturers: (manufacturers ?? []).map((m) => manufacturerUrl(m.slug)),
    pages: (menu ?? []).map((p) => `/pages/${encodeURIComponent(p.slug)}`),
  };
}
