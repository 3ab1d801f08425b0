import { describe, expect, it } from 'vitest';
import { markupFor, orderMarkupRules, type MarkupRule } from './markup';

const rule = (id: number, r: Partial<MarkupRule>): MarkupRule => ({
  id,
  supplierId: null,
  manufacturerId: null,
  priceFrom: null,
  priceTo: null,
  percent: 0,
  ...r,
});

describe('markup rules', () => {
  const rules = [
    rule(1, { percent: 10 }),
    rule(2, { manufacturerId: 7, percent: 20 }),
    rule(3, { supplierId: 1, percent: 30 }),
    rule(4, { supplierId: 1, manufacturerId: 7, percent: 40 }),
    rule(5, { supplierId: 1, priceFrom: 1000, priceTo: 5000, percent: 25 }),
    rule(6, { supplierId: 2, percent: 99 }),
  ];

  it('takes supplier and brand over supplier over brand over all, then the narrower band', () => {
    const price = markupFor(1, rules);
    expect(price(7, 100)).toBe(140); // supplier + brand
    expect(price(8, 100)).toBe(130); // supplier
    expect(price(8, 2000)).toBe(2500); // supplier, in the band [1000, 5000)
    expect(price(8, 5000)).toBe(6500); // the band's upper end is open
    const other = markupFor(3, rules);
    expect(other(7, 100)).toBe(120); // brand
    expect(other(8, 100)).toBe(110); // all
    expect(orderMarkupRules(rules).map((r) => r.id)).toEqual([4, 5, 3, 6, 2, 1]);
  });

  it('rounds to kopecks, allows a discount and keeps the price without a rule', () => {
    expect(markupFor(1, [rule(1, { percent: 15 })])(1, 1234.5)).toBe(1419.68);
    expect(markupFor(1, [rule(1, { percent: -99.99 })])(1, 0.01)).toBe(0.01);
    expect(markupFor(1, [rule(1, { percent: 12.5 })])(1, 0.99)).toBe(1.11);
    expect(markupFor(1, [])(1, 99.99)).toBe(99.99);
  });
});
