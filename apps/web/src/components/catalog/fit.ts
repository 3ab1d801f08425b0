import type { ProductFit } from '@podbor/contract';

// Fit everywhere (issue #17): what a card, a search result, a cart line or an order line says about the chosen
// vehicle — in the product page's words (features/product/fitment-check.tsx). Pure, so it is tested without a
// browser; `unknown` (no vehicle chosen) says nothing.

export type FitShown = Exclude<ProductFit, 'unknown'>;

const LONG: Record<FitShown, string> = {
  fits: 'Подходит к вашему автомобилю',
  no: 'Не подходит к вашему автомобилю',
  universal: 'Универсальный: подходит для любого автомобиля',
};
const SHORT: Record<FitShown, string> = {
  fits: 'Подходит',
  no: 'Не подходит',
  universal: 'Универсальный',
};

/** The fit worth a label, or null (no vehicle chosen, or an answer without the field). */
export function shownFit(fit: ProductFit | undefined | null): FitShown | null {
  return fit === 'fits' || fit === 'no' || fit === 'universal' ? fit : null;
}

/** The label of a fit: short on cards and search results, long on cart and order lines; null says nothing. */
export function fitLabel(fit: ProductFit | undefined | null, form: 'short' | 'long' = 'long'): string | null {
  const shown = shownFit(fit);
  return shown === null ? null : (form === 'short' ? SHORT : LONG)[shown];
}

/**
 * A listing item's fit: its `fit`, or for an older answer its `is_linked_transport` (true for universal
 * products too, which `is_universal` tells apart).
 */
export function listItemFit(p: {
  fit?: ProductFit;
  is_linked_transport?: boolean;
  is_universal?: boolean;
}): FitShown | null {
  if (p.fit !== undefined) return shownFit(p.fit);
  if (!p.is_linked_transport) return null;
  return p.is_universal ? 'universal' : 'fits';
}

/** «Товар «…» не подходит к вашему автомобилю» for the cart's warning, one sentence per line. */
export function notFittingWarning(titles: readonly string[], vehicle: string | null): string | null {
  if (titles.length === 0) return null;
  const car = vehicle ? `вашему автомобилю ${vehicle}` : 'вашему автомобилю';
  if (titles.length === 1) return `Товар «${titles[0]}» не подходит к ${car}.`;
  return `Товары ${titles.map((t) => `«${t}»`).join(', ')} не подходят к ${car}.`;
}
