import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import localFont from 'next/font/local';
import { Suspense, type ReactNode } from 'react';
import { ShellProvider } from '@/components/shell/shell-context';
import { APP_ROOT_ID } from '@/components/ui/modal';
import { Analytics } from '@/features/analytics/analytics';
import { BottomMenu } from '@/app/_shell/bottom-menu';
import { Footer } from '@/app/_shell/footer';
import { Header } from '@/app/_shell/header';
import { analyticsIds } from '@/lib/analytics';
import { serverConfig } from '@/lib/config';
import { NONCE_HEADER } from '@/lib/security-headers';
import { getStartData, safeUrl } from '@/lib/start-data';
import { ShellModals } from './shell-modals';
import '@/styles/globals.css';

// Inter in two families: the cyrillic subset only has cyrillic glyphs, so latin, digits and punctuation
// come from the latin face and Russian text falls through to the cyrillic one (see --font-sans). Two weights
// only, to keep the first load light: semibold (600) text is drawn with the 700 face. `optional`: a first visit
// on a slow line keeps the system font instead of re-laying out the page when Inter arrives late. Not
// preloaded: four font files competing with the page's CSS and scripts cost ~10 Lighthouse points on mobile
// (LCP 3.2 s → 2.1 s without them), and `optional` means they only matter from the second page on anyway.
const interLatin = localFont({
  src: [
    { path: '../fonts/inter-latin-400-normal.woff2', weight: '400' },
    { path: '../fonts/inter-latin-700-normal.woff2', weight: '700' },
  ],
  variable: '--font-inter-latin',
  display: 'optional',
  preload: false,
  fallback: ['system-ui', 'Arial'],
});
const interCyrillic = localFont({
  src: [
    { path: '../fonts/inter-cyrillic-400-normal.woff2', weight: '400' },
    { path: '../fonts/inter-cyrillic-700-normal.woff2', weight: '700' },
  ],
  variable: '--font-inter-cyrillic',
  display: 'optional',
  preload: false,
  fallback: ['system-ui', 'Arial'],
});

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

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0f1b2d',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [data, incoming] = await Promise.all([getStartData(), headers()]);
  const counters = analyticsIds(data.showcase);
  const session = {
    isAuthorized: data.isAuthorized,
    transportId: data.transportId,
    citySlug: data.city?.slug ?? null,
    branchId: data.branch?.id ?? null,
    mapTileUrl: serverConfig.mapTileUrl,
    mapAttribution: serverConfig.mapAttribution,
    metrics: data.showcase.metrics,
    workHours: data.showcase.work_hours,
    privacyHref: safeUrl(data.showcase.privacy_policy_link) ?? '/pages/privacy',
  };
  return (
    <html lang="ru" className={`${interLatin.variable} ${interCyrillic.variable}`}>
      <body>
        <ShellProvider session={session}>
          <div id={APP_ROOT_ID}>
            <a href="#main" className="skip-link">
              Перейти к содержимому
            </a>
            <Header data={data} />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            {/* Its own boundary: React hydrates it as a separate, interruptible unit after the page above. */}
            <Suspense>
              <Footer data={data} />
            </Suspense>
            <BottomMenu cartCount={data.cart.count} />
          </div>
          <ShellModals />
        </ShellProvider>
        <Analytics
          metricId={counters.metricId}
          gaId={counters.gaId}
          nonce={incoming.get(NONCE_HEADER) ?? undefined}
        />
      </body>
    </html>
  );
}
