import type { MetadataRoute } from 'next';
import { productSitemapCount } from '@/features/catalog/sitemap-data';
import { siteOrigin } from '@/lib/seo';

export default async function robots(): Promise<MetadataRoute.Robots> {
  const [origin, productSitemaps] = await Promise.all([siteOrigin(), productSitemapCount()]);
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/cart', '/order', '/payment', '/profile'] }],
    sitemap: [
      `${origin}/sitemap.xml`,
      ...Array.from({ length: productSitemaps }, (_, id) => `${origin}/catalog/sitemap/${id}.xml`),
    ],
    host: origin,
  };
}
