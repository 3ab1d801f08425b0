import { formatPrice, pluralRu } from '@podbor/contract/format';
import type { CartChangedDetail } from './events';

/** The header cart's texts for a count and total (server header and browser cart calls alike). */
export function cartSummaryText(count: number, total: number): CartChangedDetail {
  const totalText = formatPrice(total);
  return {
    count,
    total,
    totalText,
    label: `Корзина: ${count} ${pluralRu(count, ['товар', 'товара', 'товаров'])} на сумму ${totalText}`,
  };
}
