import { describe, expect, it } from 'vitest';
import { lineTotal, moneyString, orderTotal, roundKopecks } from './index';

describe('money', () => {
  it('rounds to whole kopecks, removing float noise', () => {
    expect(roundKopecks(0.1 + 0.2)).toBe(0.3);
    expect(roundKopecks(19.99 * 3)).toBe(59.97);
    expect(roundKopecks(1.234)).toBe(1.23);
    expect(roundKopecks(1.235001)).toBe(1.24);
    expect(roundKopecks(0)).toBe(0);
  });

  it('prices a line as goods plus installation for every unit', () => {
    expect(lineTotal(1299.9, 0, 3)).toBe(3899.7);
    expect(lineTotal(1299.9, 450.35, 3)).toBe(5250.75);
    expect(lineTotal(0.1, 0.2, 1)).toBe(0.3);
    expect(lineTotal(100, 50, 0)).toBe(0);
  });

  it('sums line totals into an order total', () => {
    expect(
      orderTotal([
        { price: 19.99, installation: 0, quantity: 3 },
        { price: 0.1, installation: 0.2, quantity: 7 },
      ]),
    ).toBe(62.07);
    expect(orderTotal([])).toBe(0);
    // Goods and installation summed apart add up to the same total.
    const lines = [
      { price: 1234.56, installation: 99.99, quantity: 7 },
      { price: 0.07, installation: 0.01, quantity: 999 },
    ];
    const goods = orderTotal(lines.map((l) => ({ ...l, installation: 0 })));
    const installation = orderTotal(lines.map((l) => ({ ...l, price: 0 })));
    expect(roundKopecks(goods + installation)).toBe(orderTotal(lines));
  });

  it('writes amounts with a dot and two decimals', () => {
    expect(moneyString(1234.5)).toBe('1234.50');
    expect(moneyString(10)).toBe('10.00');
    expect(moneyString(0.1 + 0.2)).toBe('0.30');
    expect(moneyString(2500.255)).toBe('2500.26');
  });
});
