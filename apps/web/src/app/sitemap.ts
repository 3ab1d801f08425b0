import type { MetadataRoute } from 'next';
import { pageSitemapPaths } from '@/features/catalog/sitemap-data';
import { siteOrigin } from '@/lib/seo';

/** /sitemap.xml: home, catalogue, every category, manufacturers and info pages (products: /catalog/sitemap/<n>.xml). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [origin, { categories, manufacturers, pages }] = await Promise.all([
    siteOrigin(),
    pageSitemapPaths(),
  ]);
  return [
    { url: `${origin}/`, changeFrequency: 'daily', priority: 1 },
    { url: `${origin}/catalog`, changeFrequency: 'daily', priority: 0.9 },
    ...categories.map((path) => ({
      url: `${origin}${path}`,
      changeFrequency: 'daily' as const,
      priority: 0.8,
    })),
    ...manufacturers.map((path) => ({
      url: `${origin}${path}`,
      changeFrequency: 'weekly' as const,
      priority: 0.5,
    })),
    ...pages.map((path) => ({ url: `${origin}${path}`, changeFrequency: 'monthly' as const, priority: 0.3 })),
  ];
}
