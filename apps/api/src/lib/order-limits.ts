import { CART_QUANTITY_MAX } from '@podbor/contract';
import type { Config } from '../config';

// How much of one product one order may take. Shared by the cart (a quantity may not grow beyond it) and order
// placement (checked again against the stock locked for the reservation), so a customer cannot put in the cart
// what cannot be ordered. It lives in lib/ because both modules apply it and neither owns the other.

export type LineLimits = Pick<
  Config,
  'orderLineMaxUnits' | 'orderLineMaxStockPercent' | 'orderLineWholeStockUpTo'
>;

/**
 * Units of a product one order may take when `available` units are free in the city (null: a service, no
 * stock). A small stock (up to ORDER_LINE_WHOLE_STOCK_UP_TO, a set of four) may be ordered whole; above it at
 * most ORDER_LINE_MAX_STOCK_PERCENT of it, never fewer than the small-stock size, so more stock never allows
 * less; and never more than ORDER_LINE_MAX_UNITS. One script can then no longer empty a shelf in one order.
 */
export function maxUnitsPerLine(available: number | null, limits: LineLimits): number {
  const cap = limits.orderLineMaxUnits > 0 ? limits.orderLineMaxUnits : CART_QUANTITY_MAX;
  if (available === null) return cap;
  const stock = Math.max(0, available);
  const whole = limits.orderLineWholeStockUpTo;
  const share =
    stock <= whole ? stock : Math.max(whole, Math.floor((stock * limits.orderLineMaxStockPercent) / 100));
  return Math.min(cap, share);
}

/** Russian message of a line beyond the per-order limit (HTTP 409), naming the product and what may be ordered. */
export function lineLimitMessage(title: string, allowed: number): string {
  return `Товар «${title}»: в одном заказе можно заказать не больше ${allowed} шт.`;
}
