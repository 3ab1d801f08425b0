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

interface StoreBranch {
  title: string;
  street: string;
  phone_number: string;
  email: string;
  latitude: number | string;
  longitude: number | string;
  work_time?: string | undefined;
}

/**
 * The shop as schema.org AutoPartsStore (SPEC §1: "typed as an auto parts store"), with each branch as a
 * department: name, address, phone and coordinates, so search engines show the shop and its branches.
 */
export function autoPartsStoreLd(
  origin: string,
  showcase: { title: string; description: string; phone: string; email: string; logo: string },
  cities: readonly { title: string; branches: readonly StoreBranch[] }[],
) {
  const coordinate = (v: number | string) => (typeof v === 'number' ? v : Number(v));
  const store = {
    '@context': 'https://schema.org',
    '@type': 'AutoPartsStore',
    '@id': `${origin}/#store`,
    name: showcase.title,
    url: `${origin}/`,
    ...(showcase.description ? { description: showcase.description } : {}),
    ...(showcase.logo
      ? { logo: absoluteUrl(origin, showcase.logo), image: absoluteUrl(origin, showcase.logo) }
      : {}),
    ...(showcase.phone ? { telephone: showcase.phone } : {}),
    ...(showcase.email ? { email: showcase.email } : {}),
    currenciesAccepted: 'RUB',
    paymentAccepted: 'Наличные, банковская карта',
    areaServed: cities.map((c) => c.title),
    department: cities.flatMap((city) =>
      city.branches.map((b) => ({
        '@type': 'AutoPartsStore',
        name: `${showcase.title} — ${b.title}`,
        address: {
          '@type': 'PostalAddress',
          streetAddress: b.street,
          addressLocality: city.title,
          addressCountry: 'RU',
        },
        ...(b.phone_number ? { telephone: b.phone_number } : {}),
        ...(b.email ? { email: b.email } : {}),
        ...(Number.isFinite(coordinate(b.latitude)) && Number.isFinite(coordinate(b.longitude))
          ? {
              geo: {
                '@type': 'GeoCoordinates',
                latitude: coordinate(b.latitude),
                longitude: coordinate(b.longitude),
              },
            }
          : {}),
        ...(b.work_time ? { description: b.work_time } : {}),
      })),
    ),
  };
  return store;
}
