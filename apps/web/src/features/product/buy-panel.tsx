'use client';

import { formatPrice } from '@podbor/contract/format';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { buttonClass } from '@/components/ui/button';
import { CartIcon, CheckIcon } from '@/components/ui/icons';
import { BuyNowButton } from './buy-now-button';
import { reachGoal } from '@/lib/analytics';
import { firstErrorMessage } from './errors';
import styles from './product.module.css';

export interface BuyPanelProps {
  slug: string;
  /** Installation is offered for this product. */
  withInstallation: boolean;
  /** Installation price for the selected city and vehicle (0 = unknown). */
  installationPrice: number;
  inStock: boolean;
  isService: boolean;
  /** Price and a short stock note for the phone's buy bar (the page shows the full ones above the panel). */
  price: number;
  stockNote: string;
  /** Sold from a supplier's offer «под заказ» (no own stock in the city): its supplier and pack size. */
  offer?: { supplierId: number; multiplicity: number } | null;
}

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'added' } | { kind: 'error'; message: string };

/**
 * Add to cart (API-SHAPES §10 add-item with the chosen vehicle and city). The API client and its schemas are
 * imported on click, so they stay out of the page's first load. The checkout helper adds buy-now and the
 * instalment block here.
 */
export function BuyPanel({
  slug,
  withInstallation,
  installationPrice,
  inStock,
  isService,
  price,
  stockNote,
  offer = null,
}: BuyPanelProps) {
  const { session } = useShell();
  const router = useRouter();
  const [install, setInstall] = useState(isService);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [panelRef, barShown] = useScrolledPast();

  const add = async () => {
    setStatus({ kind: 'busy' });
    const { browserApi } = await import('@/lib/api/browser');
    const result = await browserApi('cartAddItem', {
      body: {
        product: slug,
        // An offer sold in packs starts at one pack.
        quantity: offer ? offer.multiplicity : 1,
        with_installation: withInstallation && install,
        ...(offer ? { supplier_id: offer.supplierId } : {}),
        transport: session.transportId ?? '',
        city: session.citySlug ?? '',
      },
    });
    if (result.ok) {
      setStatus({ kind: 'added' });
      // The header's cart count and total come from the server render.
      router.refresh();
    } else {
      const message = firstErrorMessage(
        result.error,
        ['product', 'quantity', 'with_installation', 'supplier_id'],
        'Не удалось добавить товар в корзину. Попробуйте ещё раз.',
      );
      setStatus({ kind: 'error', message });
    }
  };

  const label = inStock || isService ? 'В корзину' : 'Заказать';
  return (
    <div className={styles.buy} ref={panelRef}>
      {withInstallation && !isService ? (
        <label className={styles.installOption}>
          <input type="checkbox" checked={install} onChange={(e) => setInstall(e.target.checked)} />
          <span>
            С установкой в сервисе
            {installationPrice > 0 ? <strong> +{formatPrice(installationPrice)}</strong> : null}
          </span>
        </label>
      ) : null}
      {status.kind === 'added' ? (
        <div className={styles.added} role="status">
          <span className={styles.addedText}>
            <CheckIcon size={18} /> Товар в корзине
          </span>
          <Link href="/cart" className={buttonClass('primary', 'lg', true)}>
            Перейти в корзину
          </Link>
        </div>
      ) : (
        <button
          type="button"
          className={buttonClass('accent', 'lg', true)}
          onClick={add}
          disabled={status.kind === 'busy'}
          aria-busy={status.kind === 'busy' || undefined}
        >
          <CartIcon size={20} /> {status.kind === 'busy' ? 'Добавляем...' : label}
        </button>
      )}
      {/* Buy-now orders one unit from own stock; an offer «под заказ» goes through the cart. */}
      {offer ? null : (
        <BuyNowButton
          slug={slug}
          withInstallation={withInstallation && install}
          block
          disabled={!inStock && !isService}
          onClick={() => reachGoal(session.metrics?.button_product_buy)}
        />
      )}
      {status.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {status.message}
        </p>
      ) : null}
      {/* Phones (CSS shows it under 721 px): price, stock and the same cart action once the panel above has
          scrolled off the top. Fixed and moved with a transform, so showing it shifts nothing (CLS); hidden, it
          is inert and invisible, so focus and screen readers skip it. */}
      <section
        className={`${styles.buyBar} ${barShown ? styles.buyBarShown : ''}`}
        aria-label="Быстрая покупка"
        inert={!barShown}
        data-buy-bar=""
        data-shown={barShown ? 'true' : 'false'}
      >
        <p className={styles.buyBarInfo}>
          <span className={styles.buyBarPrice}>{formatPrice(price)}</span>
          <span className={inStock ? styles.inStock : styles.onOrder}>{stockNote}</span>
        </p>
        {status.kind === 'added' ? (
          <Link href="/cart" className={buttonClass('primary', 'md', false, styles.buyBarAction)}>
            <CheckIcon size={18} /> В корзине
          </Link>
        ) : (
          <button
            type="button"
            className={buttonClass('accent', 'md', false, styles.buyBarAction)}
            onClick={add}
            disabled={status.kind === 'busy'}
            aria-busy={status.kind === 'busy' || undefined}
          >
            <CartIcon size={18} /> {status.kind === 'busy' ? 'Добавляем...' : label}
          </button>
        )}
      </section>
    </div>
  );
}

/**
 * Whether the element has scrolled off the top of the screen (an IntersectionObserver, no scroll handler). Below
 * the screen — not reached yet — does not count: the page's own panel is still ahead.
 */
function useScrolledPast() {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const target = ref.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    // The top margin is the phone header's search row, which stays over the page.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        setShown(!entry.isIntersecting && entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0));
      },
      { rootMargin: '-64px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return [ref, shown] as const;
}
