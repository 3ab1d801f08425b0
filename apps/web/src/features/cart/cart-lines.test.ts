import type { CartLine, CartResponse } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import { checkedSummary, patchCart, withTotals, lineTotals } from './cart-lines';

const line = (slug: string, price: number, quantity: number, installation = 0, checked = true): CartLine =>
  lineTotals({
    id: slug.length,
    quantity,
    is_checked: checked,
    product: {
      id: slug.length,
      slug,
      price,
      warehouse_stock: 10,
      with_installation: installation > 0,
      installation_price: installation,
    },
  });

const cart = (): CartResponse => withTotals([line('filtr', 500, 2), line('kolodki', 3000.5, 1, 1200)]);

describe('optimistic cart arithmetic', () => {
  it('recomputes line and cart totals after a quantity change', () => {
    const next = patchCart(cart(), new Map([['filtr', { quantity: 3 }]]));
    expect(next.results[0]!.total_price).toBe(1500);
    expect(next.total_price).toBe(1500 + 4200.5);
    expect(next.total).toBe(2);
  });

  it('adds or drops installation per unit and removes a line at quantity 0', () => {
    const off = patchCart(cart(), new Map([['kolodki', { withInstallation: false, quantity: 2 }]]));
    expect(off.results[1]!.total_price).toBe(6001);
    const gone = patchCart(cart(), new Map([['filtr', { quantity: 0 }]]));
    expect(gone.results.map((l) => l.product.slug)).toEqual(['kolodki']);
    expect(gone.total).toBe(1);
  });

  it('counts only checked lines in the order summary', () => {
    const next = patchCart(cart(), new Map([['kolodki', { isChecked: false }]]));
    expect(next.checked_total).toBe(1);
    expect(next.checked_total_price).toBe(1000);
    expect(checkedSummary(next)).toEqual({ lines: 1, units: 2, goods: 1000, installation: 0, total: 1000 });
    expect(checkedSummary(cart())).toEqual({
      lines: 2,
      units: 3,
      goods: 4000.5,
      installation: 1200,
      total: 5200.5,
    });
  });
});
