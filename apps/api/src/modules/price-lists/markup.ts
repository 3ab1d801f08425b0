// The shop's markup on a supplier's price (issue #15): the most specific rule that fits a line wins — supplier and
// brand over supplier over brand over every line; among those, the narrower band of purchase prices; then the older
// rule. No rule: the supplier's price as it is.

export interface MarkupRule {
  id: number;
  supplierId: number | null;
  manufacturerId: number | null;
  priceFrom: number | null;
  priceTo: number | null;
  percent: number;
}

const specificity = (rule: MarkupRule) =>
  (rule.supplierId !== null ? 2 : 0) + (rule.manufacturerId !== null ? 1 : 0);
const width = (rule: MarkupRule) => (rule.priceTo ?? Infinity) - (rule.priceFrom ?? 0);

/** Rules in the order they are tried: the most specific first. */
export function orderMarkupRules<T extends MarkupRule>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => specificity(b) - specificity(a) || width(a) - width(b) || a.id - b.id);
}

/**
 * The pricing of one supplier's lines: `priceOf(manufacturerId, purchasePrice)` is the customer's price in
 * roubles, rounded to kopecks (never below one kopeck).
 */
export function markupFor(supplierId: number, rules: readonly MarkupRule[]) {
  const own = orderMarkupRules(rules.filter((r) => r.supplierId === null || r.supplierId === supplierId));
  return (manufacturerId: number, purchasePrice: number): number => {
    const rule = own.find(
      (r) =>
        (r.manufacturerId === null || r.manufacturerId === manufacturerId) &&
        (r.priceFrom === null || purchasePrice >= r.priceFrom) &&
        (r.priceTo === null || purchasePrice < r.priceTo),
    );
    if (!rule) return purchasePrice;
    // Kopecks as integers: 1234.5 × 1.15 must not come out as 1419.6749999….
    const kopecks = Math.round(
      (Math.round(purchasePrice * 100) * (10_000 + Math.round(rule.percent * 100))) / 10_000,
    );
    return Math.max(1, kopecks) / 100;
  };
}
