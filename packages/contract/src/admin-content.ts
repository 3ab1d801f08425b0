import { z } from 'zod';
import './zod-config';
import { INT4_MAX } from './constants';
import { maxLengthMessage, MESSAGES } from './messages';
import { isOwnPath } from './rich-text';
import { baseString, requiredString } from './rules';
import { transliterate } from './translit';

// Back office (issue #14): the shop's content — banners of the home and category pages, info pages for buyers and
// the showcase's settings (name, contacts, hours, seller's legal details, SEO, metrics). Pages and the settings are
// checked against the `version` the editor read (409 when someone saved in between).

export const BANNER_TEXT_MAX_LENGTH = 200;
export const URL_MAX_LENGTH = 500;
export const PAGE_TITLE_MAX_LENGTH = 200;
export const PAGE_SLUG_MAX_LENGTH = 100;
export const PAGE_TEXT_MAX_LENGTH = 200_000;
export const SHOWCASE_TEXT_MAX_LENGTH = 1_000;
export const SORT_MAX = 100_000;
/** Uploaded banner pictures are fitted into this box (never enlarged) and stored as WebP. */
export const BANNER_IMAGE_SIZE = { width: 1600, height: 600 } as const;

export const CONTENT_MESSAGES = {
  linkInvalid: 'Ссылка — путь на сайте магазина (например, /catalog/…) или адрес, начинающийся с https://',
  httpsInvalid: 'Адрес должен начинаться с https://',
  unknownCategory: 'Такой категории нет',
  slugInvalid: 'Адрес страницы — латинские буквы, цифры и дефисы',
  slugTaken: 'Страница с таким адресом уже есть',
  slugEmpty: 'Из заголовка не получается адрес: укажите его латиницей',
  pageStale:
    'Страницу уже изменил другой сотрудник. Обновите её, чтобы увидеть его изменения, и внесите свои снова.',
  showcaseStale:
    'Настройки уже изменил другой сотрудник. Обновите страницу, чтобы увидеть его изменения, и внесите свои снова.',
  timeInvalid: 'Время в формате ЧЧ:ММ, например 08:00',
  hoursOrder: 'Время окончания должно быть позже начала',
  hoursPair: 'Укажите начало и конец рабочего времени или оставьте оба пустыми',
  timeZoneInvalid: 'Неизвестный часовой пояс',
  innInvalid: 'ИНН — 10 цифр (организация) или 12 цифр (ИП) с верной контрольной суммой',
  ogrnInvalid: 'ОГРН — 13 цифр (организация) или ОГРНИП — 15 цифр с верной контрольной суммой',
  metricIdInvalid: 'Номер счётчика — только цифры',
  sortInvalid: `Порядок — целое число от 0 до ${SORT_MAX}`,
  reorderMismatch: 'Список баннеров изменился: обновите страницу и повторите',
} as const;

const text = (max: number) => baseString().trim().max(max, maxLengthMessage(max));
const sort = z
  .number({ error: CONTENT_MESSAGES.sortInvalid })
  .int(CONTENT_MESSAGES.sortInvalid)
  .min(0, CONTENT_MESSAGES.sortInvalid)
  .max(SORT_MAX, CONTENT_MESSAGES.sortInvalid);
const id = z.number().int().positive(MESSAGES.idInvalid).max(INT4_MAX, MESSAGES.numberTooLarge);

/** A banner's link: a path of the shop (`/catalog/…`) or an https address; `javascript:`, `//host` etc. are not. */
export function isBannerLink(value: string): boolean {
  if (value === '') return true;
  if (isOwnPath(value)) return !/[\s\\]/.test(value);
  return isHttpsUrl(value);
}

export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s/\\]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** `'Доставка и оплата!'` → `'dostavka-i-oplata'`: the address of a new info page from its title. */
export function pageSlugFromTitle(title: string): string {
  return transliterate(title.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PAGE_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---- banners ----

export const adminBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** Media path of the picture; empty until one is uploaded (such a banner is not shown). */
  image: z.string(),
  url: z.string(),
  /** null: the home page. */
  category: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
  sort: z.number().int(),
  is_active: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const adminBannersResponse = z.array(adminBanner);
export type AdminBannersResponse = z.infer<typeof adminBannersResponse>;

const bannerLink = text(URL_MAX_LENGTH).refine(isBannerLink, CONTENT_MESSAGES.linkInvalid);
/** Category slug, or null/'' for the home page. */
const bannerPlace = z
  .string()
  .trim()
  .max(PAGE_SLUG_MAX_LENGTH, CONTENT_MESSAGES.unknownCategory)
  .nullable()
  .transform((v) => v || null);

export const adminBannerCreate = z.object({
  title: requiredString(BANNER_TEXT_MAX_LENGTH),
  subtitle: text(BANNER_TEXT_MAX_LENGTH).default(''),
  url: bannerLink.default(''),
  category: bannerPlace.default(null),
  sort: sort.optional(),
  is_active: z.boolean().default(true),
});
export type AdminBannerCreate = z.input<typeof adminBannerCreate>;

/** A banner change: only the fields sent change. */
export const adminBannerPatch = z.object({
  title: requiredString(BANNER_TEXT_MAX_LENGTH).optional(),
  subtitle: text(BANNER_TEXT_MAX_LENGTH).optional(),
  url: bannerLink.optional(),
  category: bannerPlace.optional(),
  sort: sort.optional(),
  is_active: z.boolean().optional(),
});
export type AdminBannerPatch = z.input<typeof adminBannerPatch>;

/** The new order of the banners of one place (home or a category): every banner of that place, once. */
export const adminBannersReorder = z.object({
  category: bannerPlace.default(null),
  ids: z.array(id).min(1, MESSAGES.required).max(500),
});
export type AdminBannersReorder = z.input<typeof adminBannersReorder>;

// ---- info pages ----

export const adminPageSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  sort: z.number().int(),
  is_published: z.boolean(),
  updated_at: z.string(),
});
export type AdminPageSummary = z.infer<typeof adminPageSummary>;

export const adminPagesResponse = z.array(adminPageSummary);
export type AdminPagesResponse = z.infer<typeof adminPagesResponse>;

export const adminPage = adminPageSummary.extend({
  /** Sanitised HTML. */
  text: z.string(),
  /** The storefront's address of the page. */
  url: z.string(),
  version: z.string(),
});
export type AdminPage = z.infer<typeof adminPage>;

const pageSlug = baseString()
  .trim()
  .toLowerCase()
  .max(PAGE_SLUG_MAX_LENGTH, maxLengthMessage(PAGE_SLUG_MAX_LENGTH))
  .refine((v) => v === '' || PAGE_SLUG_PATTERN.test(v), CONTENT_MESSAGES.slugInvalid);
const pageText = baseString().max(PAGE_TEXT_MAX_LENGTH, maxLengthMessage(PAGE_TEXT_MAX_LENGTH));

export const adminPageCreate = z.object({
  title: requiredString(PAGE_TITLE_MAX_LENGTH),
  /** Empty or absent: made from the title. */
  slug: pageSlug.default(''),
  text: pageText.default(''),
  sort: sort.optional(),
  /** New pages start as drafts unless told otherwise. */
  is_published: z.boolean().default(false),
});
export type AdminPageCreate = z.input<typeof adminPageCreate>;

export const adminPagePatch = z.object({
  version: baseString().min(1, MESSAGES.required).max(100),
  title: requiredString(PAGE_TITLE_MAX_LENGTH).optional(),
  slug: pageSlug.refine((v) => v !== '', MESSAGES.required).optional(),
  text: pageText.optional(),
  sort: sort.optional(),
  is_published: z.boolean().optional(),
});
export type AdminPagePatch = z.input<typeof adminPagePatch>;

// ---- showcase settings ----

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function digitsCheck(value: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return (sum % 11) % 10;
}

/** ИНН: 10 digits of an organisation or 12 of a person, with the tax service's check digits. */
export function isValidInn(value: string): boolean {
  if (/^\d{10}$/.test(value)) return digitsCheck(value, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(value[9]);
  if (/^\d{12}$/.test(value))
    return (
      digitsCheck(value, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(value[10]) &&
      digitsCheck(value, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === Number(value[11])
    );
  return false;
}

/** ОГРН (13 digits, check = first 12 mod 11) or ОГРНИП (15 digits, check = first 14 mod 13), last digit of it. */
export function isValidOgrn(value: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(value)) return false;
  const divisor = value.length === 13 ? 11n : 13n;
  const check = (BigInt(value.slice(0, -1)) % divisor) % 10n;
  return check === BigInt(value.at(-1)!);
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

const socialLink = text(URL_MAX_LENGTH).refine(
  (v) => v === '' || isHttpsUrl(v),
  CONTENT_MESSAGES.httpsInvalid,
);
const time = z
  .string()
  .trim()
  .refine((v) => v === '' || TIME.test(v), CONTENT_MESSAGES.timeInvalid);

export const adminShowcase = z.object({
  title: z.string(),
  phone: z.string(),
  email: z.string(),
  tagline: z.string(),
  description: z.string(),
  footer_text: z.string(),
  privacy_policy_link: z.string(),
  social_link_vk: z.string(),
  social_link_instagram: z.string(),
  social_link_facebook: z.string(),
  work_hours_from: z.string(),
  work_hours_to: z.string(),
  time_zone: z.string(),
  legal_name: z.string(),
  inn: z.string(),
  ogrn: z.string(),
  legal_address: z.string(),
  seo_tagline: z.string(),
  seo_description: z.string(),
  /** Yandex Metrika counter; '' when none. */
  metric_id: z.string(),
  ga_id: z.string(),
  version: z.string(),
});
export type AdminShowcase = z.infer<typeof adminShowcase>;

/** A settings change: only the fields sent change; hours are checked together with the stored other end. */
export const adminShowcasePatch = z.object({
  version: baseString().min(1, MESSAGES.required).max(100),
  title: requiredString(BANNER_TEXT_MAX_LENGTH).optional(),
  phone: requiredString(50)
    .refine((v) => /^\+?[\d\s()-]{5,30}$/.test(v), MESSAGES.phoneInvalid)
    .optional(),
  email: text(200)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), MESSAGES.emailInvalid)
    .optional(),
  tagline: text(SHOWCASE_TEXT_MAX_LENGTH).optional(),
  description: text(SHOWCASE_TEXT_MAX_LENGTH).optional(),
  footer_text: text(SHOWCASE_TEXT_MAX_LENGTH).optional(),
  privacy_policy_link: text(URL_MAX_LENGTH).refine(isBannerLink, CONTENT_MESSAGES.linkInvalid).optional(),
  social_link_vk: socialLink.optional(),
  social_link_instagram: socialLink.optional(),
  social_link_facebook: socialLink.optional(),
  work_hours_from: time.optional(),
  work_hours_to: time.optional(),
  time_zone: requiredString(64).refine(isTimeZone, CONTENT_MESSAGES.timeZoneInvalid).optional(),
  legal_name: text(BANNER_TEXT_MAX_LENGTH).optional(),
  inn: text(12)
    .refine((v) => v === '' || isValidInn(v), CONTENT_MESSAGES.innInvalid)
    .optional(),
  ogrn: text(15)
    .refine((v) => v === '' || isValidOgrn(v), CONTENT_MESSAGES.ogrnInvalid)
    .optional(),
  legal_address: text(SHOWCASE_TEXT_MAX_LENGTH).optional(),
  seo_tagline: text(BANNER_TEXT_MAX_LENGTH).optional(),
  seo_description: text(SHOWCASE_TEXT_MAX_LENGTH).optional(),
  metric_id: text(15)
    .refine((v) => /^\d*$/.test(v), CONTENT_MESSAGES.metricIdInvalid)
    .optional(),
  ga_id: text(50).optional(),
});
export type AdminShowcasePatch = z.input<typeof adminShowcasePatch>;

/** Working hours as a pair: both empty (round the clock) or both set with the start before the end. */
export function hoursError(from: string, to: string): { field: string; message: string } | null {
  if (from === '' && to === '') return null;
  if (from === '' || to === '')
    return { field: from === '' ? 'work_hours_from' : 'work_hours_to', message: CONTENT_MESSAGES.hoursPair };
  if (from >= to) return { field: 'work_hours_to', message: CONTENT_MESSAGES.hoursOrder };
  return null;
}
