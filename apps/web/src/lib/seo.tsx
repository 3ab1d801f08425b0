import { headers } from 'next/headers';

// SEO helpers shared by the catalogue, product and manufacturer pages: the site's own origin (for canonical
// URLs, JSON-LD and the sitemap) and a JSON-LD script tag.

/** `https://shop.example` as the customer reached this server (front proxy headers first). */
export async function siteOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host')?.split(',')[0]?.trim() || h.get('host') || '127.0.0.1:3000';
  const proto =
    h.get('x-forwarded-proto')?.split(',')[0]?.trim() ||
    (/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}

export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

export function breadcrumbListLd(origin: string, items: readonly { title: string; href: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.title,
      // Links carry the listing's default query (SPEC §2); the structured data names the page itself.
      item: absoluteUrl(origin, item.href.split('?')[0] ?? item.href),
    })),
  };
}

/** `<script type="application/ld+json">`; `<` is escaped so text from the catalogue cannot close the tag. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
