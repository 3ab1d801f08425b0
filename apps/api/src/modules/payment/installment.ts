import { formatPrice, roundKopecks, type InstallmentResponse } from '@podbor/contract';

// Instalment offer ("оплата частями") shown on the product page: the price split into equal parts paid every two
// weeks, no overpayment, for prices within the partner's limits. The terms are the shop's, kept in one place.
export const INSTALLMENT_TERMS = {
  provider: 'Оплата частями',
  parts: 4,
  periodDays: 14,
  minPrice: 3_000,
  maxPrice: 150_000,
} as const;

export function installmentOffer(price: number): InstallmentResponse {
  const t = INSTALLMENT_TERMS;
  if (price < t.minPrice || price > t.maxPrice) {
    return {
      available: false,
      provider: t.provider,
      parts: 0,
      part_price: 0,
      total: 0,
      description: `Оплата частями доступна для покупок от ${formatPrice(t.minPrice)} до ${formatPrice(t.maxPrice)}.`,
    };
  }
  // Parts in whole kopecks; the first part takes the remainder so the parts add up to the price exactly.
  const part = Math.floor((price * 100) / t.parts) / 100;
  return {
    available: true,
    provider: t.provider,
    parts: t.parts,
    part_price: part,
    total: roundKopecks(price),
    description: `${t.parts} платежа по ${formatPrice(part)} раз в две недели, без переплаты. Первый платёж — при оформлении заказа.`,
  };
}
