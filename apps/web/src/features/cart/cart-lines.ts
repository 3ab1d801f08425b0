import { roundKopecks } from '@podbor/contract/money';
import type { CartLine, CartResponse } from '@podbor/contract';

// Pure cart arithmetic for optimistic updates: the page shows the result of a change at once and replaces it
// with the server's answer when that arrives (or goes back to the last confirmed cart when it fails).

export interface LinePatch {
  quantity?: number;
  withInstallation?: boolean;
  isChecked?: boolean;
}

export function lineTotals(line: CartLine): CartLine {
  const installation = line.product.with_installation ? line.product.installation_price * line.quantity : 0;
  const products = line.product.price * line.quantity;
  return {
    ...line,
    total_products_price: roundKopecks(products),
    total_installation_price: roundKopecks(installation),
    total_price: roundKopecks(products + installation),
  };
}

export function withTotals(results: CartLine[]): CartResponse {
  let total = 0;
  let checked = 0;
  let checkedCount = 0;
  for (const line of results) {
    const t = line.total_price ?? 0;
    total += t;
    if (line.is_checked !== false) {
      checked += t;
      checkedCount += 1;
    }
  }
  return {
    results,
    total: results.length,
    total_price: roundKopecks(total),
    checked_total: checkedCount,
    checked_total_price: roundKopecks(checked),
  };
}

/** The cart after changing some lines (quantity 0 removes a line). */
export function patchCart(cart: CartResponse, patches: ReadonlyMap<string, LinePatch>): CartResponse {
  const results: CartLine[] = [];
  for (const line of cart.results) {
    const patch = patches.get(line.product.slug);
    if (!patch) {
      results.push(line);
      continue;
    }
    const quantity = patch.quantity ?? line.quantity;
    if (quantity <= 0) continue;
    results.push(
      lineTotals({
        ...line,
        quantity,
        is_checked: patch.isChecked ?? line.is_checked,
        product: {
          ...line.product,
          with_installation: patch.withInstallation ?? line.product.with_installation,
        },
      }),
    );
  }
  return withTotals(results);
}

/** The lines an order of the cart takes: the checked ones. */
function checkedLines(cart: CartResponse): CartLine[] {
  return cart.results.filter((l) => l.is_checked !== false);
}

/** Totals of the checked lines: goods, installation, all. */
export function checkedSummary(cart: CartResponse) {
  const lines = checkedLines(cart);
  const goods = roundKopecks(
    lines.reduce((s, l) => s + (l.total_products_price ?? l.product.price * l.quantity), 0),
  );
  const installation = roundKopecks(lines.reduce((s, l) => s + (l.total_installation_price ?? 0), 0));
  const units = lines.reduce((s, l) => s + l.quantity, 0);
  return { lines: lines.length, units, goods, installation, total: roundKopecks(goods + installation) };
}
