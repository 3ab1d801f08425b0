import type { ProductFit } from '@podbor/contract';
import { lineTotal as contractLineTotal, roundKopecks } from '@podbor/contract/money';

/** One line of the order being placed (from the checked cart lines, or the product bought at once). */
export interface OrderLine {
  slug: string;
  title: string;
  image: string | null;
  href: string;
  price: number;
  quantity: number;
  withInstallation: boolean;
  /** Per unit; 0 when not offered. */
  installationPrice: number;
  installationAvailable: boolean;
  stock: number;
  /** A cart line from a supplier's offer «под заказ»: its supplier (sent with the order) and what it says. */
  supplierId?: number | null;
  offerNote?: string | null;
  /** Issue #17: the transfer that brings the line to the chosen branch, «перемещение из филиала …, завтра после 14:00». */
  pickupNote?: string | null;
  /** Fit everywhere: the cart line for the chosen vehicle (a line that does not fit is confirmed once). */
  fit?: ProductFit;
}

export const lineTotal = (l: OrderLine) =>
  contractLineTotal(l.price, l.withInstallation ? l.installationPrice : 0, l.quantity);

export function orderTotals(lines: readonly OrderLine[]) {
  const goods = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const installation = lines.reduce(
    (s, l) => s + (l.withInstallation ? l.installationPrice * l.quantity : 0),
    0,
  );
  return {
    goods: roundKopecks(goods),
    installation: roundKopecks(installation),
    total: roundKopecks(roundKopecks(goods) + roundKopecks(installation)),
  };
}

/** Remembered between /order and /payment, so a failed payment can be tried again with the same goods. */
export const LAST_ORDER_KEY = 'podbor:last-order';
export interface LastOrder {
  orderId: number;
  placement: 'CART' | 'BUY_NOW';
  lines: { slug: string; quantity: number; with_installation: boolean }[];
}
