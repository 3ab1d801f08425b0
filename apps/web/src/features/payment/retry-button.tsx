'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

// A failed payment cancels the order and its goods have already left the cart; "try again" puts the same goods
// back (remembered by /order in sessionStorage) and opens the order form once more.

const LAST_ORDER_KEY = 'podbor:last-order';
interface LastOrder {
  orderId: number;
  placement: 'CART' | 'BUY_NOW';
  lines: { slug: string; quantity: number; with_installation: boolean }[];
}

function readLast(orderId: number): LastOrder | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(LAST_ORDER_KEY) ?? 'null') as LastOrder | null;
    return value && value.orderId === orderId && Array.isArray(value.lines) ? value : null;
  } catch {
    return null;
  }
}

export function RetryButton({ orderId }: { orderId: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const retry = async () => {
    const last = readLast(orderId);
    const [first] = last?.lines ?? [];
    if (!last || !first) {
      router.push('/cart');
      return;
    }
    if (last.placement === 'BUY_NOW' && last.lines.length === 1) {
      const q = new URLSearchParams({
        placement: 'BUY_NOW',
        product: first.slug,
        quantity: String(first.quantity),
      });
      if (first.with_installation) q.set('installation', '1');
      router.push(`/order?${q}`);
      return;
    }
    setBusy(true);
    setError('');
    const { browserApi } = await import('@/lib/api/browser');
    const cart = await browserApi('cart', {});
    const inCart = new Set(cart.ok ? cart.data.results.map((l) => l.product.slug) : []);
    for (const line of last.lines) {
      if (inCart.has(line.slug)) continue;
      const res = await browserApi('cartAddItem', {
        body: { product: line.slug, quantity: line.quantity, with_installation: line.with_installation },
      });
      if (!res.ok) {
        setBusy(false);
        setError(
          res.error?.errors.detail ??
            'Не удалось вернуть товары в корзину. Откройте корзину и добавьте их снова.',
        );
        return;
      }
    }
    router.push('/order');
  };
  return (
    <>
      <Button onClick={retry} loading={busy} data-payment-retry="">
        Попробовать ещё раз
      </Button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}
