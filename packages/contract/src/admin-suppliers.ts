import { z } from 'zod';
import './zod-config';
import { INT4_MAX, TEXT_INPUT_MAX_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { optionalQuery, pageQuery, paginated, positiveIntString } from './common';
import { requiredString } from './rules';
import { IMPORT_STATUSES } from './admin-imports';
import {
  PRICE_LIST_DELIMITERS,
  PRICE_LIST_ENCODINGS,
  PRICE_LIST_MAX_DELIVERY_DAYS,
  PRICE_LIST_MAX_PRICE,
  PRICE_LIST_FIELDS,
  priceListColumn,
  priceListSettings,
} from './price-lists';

// Back office (issue #15): suppliers and their price lists. A supplier's mapping is set once from a preview of its
// file; its daily price list is uploaded and imported by a background job into offers (supplier_offers) with the
// shop's markup (markup rules); brands the file spells differently are matched through brand synonyms.

export const SUPPLIER_TITLE_MAX_LENGTH = 200;
export const BRAND_SYNONYM_MAX_LENGTH = 100;
export const MARKUP_PERCENT_MIN = -100;
export const MARKUP_PERCENT_MAX = 10_000;
export const ADMIN_BRAND_SYNONYMS_PAGE_SIZE = 50;
/** Rows of the file the preview shows while the mapping is set. */
export const PRICE_LIST_PREVIEW_ROWS = 10;

export const SUPPLIER_MESSAGES = {
  notFound: 'Поставщик не найден.',
  titleTaken: 'Поставщик с таким названием уже есть',
  deliveryDays: `Срок поставки — целое число дней от 0 до ${PRICE_LIST_MAX_DELIVERY_DAYS}`,
  hasRunningImport: 'У поставщика идёт импорт прайс-листа: дождитесь его окончания.',
  noSettings:
    'Для поставщика не настроено чтение прайс-листа: сначала укажите столбцы (артикул, бренд, цена) по образцу файла.',
  inactive: 'Поставщик выключен: его прайс-листы не загружаются. Включите его, чтобы загрузить прайс-лист.',
  fileMissing: 'Выберите файл прайс-листа.',
  fileEmpty: 'Файл пуст.',
  fileType: 'Нужен прайс-лист в CSV, XLSX или YML.',
  previewYml: 'YML читается без настройки столбцов: загрузите его сразу как прайс-лист.',
  fileOptions: 'Настройки файла неверны.',
  // Markup rules.
  ruleNotFound: 'Правило наценки не найдено.',
  percent: `Наценка — число процентов больше ${MARKUP_PERCENT_MIN} и не больше ${MARKUP_PERCENT_MAX}`,
  percentPrecision: 'Наценка — не более двух знаков после запятой',
  bandPrice: 'Цена — положительное число с не более чем двумя знаками после запятой',
  bandOrder: 'Цена «от» должна быть меньше цены «до»',
  unknownSupplier: 'Такого поставщика нет',
  unknownManufacturer: 'Такого производителя нет',
  ruleDuplicate: 'Такое правило уже есть (тот же поставщик, бренд и диапазон цен): измените его.',
  // Brand synonyms.
  synonymNotFound: 'Синоним не найден.',
  aliasEmpty: 'В написании бренда нет ни букв, ни цифр',
  aliasTaken: (manufacturer: string) => `Это написание уже означает бренд «${manufacturer}»`,
  aliasIsTitle: 'Это и есть название производителя: синоним не нужен',
} as const;

const id = z.number().int().positive(MESSAGES.idInvalid).max(INT4_MAX, MESSAGES.numberTooLarge);
const deliveryDays = z
  .number({ error: SUPPLIER_MESSAGES.deliveryDays })
  .int(SUPPLIER_MESSAGES.deliveryDays)
  .min(0, SUPPLIER_MESSAGES.deliveryDays)
  .max(PRICE_LIST_MAX_DELIVERY_DAYS, SUPPLIER_MESSAGES.deliveryDays);

// ---- suppliers ----

/** The supplier's last price-list import (newest first), null before the first one. */
export const adminSupplierLastImport = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  lines_total: z.number().int().nullable(),
  lines_done: z.number().int(),
  errors_count: z.number().int(),
  finished_at: z.string().nullable(),
});
export type AdminSupplierLastImport = z.infer<typeof adminSupplierLastImport>;

export const adminSupplier = z.object({
  id: z.number().int(),
  title: z.string(),
  default_delivery_days: z.number().int(),
  /** An inactive supplier's offers are not shown nor sold; its price lists are not imported. */
  is_active: z.boolean(),
  /** How its CSV/XLSX price list is read; null until the columns are set (a YML list needs none). */
  settings: priceListSettings.nullable(),
  /** Its offers in the catalogue now. */
  offers_count: z.number().int(),
  last_import: adminSupplierLastImport.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminSupplier = z.infer<typeof adminSupplier>;

/** All suppliers (a shop has a handful), by title. */
export const adminSuppliersResponse = z.array(adminSupplier);
export type AdminSuppliersResponse = z.infer<typeof adminSuppliersResponse>;

export const adminSupplierCreate = z.object({
  title: requiredString(SUPPLIER_TITLE_MAX_LENGTH),
  default_delivery_days: deliveryDays.default(3),
  is_active: z.boolean().default(true),
  settings: priceListSettings.nullable().default(null),
});
export type AdminSupplierCreate = z.input<typeof adminSupplierCreate>;

/** A supplier change: only the fields sent change; `settings: null` clears the mapping. */
export const adminSupplierPatch = z.object({
  title: requiredString(SUPPLIER_TITLE_MAX_LENGTH).optional(),
  default_delivery_days: deliveryDays.optional(),
  is_active: z.boolean().optional(),
  settings: priceListSettings.nullable().optional(),
});
export type AdminSupplierPatch = z.input<typeof adminSupplierPatch>;

// ---- price-list preview (the mapping form) ----

/**
 * The preview's multipart text fields (each optional, sent before the file field `file`): how to read the file
 * while the mapping is set — the same options as the supplier's `settings.file`.
 */
export const adminPriceListPreviewFields = z.object({
  encoding: z.enum(PRICE_LIST_ENCODINGS).default('auto'),
  delimiter: z.enum(PRICE_LIST_DELIMITERS).default('auto'),
  header_row: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  first_data_line: optionalQuery(positiveIntString),
  sheet: optionalQuery(requiredString(31)),
});
export type AdminPriceListPreviewFields = z.input<typeof adminPriceListPreviewFields>;

export const adminPriceListPreview = z.object({
  format: z.enum(['csv', 'xlsx']),
  /** CSV: the encoding and delimiter detected (or chosen); null for XLSX. */
  encoding: z.enum(['utf-8', 'windows-1251', 'utf-16le', 'utf-16be']).nullable(),
  delimiter: z.enum([';', ',', 'tab']).nullable(),
  /** The header row's cells (the first row that names article, brand and price; else the first row). */
  header: z.array(z.string()),
  /** The first rows of the file as they are (header included), with their line numbers. */
  rows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  /** A mapping guessed from the header; fields it could not place are left out. */
  suggested: z.partialRecord(z.enum(PRICE_LIST_FIELDS), priceListColumn),
});
export type AdminPriceListPreview = z.infer<typeof adminPriceListPreview>;

/** The unmatched-lines report: CSV (UTF-8 with BOM, `;`) «Строка;Артикул;Бренд;Наименование;Цена;Причина». */
export const adminImportUnmatchedCsv = z.string();

// ---- markup rules ----

const bandPrice = z
  .number({ error: SUPPLIER_MESSAGES.bandPrice })
  .positive(SUPPLIER_MESSAGES.bandPrice)
  .max(PRICE_LIST_MAX_PRICE, SUPPLIER_MESSAGES.bandPrice)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, SUPPLIER_MESSAGES.bandPrice);

export const adminMarkupRule = z.object({
  id: z.number().int(),
  /** null: every supplier. */
  supplier_id: z.number().int().nullable(),
  supplier_title: z.string().nullable(),
  /** null: every brand. */
  manufacturer_id: z.number().int().nullable(),
  manufacturer_title: z.string().nullable(),
  /** The band of purchase prices [price_from, price_to), roubles; null: unbounded. */
  price_from: z.number().nullable(),
  price_to: z.number().nullable(),
  /** Over the purchase price: 25 → ×1.25; may be negative (a discount), above −100. */
  percent: z.number(),
});
export type AdminMarkupRule = z.infer<typeof adminMarkupRule>;

/** All rules, the most specific first (the order the import tries them in). */
export const adminMarkupRulesResponse = z.array(adminMarkupRule);
export type AdminMarkupRulesResponse = z.infer<typeof adminMarkupRulesResponse>;

/** A rule as created or replaced (PUT sends the whole rule). */
export const adminMarkupRuleInput = z
  .object({
    supplier_id: id.nullable().default(null),
    manufacturer_id: id.nullable().default(null),
    price_from: bandPrice.nullable().default(null),
    price_to: bandPrice.nullable().default(null),
    percent: z
      .number({ error: SUPPLIER_MESSAGES.percent })
      .gt(MARKUP_PERCENT_MIN, SUPPLIER_MESSAGES.percent)
      .max(MARKUP_PERCENT_MAX, SUPPLIER_MESSAGES.percent)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, SUPPLIER_MESSAGES.percentPrecision),
  })
  .superRefine((rule, ctx) => {
    if (rule.price_from != null && rule.price_to != null && rule.price_from >= rule.price_to)
      ctx.addIssue({ code: 'custom', path: ['price_to'], message: SUPPLIER_MESSAGES.bandOrder });
  });
export type AdminMarkupRuleInput = z.input<typeof adminMarkupRuleInput>;

// ---- brand synonyms ----

export const adminBrandSynonym = z.object({
  id: z.number().int(),
  /** As staff wrote it (KAYABA). */
  alias: z.string(),
  /** As matched: upper case, letters and digits (`brandKey`). */
  alias_key: z.string(),
  manufacturer: z.object({ id: z.number().int(), title: z.string() }),
  created_at: z.string(),
});
export type AdminBrandSynonym = z.infer<typeof adminBrandSynonym>;

export const adminBrandSynonymsQuery = pageQuery(ADMIN_BRAND_SYNONYMS_PAGE_SIZE, 200).extend({
  manufacturer_id: optionalQuery(positiveIntString),
  /** A part of the alias or of the manufacturer's title. */
  q: optionalQuery(requiredString(TEXT_INPUT_MAX_LENGTH)),
});
export type AdminBrandSynonymsQuery = z.infer<typeof adminBrandSynonymsQuery>;

export const adminBrandSynonymsResponse = paginated(adminBrandSynonym);
export type AdminBrandSynonymsResponse = z.infer<typeof adminBrandSynonymsResponse>;

export const adminBrandSynonymCreate = z.object({
  alias: requiredString(BRAND_SYNONYM_MAX_LENGTH),
  manufacturer_id: id,
});
export type AdminBrandSynonymCreate = z.input<typeof adminBrandSynonymCreate>;
