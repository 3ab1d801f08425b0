'use client';

import { formatPrice } from '@podbor/contract/format';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
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
}

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'added' } | { kind: 'error'; message: string };

/**
 * Add to cart (API-SHAPES §10 add-item with the chosen vehicle and city). The API client and its schemas are
 * imported on click, so they stay out of the page's first load. The checkout helper adds buy-now and the
 * instalment block here.
 */
export function BuyPanel({ slug, withInstallation, installationPrice, inStock, isService }: BuyPanelProps) {
  const { session } = useShell();
  const router = useRouter();
  const [install, setInstall] = useState(isService);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const add = async () => {
    setStatus({ kind: 'busy' });
    const { browserApi } = await import('@/lib/api/browser');
    const result = await browserApi('cartAddItem', {
      body: {
        product: slug,
        quantity: 1,
        with_installation: withInstallation && install,
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
        ['product', 'quantity', 'with_installation'],
        'Не удалось добавить товар в корзину. Попробуйте ещё раз.',
      );
      setStatus({ kind: 'error', message });
    }
  };

  return (
    <div className={styles.buy}>
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
          <CartIcon size={20} />{' '}
          {status.kind === 'busy' ? 'Добавляем...' : inStock || isService ? 'В корзину' : 'Заказать'}
        </button>
      )}
      <BuyNowButton
        slug={slug}
        withInstallation={withInstallation && install}
        block
        disabled={!inStock && !isService}
        onClick={() => reachGoal(session.metrics?.button_product_buy)}
      />
      {status.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {status.message}
        </p>
      ) : null}
    </div>
  );
}
