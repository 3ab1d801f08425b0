'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { CartIcon } from '@/components/ui/icons';
import { CART_CHANGED_EVENT, type CartChangedDetail } from '@/lib/events';

// The header's cart link and the bottom menu's badge: rendered by the server with the cart of the request, then
// kept current by the cart calls' CART_CHANGED_EVENT (browser.ts sends it after every cart call), so adding,
// changing or clearing shows at once without a reload. No formatting code here: the event carries the texts.

function useCartSummary(initial: CartChangedDetail): CartChangedDetail {
  const [summary, setSummary] = useState(initial);
  // A server re-render (city, sign-in or vehicle changed: router.refresh) brings a new initial summary.
  const signature = `${initial.count}|${initial.total}`;
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    setSeen(signature);
    setSummary(initial);
  }
  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<CartChangedDetail>).detail;
      if (detail && typeof detail.count === 'number') setSummary(detail);
    };
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);
  return summary;
}

export interface HeaderCartClasses {
  link?: string;
  icon?: string;
  count?: string;
  text?: string;
  title?: string;
  total?: string;
}

/** SPEC §2: cart icon with the item count and the total in roubles. */
export function HeaderCart({ initial, classes }: { initial: CartChangedDetail; classes: HeaderCartClasses }) {
  const { count, totalText, label } = useCartSummary(initial);
  return (
    <Link href="/cart" className={classes.link} aria-label={label} data-cart-link="">
      <span className={classes.icon}>
        <CartIcon size={24} />
        <span className={classes.count} data-cart-count="">
          {count}
        </span>
      </span>
      <span className={classes.text}>
        <span className={classes.title}>Корзина</span>
        <span className={classes.total} data-cart-total="">
          {totalText}
        </span>
      </span>
    </Link>
  );
}

/** SPEC §2 mobile bottom menu: the cart's count badge, shown when above zero. */
export function CartBadge({ initial, className }: { initial: CartChangedDetail; className?: string }) {
  const { count } = useCartSummary(initial);
  if (count <= 0) return null;
  return (
    <span className={className} data-bottom-cart-badge="">
      <span className="visually-hidden">, товаров: </span>
      {count}
    </span>
  );
}
