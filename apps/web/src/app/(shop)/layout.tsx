import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ShopShell } from '@/app/_shell/shop-shell';
import { getStartData, safeUrl } from '@/lib/start-data';

export async function generateMetadata(): Promise<Metadata> {
  const { showcase } = await getStartData();
  const favicon = safeUrl(showcase.favicon);
  const tagline = showcase.seo_tagline || showcase.tagline;
  const homeTitle = !tagline
    ? showcase.title
    : tagline.includes(showcase.title)
      ? tagline
      : `${showcase.title} — ${tagline}`;
  return {
    title: {
      default: homeTitle,
      template: `%s — ${showcase.title}`,
    },
    description: showcase.seo_description || showcase.description,
    applicationName: showcase.title,
    icons: favicon ? { icon: favicon } : undefined,
    openGraph: { siteName: showcase.title, locale: 'ru_RU', type: 'website' },
    formatDetection: { telephone: false },
  };
}

export default function ShopLayout({ children }: { children: ReactNode }) {
  return <ShopShell>{children}</ShopShell>;
}
