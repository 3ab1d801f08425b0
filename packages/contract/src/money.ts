// Money arithmetic shared by the API and the storefront. Prices are roubles with kopecks (numeric(12,2) in the
// database, JS numbers at the edges); every sum a customer sees is rounded to whole kopecks here, in one way,
// so a cart, the order placed from it and the payment taken for it can never differ by a kopeck.

/** `x` roubles rounded to whole kopecks (the float noise of `price * quantity` removed). */
export function roundKopecks(roubles: number): number {
  return Math.round(roubles * 100) / 100;
}

/** One line of a cart or an order: unit price, installation price per unit (0 without installation), units. */
export interface MoneyLine {
  price: number;
  installation: number;
  quantity: number;
}

/** What a line costs: goods and installation for all its units, in whole kopecks. */
export function lineTotal(price: number, installation: number, quantity: number): number {
  return roundKopecks(roundKopecks(price * quantity) + roundKopecks(installation * quantity));
}

/** What a set of lines costs: the sum of their line totals, in whole kopecks. */
export function orderTotal(lines: readonly MoneyLine[]): number {
  return roundKopecks(lines.reduce((sum, l) => sum + lineTotal(l.price, l.installation, l.quantity), 0));
}

/** The amount as payment providers and price fields take it: `1234.5` → `'1234.50'` (dot, two decimals). */
export function moneyString(roubles: number): string {
  return roundKopecks(roubles).toFixed(2);
}

/** Discount in whole percent, or null when there is no real old price. */
export function discountPercent(price: number, oldPrice: number | null | undefined): number | null {
  if (!oldPrice || !Number.isFinite(oldPrice) || oldPrice <= price || price <= 0) return null;
  const percent = Math.round(((oldPrice - price) / oldPrice) * 100);
  return percent > 0 ? percent : null;
}
