import { productSitemapPaths } from '@/features/catalog/sitemap-data';
import { siteOrigin } from '@/lib/seo';

// Product sitemaps /catalog/sitemap/<n>.xml (n from 0), SITEMAP_PAGE_SIZE products each: a 200,000-product
// catalogue is 20 files, well under the 50,000-URL limit per file; robots.txt lists them. A route handler rather
// than generateSitemaps, so the number of files follows the live catalogue instead of the one seen at build time.
// `sitemap` is a reserved category slug, so this static segment never hides a category.

type Ctx = { params: Promise<{ file: string }> };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export async function GET(_request: Request, { params }: Ctx) {
  const match = /^(\d{1,6})\.xml$/.exec((await params).file);
  if (!match) return new Response('Not found', { status: 404 });
  const [origin, paths] = await Promise.all([siteOrigin(), productSitemapPaths(Number(match[1]) + 1)]);
  if (paths === null || paths.length === 0) return new Response('Not found', { status: 404 });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map(
      (path) =>
        `<url><loc>${escapeXml(`${origin}${path}`)}</loc><changefreq>weekly</changefreq><priority>0.6</priority></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
