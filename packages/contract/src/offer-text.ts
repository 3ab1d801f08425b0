import { DEFAULT_TIME_ZONE, pluralRu } from './format';

// The words of supplier offers «под заказ» (issue #15): the term in days and the expected date. Free of zod, so
// client components import it on its own (`@podbor/contract/offer-text`).

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
