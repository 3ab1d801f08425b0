import type { MetadataRoute } from 'next';
import { productSitemapCount, productSitemapPaths } from '@/features/catalog/sitemap-data';
import { siteOrigin } from '@/lib/seo';

// Product sitemaps /catalog/sitemap/<n>.xml (n from 0), SITEMAP_PAGE_SIZE products each: a 200,000-product
// catalogue is 20 files, well under the 50,000-URL limit per file. robots.txt lists them all.

export async function generateSitemaps() {
  const count = await productSitemapCount();
  return Array.from({ length: count }, (_, id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const n = Number(await id);
  if (!Number.isInteger(n) || n < 0) return [];
  const [origin, paths] = await Promise.all([siteOrigin(), productSitemapPaths(n + 1)]);
  return paths.map((path) => ({ url: `${origin}${path}`, changeFrequency: 'weekly' as const, priority: 0.6 }));
}
