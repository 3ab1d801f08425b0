import { headers } from 'next/headers';
import { Suspense, type ReactNode } from 'react';
import { ShellProvider } from '@/components/shell/shell-context';
import { APP_ROOT_ID } from '@/components/ui/modal';
import { Analytics } from '@/features/analytics/analytics';
import { analyticsIds } from '@/lib/analytics';
import { serverConfig } from '@/lib/config';
import { NONCE_HEADER } from '@/lib/security-headers';
import { getStartData, safeUrl } from '@/lib/start-data';
import { BottomMenu } from './bottom-menu';
import { Footer } from './footer';
import { Header } from './header';
import { ShellModals } from './shell-modals';

/**
 * The storefront's frame around a page: header, footer, bottom menu, modals and the analytics counters. The
 * `(shop)` layout wraps every customer page in it; the root not-found page uses it too (an unknown address is
 * answered as the shop). The back office (/admin) has its own frame and never loads this one.
 */
export async function ShopShell({ children }: { children: ReactNode }) {
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
    <>
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
    </>
  );
}
