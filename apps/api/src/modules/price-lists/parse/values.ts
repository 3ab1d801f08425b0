// The values of a price-list cell as suppliers write them, read into numbers — or the Russian reason they cannot be.
// Pure functions: every reader (CSV, XLSX, YML) goes through them, so a price reads the same in every format.
import {
  PRICE_LIST_MAX_DELIVERY_DAYS,
  PRICE_LIST_MAX_PRICE,
  PRICE_LIST_MAX_QUANTITY,
  PRICE_LIST_MESSAGES as M,
  PRICE_LIST_PLENTY_QUANTITY,
  roundKopecks,
} from '@podbor/contract';

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = (reason: string): Read<never> => ({ ok: false, reason });

// Spaces of every kind (no-break and thin ones are what Excel and 1C put between thousands) and apostrophes.
const GROUP_SPACES = /[\s\u00a0\u202f\u2009'’]+/g;
// Currency marks after or before the amount: '1 234 ₽', '1234 руб.', '1234р', 'RUB 1234'.
const CURRENCY = /(?:₽|руб\.?|р\.?|rub|rur)/giu;

/**
 * A decimal number as written in Russian or English: '1 234,50', '1234.50', '1.234,50', '1,234.50', '1234'.
 * With both separators the later one is the decimal point; a lone comma is decimal (the Russian form) unless it
 * groups thousands more than once ('1,234,567'); a lone dot likewise. Returns null when it is not a number.
 */
export function parseDecimal(text: string): number | null {
  let s = text.replace(GROUP_SPACES, '').replace(CURRENCY, '');
  if (s === '') return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    s = s.split(group).join('');
    if (decimal === ',') s = s.replace(',', '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    if (parts.length > 2) {
      // Thousands groups: every group after the first has exactly three digits.
      if (!parts.slice(1).every((p) => /^\d{3}$/.test(p))) return null;
      s = parts.join('');
    } else if (sep === ',') {
      s = s.replace(',', '.');
    }
  }
  if (!/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The price in roubles, rounded to kopecks; missing, zero, negative or text is an error. */
export function readPrice(text: string): Read<number> {
  const trimmed = text.trim();
  if (trimmed === '') return fail(M.priceMissing);
  const n = parseDecimal(trimmed);
  if (n === null) return fail(M.priceNotNumber);
  const price = roundKopecks(n);
  if (price <= 0) return fail(M.priceNotPositive);
  if (price > PRICE_LIST_MAX_PRICE) return fail(M.priceTooBig);
  return ok(price);
}

const PLENTY_WORDS = new Set(['много', 'есть', 'вналичии', 'да', 'имеется', 'yes', 'instock']);
const NONE_WORDS = new Set(['нет', 'отсутствует', 'нетвналичии', 'no']);
// '>10', '> 10', '10+', '>=10', 'более 10', 'больше 10', 'свыше 10', 'от 10': at least ten — read as ten.
const AT_LEAST = /^(?:>=?|≥|более|больше|свыше|от)?(\d+)(?:\+|шт\.?|штук)?$/u;
// '5-10', '5…10': a range — its lower end is what is surely there.
const RANGE = /^(\d+)(?:-|–|—|\.\.\.|…)(\d+)(?:шт\.?|штук)?$/u;

/**
 * Units in stock. An empty cell is 0 (nothing stated, nothing promised). Floors are read as their number ('>10',
 * '10+', 'более 10' → 10; '5-10' → 5); words for "in stock" without a number ('много', 'есть', 'в наличии', '+',
 * '++', '+++') as PRICE_LIST_PLENTY_QUANTITY (10, the same floor as '>10'); 'нет', '-' as 0. '5,000' (how 1C
 * writes five) is 5; a fraction, a negative number or other text is an error.
 */
export function readQuantity(text: string): Read<number> {
  const s = text
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\u00a0\u202f]+/g, '');
  if (s === '' || s === '0') return ok(0);
  if (/^\++$/.test(s) || PLENTY_WORDS.has(s)) return ok(PRICE_LIST_PLENTY_QUANTITY);
  if (/^[-–—]$/.test(s) || NONE_WORDS.has(s)) return ok(0);
  const range = RANGE.exec(s);
  if (range) return wholeQuantity(Math.min(Number(range[1]), Number(range[2])));
  const atLeast = AT_LEAST.exec(s);
  if (atLeast) return wholeQuantity(Number(atLeast[1]));
  const n = parseDecimal(s.replace(/(?:шт\.?|штук)$/u, ''));
  if (n === null) return fail(M.quantityNotNumber);
  if (n < 0) return fail(M.quantityNegative);
  if (!Number.isInteger(n)) return fail(M.quantityNotWhole);
  return wholeQuantity(n);
}

function wholeQuantity(n: number): Read<number> {
  return n > PRICE_LIST_MAX_QUANTITY ? fail(M.quantityTooBig) : ok(n);
}

const TODAY_WORDS = new Set(['0', 'сегодня', 'вналичии', 'наскладе']);
// '3', '3 дн.', '3 дня', '3 дней', '3д', '3-5', '3–5 дней', '2 нед.', 'до 7 дней', 'от 3 до 5 дней'.
const DAYS =
  /^(?:от|до)?(\d+)(?:(?:-|–|—|до|\.\.\.|…)(\d+))?(дн\.?|дня|дней|день|д\.?|раб\.?дн\.?|рд|нед\.?|недели|недель|неделя)?\.?$/u;

/**
 * The delivery term in days; an empty cell is null (not stated). A range promises its far end ('3-5' → 5);
 * weeks count 7 days; 'сегодня', 'в наличии' are 0, 'завтра' 1. Other text is an error.
 */
export function readDeliveryDays(text: string): Read<number | null> {
  const s = text
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\u00a0\u202f]+/g, '');
  if (s === '') return ok(null);
  if (TODAY_WORDS.has(s)) return ok(0);
  if (s === 'завтра') return ok(1);
  const m = DAYS.exec(s);
  if (!m) {
    const n = parseDecimal(s);
    if (n === null || n < 0) return fail(M.deliveryNotNumber);
    return days(Math.ceil(n));
  }
  const far = Math.max(Number(m[1]), m[2] ? Number(m[2]) : 0);
  const weeks = m[3]?.startsWith('нед') ?? false;
  return days(weeks ? far * 7 : far);
}

function days(n: number): Read<number> {
  return n > PRICE_LIST_MAX_DELIVERY_DAYS ? fail(M.deliveryTooLong) : ok(n);
}

/** The multiple an item is sold in; an empty cell is 1. '2 шт' and '2,000' are 2; zero or a fraction is an error. */
export function readMultiplicity(text: string): Read<number> {
  const s = text
    .trim()
    .toLowerCase()
    .replace(/(?:шт\.?|штук)$/u, '')
    .trim();
  if (s === '') return ok(1);
  const n = parseDecimal(s);
  if (n === null || !Number.isInteger(n) || n < 1 || n > PRICE_LIST_MAX_QUANTITY)
    return fail(M.multiplicityInvalid);
  return ok(n);
}

/** Text of a cell for article, brand and title: trimmed, inner runs of spaces (and line breaks) as one space. */
export function cleanText(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}
