import type { CartResponse } from '@podbor/contract';

// SPEC §3 cookie `cartItems`: the cart as SPEC's client cart items (slug, quantity, withInstallation, isChecked),
// JSON, readable by page scripts and other clients of the shop's origin. The API's cart is the truth; the BFF
// rewrites this copy from every cart answer that passes through it (load, add, update, clear).

/** Browsers keep about 4 KB per cookie: lines beyond this budget are left out (the cart itself keeps them). */
const MAX_VALUE_LENGTH = 3_500;

export interface CookieCartItem {
  slug: string;
  quantity: number;
  withInstallation: boolean;
  isChecked: boolean;
}

/** The cookie's value for a cart (JSON, before the cookie's own percent-encoding). */
export function cartItemsCookieValue(cart: Pick<CartResponse, 'results'>): string {
  const items: CookieCartItem[] = cart.results.map((line) => ({
    slug: line.product.slug,
    quantity: line.quantity,
    withInstallation: line.product.with_installation,
    isChecked: line.is_checked !== false,
  }));
  let value = JSON.stringify(items);
  while (items.length > 0 && encodeURIComponent(value).length > MAX_VALUE_LENGTH) {
    items.pop();
    value = JSON.stringify(items);
  }
  return value;
}
