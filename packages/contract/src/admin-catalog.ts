import { z } from 'zod';
import './zod-config';
import { INT4_MAX, TEXT_INPUT_MAX_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { baseString, requiredString } from './rules';

// Back-office catalogue editing (issue #14): one product with everything staff may change, its changes, its
// stock per warehouse. Every write is checked against the `version` the editor read (409 when someone saved in
// between), written with its audit entry, and announced to every API process so caches drop it at once.

/** Longest description or installation text (HTML) staff may save. */
export const PRODUCT_HTML_MAX_LENGTH = 100_000;
export const ARTICLE_MAX_LENGTH = 100;
/** Highest price of one product, roubles (numeric(12,2) holds more; no part costs this much). */
export const PRICE_MAX = 99_999_999;
export const STOCK_QUANTITY_MAX = 1_000_000;
export const PRODUCT_IMAGES_MAX = 20;
/** Largest image file staff may upload, bytes. */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Uploaded images are fitted into this square (never enlarged) and stored as WebP. */
export const PRODUCT_IMAGE_SIZE = 1200;
export const PRODUCT_TRANSPORTS_MAX = 5_000;
export const PRODUCT_ANALOGUES_MAX = 200;
export const PRODUCT_PROPERTIES_MAX = 200;
/** Largest magnitude of a RANGE property's number (product_property_values.num_value is numeric(14,3)). */
export const PROPERTY_NUMBER_MAX = 99_999_999_999;

export const CATALOG_MESSAGES = {
  /** Someone else saved the product after this editor opened it. */
  stale:
    'Товар уже изменил другой сотрудник. Обновите страницу, чтобы увидеть его изменения, и внесите свои снова.',
  priceInvalid: 'Цена — неотрицательное число с не более чем двумя знаками после запятой',
  priceTooLarge: `Цена не должна быть больше ${PRICE_MAX}`,
  oldPriceNotHigher: 'Старая цена должна быть больше текущей',
  quantityInvalid: `Количество — целое число от 0 до ${STOCK_QUANTITY_MAX}`,
  belowReserved: (reserved: number) => `Нельзя меньше, чем в резерве заказов: ${reserved}`,
  unknownWarehouse: 'Такого склада нет',
  duplicateWarehouse: 'Склад указан дважды',
  unknownCategory: 'Такой категории нет',
  unknownManufacturer: 'Такого производителя нет',
  unknownTransports: 'Среди автомобилей есть несуществующие',
  unknownAnalogues: 'Среди аналогов есть несуществующие товары',
  selfAnalogue: 'Товар не может быть аналогом самого себя',
  unknownImages: 'Можно только убрать или переставить загруженные фото',
  imageMissing: 'Выберите файл изображения',
  imageType: 'Файл не похож на изображение JPEG, PNG, WebP или AVIF',
  imageTooLarge: `Файл больше ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} МБ`,
  tooManyImages: `У товара не может быть больше ${PRODUCT_IMAGES_MAX} фото`,
  propertyNumberInvalid: 'Значение характеристики — число, не более трёх знаков после запятой',
  propertyNumberTooLarge: `Значение характеристики не должно быть больше ${PROPERTY_NUMBER_MAX} по модулю`,
  unknownProperty: 'Такой характеристики нет',
  propertyNotOfCategory: (title: string) => `Характеристика «${title}» не относится к категории товара`,
  foreignPropertyValue: (title: string) => `Такого значения нет у характеристики «${title}»`,
  propertyNeedsChoice: (title: string) => `«${title}»: выберите значение из списка`,
  propertyNeedsNumber: (title: string) => `«${title}»: укажите число`,
  duplicateProperty: (title: string) => `Характеристика «${title}» указана дважды`,
} as const;

const id = z.number().int().positive(MESSAGES.idInvalid).max(INT4_MAX, MESSAGES.numberTooLarge);

const price = z
  .number({ error: CATALOG_MESSAGES.priceInvalid })
  .min(0, CATALOG_MESSAGES.priceInvalid)
  .max(PRICE_MAX, CATALOG_MESSAGES.priceTooLarge)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, CATALOG_MESSAGES.priceInvalid);

const html = baseString().max(
  PRODUCT_HTML_MAX_LENGTH,
  `Текст не должен быть длиннее ${PRODUCT_HTML_MAX_LENGTH} символов`,
);

const propertyNumber = z
  .number({ error: CATALOG_MESSAGES.propertyNumberInvalid })
  .min(-PROPERTY_NUMBER_MAX, CATALOG_MESSAGES.propertyNumberTooLarge)
  .max(PROPERTY_NUMBER_MAX, CATALOG_MESSAGES.propertyNumberTooLarge)
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, CATALOG_MESSAGES.propertyNumberInvalid);

/** A property the product's category offers (category_properties), with the values staff may pick. */
export const adminCategoryProperty = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(['CHECKBOX', 'RANGE', 'RADIO']),
  /** RANGE: the number's unit («мм»), may be empty. */
  unit: z.string(),
  /** CHECKBOX/RADIO: the listed values, in display order (empty for RANGE). */
  values: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AdminCategoryProperty = z.infer<typeof adminCategoryProperty>;

export const adminProductStockRow = z.object({
  warehouse_id: z.number().int(),
  /** «Склад на Ленина (Москва)». */
  warehouse: z.string(),
  branch_id: z.number().int(),
  /** On hand. */
  quantity: z.number().int(),
  /** Held by open orders (part of quantity). */
  reserved: z.number().int(),
});
export type AdminProductStockRow = z.infer<typeof adminProductStockRow>;

export const adminProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** The storefront page's path (/catalog/…/product_<slug>). */
  url: z.string(),
  title: z.string(),
  article: z.string(),
  manufacturer_id: z.number().int().nullable(),
  category_id: z.number().int(),
  price: z.number(),
  old_price: z.number().nullable(),
  /** HTML, as sanitised when saved. */
  description: z.string(),
  installation: z.string(),
  with_installation: z.boolean(),
  is_active: z.boolean(),
  is_universal: z.boolean(),
  /** Image paths (/media/…), the first one is the main image. */
  images: z.array(z.string()),
  properties: z.array(
    z.object({
      property_id: z.number().int(),
      title: z.string(),
      type: z.enum(['CHECKBOX', 'RANGE', 'RADIO']),
      value_id: z.number().int().nullable(),
      num_value: z.number().nullable(),
      /** The value as the storefront shows it. */
      value: z.string(),
    }),
  ),
  /** The properties the product's category offers, to set, change or clear in the editor. */
  category_properties: z.array(adminCategoryProperty),
  /** Fitment: the vehicles the part fits (empty and is_universal: fits every vehicle). */
  transports: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      /** For grouping a long list: «Лада», «Веста». */
      brand: z.string(),
      model: z.string(),
    }),
  ),
  analogues: z.array(
    z.object({ id: z.number().int(), title: z.string(), article: z.string(), is_original: z.boolean() }),
  ),
  stock: z.array(adminProductStockRow),
  /** Changes whenever any editable field changes: sent back with an edit so a stale edit is refused (409). */
  version: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

/** The fields to change (absent: unchanged), with the `version` the editor read. */
export const adminProductPatch = z
  .object({
    version: requiredString(100),
    title: requiredString(TEXT_INPUT_MAX_LENGTH).optional(),
    article: requiredString(ARTICLE_MAX_LENGTH).optional(),
    manufacturer_id: id.nullable().optional(),
    category_id: id.optional(),
    price: price.optional(),
    old_price: price.nullable().optional(),
    description: html.optional(),
    installation: html.optional(),
    with_installation: z.boolean().optional(),
    is_active: z.boolean().optional(),
    is_universal: z.boolean().optional(),
    /** New order of the uploaded images; one left out is removed from the product. */
    images: z.array(z.string().max(300)).max(PRODUCT_IMAGES_MAX).optional(),
    /** The whole fitment list (vehicle ids). */
    transports: z.array(id).max(PRODUCT_TRANSPORTS_MAX).optional(),
    /**
     * The product's property values, the whole list: a property left out, or given with neither value, has none.
     * CHECKBOX/RADIO take value_id (one of the property's values), RANGE takes num_value.
     */
    properties: z
      .array(
        z.object({
          property_id: id,
          value_id: id.nullable().default(null),
          num_value: propertyNumber.nullable().default(null),
        }),
      )
      .max(PRODUCT_PROPERTIES_MAX)
      .optional(),
    /** The whole analogue list. */
    analogues: z
      .array(z.object({ id, is_original: z.boolean().default(false) }))
      .max(PRODUCT_ANALOGUES_MAX)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.price !== undefined && body.old_price != null && body.old_price <= body.price) {
      ctx.addIssue({ code: 'custom', path: ['old_price'], message: CATALOG_MESSAGES.oldPriceNotHigher });
    }
  });
export type AdminProductPatch = z.input<typeof adminProductPatch>;

const quantity = z
  .number({ error: CATALOG_MESSAGES.quantityInvalid })
  .int(CATALOG_MESSAGES.quantityInvalid)
  .min(0, CATALOG_MESSAGES.quantityInvalid)
  .max(STOCK_QUANTITY_MAX, CATALOG_MESSAGES.quantityInvalid);

/** On-hand quantities to set, per warehouse (warehouses not named keep theirs). */
export const adminStockUpdate = z.object({
  items: z
    .array(z.object({ warehouse_id: id, quantity }))
    .min(1, MESSAGES.required)
    .max(1_000),
});
export type AdminStockUpdate = z.infer<typeof adminStockUpdate>;

export const adminStockResponse = z.array(adminProductStockRow);
export type AdminStockResponse = z.infer<typeof adminStockResponse>;
