import { z } from 'zod';
import './zod-config';
import { INT4_MAX, SLUG_MAX_LENGTH, TEXT_INPUT_MAX_LENGTH } from './constants';
import { maxLengthMessage, MESSAGES } from './messages';
import { optionalQuery, pageQuery, paginated, SLUG_PATTERN } from './common';
import { baseString, requiredString } from './rules';
import { countRu, pluralRu } from './format';
import { transliterate } from './translit';

// Back office (issue #14): the catalogue's structure — the category tree and the manufacturers. Every write is
// checked against the `version` the editor read (409 when another admin saved in between), written with its audit
// entry and announced to every API process, so the storefront's cached tree, listings and search change at once.

export const CATEGORY_DESCRIPTION_MAX_LENGTH = 20_000;
export const SEO_TEXT_MAX_LENGTH = 500;
export const MANUFACTURER_DESCRIPTION_MAX_LENGTH = 20_000;
export const ADMIN_MANUFACTURERS_PAGE_SIZE = 50;

export const STRUCTURE_MESSAGES = {
  categoryStale:
    'Категорию уже изменил другой сотрудник. Обновите страницу, чтобы увидеть его изменения, и внесите свои снова.',
  manufacturerStale:
    'Производителя уже изменил другой сотрудник. Обновите страницу, чтобы увидеть его изменения, и внесите свои снова.',
  categorySlugTaken: 'Такой адрес уже у другой категории — укажите другой',
  manufacturerSlugTaken: 'Такой адрес уже у другого производителя — укажите другой',
  slugFromTitle: 'Из названия не получился адрес: укажите его латиницей',
  slugInvalid: 'Адрес — строчные латинские буквы, цифры и дефисы',
  unknownParent: 'Такой родительской категории нет',
  moveIntoItself: 'Нельзя переместить категорию в саму себя или в её подкатегорию',
  categoryHasChildren: (n: number) =>
    `Нельзя удалить категорию: в ней ${countRu(n, ['подкатегория', 'подкатегории', 'подкатегорий'])}. Перенесите или удалите их либо скройте категорию.`,
  categoryHasProducts: (n: number) =>
    `Нельзя удалить категорию: в ней ${countRu(n, ['товар', 'товара', 'товаров'])}. Перенесите товары в другую категорию либо скройте эту.`,
  manufacturerHasProducts: (n: number) =>
    `Нельзя удалить производителя: он указан у ${n} ${pluralRu(n, ['товара', 'товаров', 'товаров'])}. Сначала смените производителя у этих товаров.`,
} as const;

/** A URL slug from a Russian or Latin title, by the shop's one transliteration ('Тормозные диски' → 'tormoznye-diski'). */
export function slugFromTitle(title: string): string {
  return transliterate(title.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

const id = z.number().int().positive(MESSAGES.idInvalid).max(INT4_MAX, MESSAGES.numberTooLarge);
const version = requiredString(100);
const text = (max: number) => baseString().trim().max(max, maxLengthMessage(max));
/** An explicit slug; empty or absent means "make it from the title". */
const slugInput = baseString()
  .trim()
  .toLowerCase()
  .max(SLUG_MAX_LENGTH, maxLengthMessage(SLUG_MAX_LENGTH))
  .refine((v) => v === '' || (SLUG_PATTERN.test(v) && !/^-|-$|--/.test(v)), STRUCTURE_MESSAGES.slugInvalid);

// ---- categories ----

export const adminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  title: z.string(),
  slug: z.string(),
  /** Position among its siblings (0 first). */
  sort: z.number().int(),
  depth: z.number().int(),
  /** Slug chain root → self (the storefront URL /catalog/<path…>/). */
  path: z.array(z.string()),
  description: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  is_service: z.boolean(),
  /** Hidden by staff itself. */
  is_hidden: z.boolean(),
  /** Not on the storefront: hidden itself or under a hidden ancestor. */
  hidden_on_site: z.boolean(),
  /** Products in the category and all its subcategories (active or not). */
  products_count: z.number().int(),
  /** Products directly in this category. */
  own_products_count: z.number().int(),
  children_count: z.number().int(),
  version: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

/** The whole tree, flat, in display order (parents before children, siblings by position). */
export const adminCategoriesResponse = z.array(adminCategory);
export type AdminCategoriesResponse = z.infer<typeof adminCategoriesResponse>;

export const adminCategoryCreate = z.object({
  title: requiredString(TEXT_INPUT_MAX_LENGTH),
  slug: slugInput.optional(),
  parent_id: id.nullable().optional(),
});
export type AdminCategoryCreate = z.input<typeof adminCategoryCreate>;

/** Fields to change (absent: unchanged), with the `version` the editor read. */
export const adminCategoryPatch = z.object({
  version,
  title: requiredString(TEXT_INPUT_MAX_LENGTH).optional(),
  slug: slugInput.optional(),
  description: text(CATEGORY_DESCRIPTION_MAX_LENGTH).optional(),
  seo_title: text(SEO_TEXT_MAX_LENGTH).optional(),
  seo_description: text(SEO_TEXT_MAX_LENGTH).optional(),
  is_hidden: z.boolean().optional(),
});
export type AdminCategoryPatch = z.input<typeof adminCategoryPatch>;

/** A move: the new parent (null: top level) and the position among its children (past the end: last). */
export const adminCategoryMove = z.object({
  version,
  parent_id: id.nullable(),
  position: z
    .number({ error: 'Позиция — целое число от 0' })
    .int('Позиция — целое число от 0')
    .min(0, 'Позиция — целое число от 0')
    .max(100_000, 'Позиция — целое число от 0'),
});
export type AdminCategoryMove = z.infer<typeof adminCategoryMove>;

// ---- manufacturers ----

export const adminManufacturer = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  country: z.string(),
  description: z.string(),
  /** Media path of the logo (/media/…) or null. */
  logo: z.string().nullable(),
  products_count: z.number().int(),
  version: z.string(),
});
export type AdminManufacturer = z.infer<typeof adminManufacturer>;

export const adminManufacturerListQuery = pageQuery(ADMIN_MANUFACTURERS_PAGE_SIZE, 200).extend({
  /** Part of the title, slug or country. */
  q: optionalQuery(requiredString(TEXT_INPUT_MAX_LENGTH)),
});
export type AdminManufacturerListQuery = z.infer<typeof adminManufacturerListQuery>;

export const adminManufacturerListResponse = paginated(adminManufacturer);
export type AdminManufacturerListResponse = z.infer<typeof adminManufacturerListResponse>;

export const adminManufacturerCreate = z.object({
  title: requiredString(TEXT_INPUT_MAX_LENGTH),
  slug: slugInput.optional(),
  country: text(TEXT_INPUT_MAX_LENGTH).optional(),
  description: text(MANUFACTURER_DESCRIPTION_MAX_LENGTH).optional(),
});
export type AdminManufacturerCreate = z.input<typeof adminManufacturerCreate>;

export const adminManufacturerPatch = z.object({
  version,
  title: requiredString(TEXT_INPUT_MAX_LENGTH).optional(),
  slug: slugInput.optional(),
  country: text(TEXT_INPUT_MAX_LENGTH).optional(),
  description: text(MANUFACTURER_DESCRIPTION_MAX_LENGTH).optional(),
  /** null removes the logo (a new one is uploaded through its own call). */
  logo: z.null().optional(),
});
export type AdminManufacturerPatch = z.input<typeof adminManufacturerPatch>;

/** What a delete answers: the id of the row that is gone. */
export const adminDeleted = z.object({ id: z.number().int() });
export type AdminDeleted = z.infer<typeof adminDeleted>;
