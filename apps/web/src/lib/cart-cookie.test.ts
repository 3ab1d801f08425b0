import type { CartResponse } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import { cartItemsCookieValue } from './cart-cookie';

const line = (slug: string, quantity: number, withInstallation = false, checked?: boolean) =>
  ({
    id: 1,
    quantity,
    product: {
      id: 1,
      slug,
      price: 100,
      warehouse_stock: 5,
      with_installation: withInstallation,
      installation_price: 0,
    },
    ...(checked === undefined ? {} : { is_checked: checked }),
  }) as CartResponse['results'][number];

describe('cartItems cookie', () => {
  it('lists every line as SPEC’s client cart item', () => {
    const value = cartItemsCookieValue({ results: [line('filtr', 2, true), line('maslo', 1, false, false)] });
    expect(JSON.parse(value)).toEqual([
      { slug: 'filtr', quantity: 2, withInstallation: true, isChecked: true },
      { slug: 'maslo', quantity: 1, withInstallation: false, isChecked: false },
    ]);
    expect(cartItemsCookieValue({ results: [] })).toBe('[]');
  });

  it('stays within a browser cookie, keeping whole lines', () => {
    const results = Array.from({ length: 200 }, (_, i) => line(`tovar-s-dlinnym-nazvaniem-${i}`, 3));
    const value = cartItemsCookieValue({ results });
    expect(encodeURIComponent(value).length).toBeLessThanOrEqual(3_500);
    const items = JSON.parse(value) as unknown[];
    expect(items.length).toBeGreaterThan(10);
    expect(items.length).toBeLessThan(200);
  });
});
