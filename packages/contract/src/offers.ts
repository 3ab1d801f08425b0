import { z } from 'zod';
import { DEFAULT_TIME_ZONE, pluralRu } from './format';

// Supplier offers «под заказ» as the storefront, the cart and orders see them (issue #15). A product with no own
// stock in the city may still be sold from its best offer: the cheapest active one with units (then the fastest).

/** Days an offer takes, Russian: `1 день`, `3 дня`, `5 дней`, `21 день`. */
export function daysRu(n: number): string {
  return `${n} ${pluralRu(n, ['день', 'дня', 'дней'])}`;
}

/** «под заказ, 3 дня» (lower case, as a card or a cart line says it); «под заказ, сегодня» for 0 days. */
export function onOrderLabel(deliveryDays: number): string {
  return deliveryDays === 0 ? 'под заказ, сегодня' : `под заказ, ${daysRu(deliveryDays)}`;
}

/** The same with a capital letter, as a sentence of its own (the product page): «Под заказ, 3 дня». */
export function onOrderTitle(deliveryDays: number): string {
  const label = onOrderLabel(deliveryDays);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The calendar day (YYYY-MM-DD, in the shop's time zone) `deliveryDays` after `from`. */
export function expectedDate(
  deliveryDays: number,
  from: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  // The day of `from` in the shop's zone, then whole days on the calendar (no daylight-saving surprises).
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(from);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + deliveryDays)).toISOString().slice(0, 10);
}

const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/** `2026-11-30` → «30 ноября» (the year is left out: an offer arrives within a year). Empty for invalid input. */
export function formatDayMonth(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return '';
  const month = MONTHS_GENITIVE[Number(match[2]) - 1];
  return month ? `${Number(match[3])} ${month}` : '';
}

/** «ожидается 30 ноября». */
export const expectedLabel = (date: string) => `ожидается ${formatDayMonth(date)}`;

/** «под заказ, ожидается 30 ноября» — an order line from an offer. */
export const onOrderExpectedLabel = (date: string) => `под заказ, ${expectedLabel(date)}`;

/** The best offer of a product, as the product page and the cards show it (prices already with the markup). */
export const productOffer = z.object({
  price: z.number(),
  /** Units the supplier has. */
  quantity: z.number().int(),
  /** Days from the order to the branch. */
  delivery_days: z.number().int(),
  /** Sold in multiples of this. */
  multiplicity: z.number().int(),
  /** When an order placed today is expected at the branch, YYYY-MM-DD. */
  expected_date: z.string(),
  /** The supplier whose offer it is: sent back as the cart's `supplier_id`. */
  supplier_id: z.number().int(),
});
export type ProductOffer = z.infer<typeof productOffer>;

/** A cart line taken from a supplier's offer. */
export const cartLineOffer = z.object({
  supplier_id: z.number().int(),
  /** False when the supplier no longer offers the product (a newer price list): the line cannot be ordered. */
  available: z.boolean(),
  delivery_days: z.number().int().nullable(),
  multiplicity: z.number().int(),
  expected_date: z.string().nullable(),
  /** «под заказ, 3 дня», or why the line cannot be ordered. */
  label: z.string(),
});
export type CartLineOffer = z.infer<typeof cartLineOffer>;

/** Podbor adds to a cart call: the line comes from this supplier's offer; absent or null = own stock. */
export const supplierIdField = z
  .number({ error: 'Укажите поставщика числом.' })
  .int('Укажите поставщика числом.')
  .positive('Укажите поставщика числом.')
  .max(2_147_483_647, 'Укажите поставщика числом.')
  .nullish();

export const OFFER_MESSAGES = {
  offerGone: (title: string) =>
    `Предложение поставщика для товара «${title}» больше недоступно. Удалите его из корзины или выберите товар в наличии.`,
  offerGoneLabel: 'Предложение поставщика больше недоступно',
  multiplicity: (title: string, multiplicity: number) =>
    `Товар «${title}» под заказ продаётся по ${multiplicity} шт.: укажите количество, кратное ${multiplicity}.`,
  notEnough: (title: string, available: number) =>
    available > 0
      ? `У поставщика недостаточно товара «${title}»: можно заказать не больше ${available} шт.`
      : `Товар «${title}» у поставщика закончился.`,
} as const;

/** Order line fields Podbor adds: where an offer line stands. */
export const orderLineOfferFields = {
  /** The line comes from a supplier's offer «под заказ». */
  on_order: z.boolean().optional(),
  delivery_days: z.number().int().nullable().optional(),
  /** When the line is expected at the branch, YYYY-MM-DD; null for own stock. */
  expected_date: z.string().nullable().optional(),
};
