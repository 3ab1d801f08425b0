import { PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { ShopShell } from '@/app/_shell/shop-shell';

export const metadata: Metadata = { title: PAGE_TITLES.notFound, robots: { index: false } };

/** An unknown address, or a page that called notFound(): answered in the storefront's frame. */
export default function NotFound() {
  return (
    <ShopShell>
      <div className="container">
        <StatusPanel
          code="404"
          title={PAGE_TITLES.notFound}
          actions={
            <>
              <Link href="/" className={buttonClass('primary')}>
                На главную
              </Link>
              <Link href="/catalog" className={buttonClass('secondary')}>
                Перейти в каталог
              </Link>
            </>
          }
        >
          <p>
            Возможно, ссылка устарела или в адресе опечатка. Начните с главной страницы или найдите товар в
            каталоге.
          </p>
        </StatusPanel>
      </div>
    </ShopShell>
  );
}
