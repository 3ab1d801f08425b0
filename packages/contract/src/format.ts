// Presentation helpers shared by server-rendered and client code: pure, locale fixed to ru-RU and
// time zone fixed, so the server's HTML and the browser's hydration produce the same text.

import { DEFAULT_CATALOG_ORDER, QUERY_PARAMS } from './constants';

const LOCALE = 'ru-RU';
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const kopecksFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function toNumber(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.trim().replace(',', '.'));
}

/** `12345.5` → `12 345,5` (grouping with the non-breaking spaces Intl uses). Empty for non-numbers. */
export function formatNumber(value: number | string): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '';
  return Number.isInteger(n) ? integerFormat.format(n) : decimalFormat.format(n);
}

/** `12345` → `12 345 ₽`; kopecks only when present (`12 345,50 ₽`). Empty for non-numbers. */
export function formatPrice(value: number | string): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '';
  const amount = Number.isInteger(n) ? integerFormat.format(n) : kopecksFormat.format(n);
  return `${amount}\u00a0₽`;
}

/** Russian plural form: 1 товар, 2 товара, 5 товаров, 21 товар, 11 товаров. */
export function pluralRu(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return forms[1];
  const mod10 = abs % 10;
  const mod100 = abs % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}

/**
 * How long to wait, in the accusative after «через»: `45` → `45 секунд`, `130` → `3 минуты`, `5400` →
 * `1 час 30 минут`, `30000` → `9 часов`, `500000` → `6 дней`. Rounded up, so the customer never retries early;
 * the larger the wait, the coarser the unit (nobody needs «23 часа 59 минут»).
 */
export function formatWait(totalSeconds: number): string {
  const s = Math.max(1, Math.ceil(Number.isFinite(totalSeconds) ? totalSeconds : 1));
  const unit = (n: number, forms: readonly [string, string, string]) => `${n} ${pluralRu(n, forms)}`;
  const hoursText = (h: number) => unit(h, ['час', 'часа', 'часов']);
  if (s < 60) return unit(s, ['секунду', 'секунды', 'секунд']);
  if (s < 3600) {
    const m = Math.ceil(s / 60);
    return m === 60 ? hoursText(1) : unit(m, ['минуту', 'минуты', 'минут']);
  }
  if (s < 3 * 3600) {
    let h = Math.floor(s / 3600);
    let m = Math.ceil((s % 3600) / 60);
    if (m === 60) [h, m] = [h + 1, 0];
    return m === 0 ? hoursText(h) : `${hoursText(h)} ${unit(m, ['минуту', 'минуты', 'минут'])}`;
  }
  if (s < 48 * 3600) return hoursText(Math.ceil(s / 3600));
  return unit(Math.ceil(s / 86_400), ['день', 'дня', 'дней']);
}

/** A count with its noun: `13839` → `13 839 товаров` (grouped like every number on the site). */
export function countRu(n: number, forms: readonly [one: string, few: string, many: string]): string {
  return `${formatNumber(n)} ${pluralRu(n, forms)}`;
}

/** A listing's count of products: `≈ 260 000 товаров` when the API estimated it (`total_estimated`). */
export function productCountRu(listing: { total: number; total_estimated?: boolean }): string {
  const text = countRu(listing.total, ['товар', 'товара', 'товаров']);
  return listing.total_estimated ? `≈ ${text}` : text;
}

interface Titled {
  title?: string | null;
}
export interface TransportTextSource {
  brand?: Titled | null;
  model?: Titled | null;
  engine?: Titled | null;
  years?: readonly number[] | null;
}

/** `2015–2020` from a list of years, a single year when they are all the same, empty when none. */
export function formatYears(years: readonly number[] | null | undefined): string {
  if (!years || years.length === 0) return '';
  const first = Math.min(...years);
  const last = Math.max(...years);
  return first === last ? String(first) : `${first}–${last}`;
}

/** SPEC §3 text form: `Brand Model 2015–2020 1.6 (106 л.с.)`; missing parts are skipped. */
export function formatTransportText(transport: TransportTextSource): string {
  return [
    transport.brand?.title,
    transport.model?.title,
    formatYears(transport.years),
    transport.engine?.title,
  ]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
}

function segment(value: string): string {
  return encodeURIComponent(value);
}

/** `/catalog/<a>/<b>` for a category slug chain. */
export function categoryUrl(categoriesPath: readonly string[]): string {
  return ['/catalog', ...categoriesPath.map(segment)].join('/');
}

/**
 * A catalogue link as SPEC §2 gives it (menu, tiles, breadcrumbs): the category's address with the default
 * listing query `page=1&order=byPopularDown` and, when a vehicle is chosen, its `transport_id`.
 * An empty chain is the catalogue root.
 */
export function catalogLink(categoriesPath: readonly string[], transportId?: number | null): string {
  const base = categoriesPath.length > 0 ? categoryUrl(categoriesPath) : '/catalog';
  const query = `${QUERY_PARAMS.page}=1&${QUERY_PARAMS.order}=${DEFAULT_CATALOG_ORDER}`;
  return `${base}?${query}${transportId ? `&${QUERY_PARAMS.transportId}=${transportId}` : ''}`;
}

/** `/catalog/<a>/<b>/product_<slug>` for one category slug chain. */
export function productUrl(categoriesPath: readonly string[], slug: string): string {
  return `${categoryUrl(categoriesPath)}/product_${segment(slug)}`;
}

/** Product URL from the API's `categories` (several chains): the first chain is canonical. */
export function productUrlFromCategories(categories: readonly (readonly string[])[], slug: string): string {
  return productUrl(categories[0] ?? [], slug);
}

export function manufacturerUrl(slug: string): string {
  return `/manufacturer/${segment(slug)}`;
}

const DATE_ONLY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

export type DateStyle = 'short' | 'long';

/**
 * `05.03.2024` (short) or `5 марта 2024 г.` (long). A date-only string (`YYYY-MM-DD`, `YYYY-M-D`)
 * is a calendar date and is not shifted by time zones. Empty for invalid input.
 */
export function formatDate(
  value: string | Date,
  style: DateStyle = 'short',
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value.trim()) : null;
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])))
    : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { day: 'numeric', month: 'long', year: 'numeric' }
      : { day: '2-digit', month: '2-digit', year: 'numeric' };
  return new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: dateOnly ? 'UTC' : timeZone }).format(date);
}

/** `05.03.2024, 14:07` in the given time zone (Moscow by default). Empty for invalid input. */
export function formatDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

/** Resend-code countdown `m:ss` (SPEC §4): 59 → `0:59`. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
