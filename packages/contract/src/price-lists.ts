import { z } from 'zod';
import { MESSAGES, maxLengthMessage } from './messages';

// Supplier price lists (issue #15): how a supplier's file is read — which column holds what (the mapping, kept
// once per supplier), how the file is encoded and laid out (the file options) — and what the readers give back
// for every line of it: a price-list line, or the line's error in words a manager understands.

/** The fields a price-list line can carry; article, brand and price are required in every mapping. */
export const PRICE_LIST_FIELDS = [
  'article',
  'brand',
  'title',
  'price',
  'quantity',
  'delivery_days',
  'multiplicity',
] as const;
export type PriceListField = (typeof PRICE_LIST_FIELDS)[number];

/** The field names as the back office shows them (and as error reports name a missing column). */
export const PRICE_LIST_FIELD_TITLES: Readonly<Record<PriceListField, string>> = {
  article: 'Артикул',
  brand: 'Бренд',
  title: 'Наименование',
  price: 'Цена',
  quantity: 'Количество',
  delivery_days: 'Срок поставки',
  multiplicity: 'Кратность',
};

/** The widest sheet Excel writes (XFD); a column number past it is a typo. */
export const PRICE_LIST_MAX_COLUMN = 16_384;
export const PRICE_LIST_HEADER_MAX_LENGTH = 200;
/** Quantity given for "in stock, no number" ('много', 'есть', '+') — the same floor as '>10'. */
export const PRICE_LIST_PLENTY_QUANTITY = 10;
/** numeric(12,2): the largest price the catalogue can keep. */
export const PRICE_LIST_MAX_PRICE = 9_999_999_999.99;
export const PRICE_LIST_MAX_DELIVERY_DAYS = 365;
export const PRICE_LIST_MAX_QUANTITY = 1_000_000_000;

export const PRICE_LIST_MESSAGES = {
  // Settings.
  column: 'Укажите столбец: его номер (1, 2, …) или название из строки заголовков',
  columnNumber: `Номер столбца — целое число от 1 до ${PRICE_LIST_MAX_COLUMN}`,
  columnTwice: 'Этот столбец уже выбран для другого поля',
  columnByNameNeedsHeader: 'В файле без строки заголовков столбец указывается номером',
  firstDataLine: 'Первая строка данных — целое число от 1',
  sheet: 'Лист указывается номером (1, 2, …) или названием',
  // Lines.
  articleMissing: 'Не указан артикул',
  brandMissing: 'Не указан бренд',
  priceMissing: 'Не указана цена',
  priceNotNumber: 'Цена не число',
  priceNotPositive: 'Цена должна быть больше нуля',
  priceTooBig: 'Цена слишком большая',
  quantityNotNumber: 'Количество не число',
  quantityNotWhole: 'Количество — не целое число',
  quantityNegative: 'Количество не может быть отрицательным',
  quantityTooBig: 'Количество слишком большое',
  deliveryNotNumber: 'Срок поставки не число дней',
  deliveryTooLong: `Срок поставки больше ${PRICE_LIST_MAX_DELIVERY_DAYS} дней`,
  multiplicityInvalid: 'Кратность — целое число больше нуля',
  // The file as a whole.
  unknownEncoding: 'Кодировка файла не распознана: сохраните его в UTF-8 или Windows-1251',
  notCsv: 'Файл не похож на таблицу CSV: в нём нет разделителей столбцов',
  notXlsx: 'Файл не читается как книга Excel (XLSX)',
  noSheet: 'В книге нет такого листа',
  notYml: 'Файл не читается как YML: ошибка разметки',
  notYmlCatalog: 'Файл не YML-каталог: нет элемента yml_catalog',
  csvBroken: 'Таблица CSV повреждена (незакрытая кавычка или слишком длинная строка)',
  currency: 'Цена не в рублях, и курс валюты в файле не указан числом',
  emptyFile: 'В файле нет ни одной строки с данными',
  noHeader: 'Не найдена строка заголовков со столбцами',
  noColumn: 'В файле нет столбца',
} as const;

/** A column of the file: its 1-based number, or its title in the header row (case and spacing do not matter). */
export const priceListColumn = z.union(
  [
    z
      .number()
      .int(PRICE_LIST_MESSAGES.columnNumber)
      .min(1, PRICE_LIST_MESSAGES.columnNumber)
      .max(PRICE_LIST_MAX_COLUMN, PRICE_LIST_MESSAGES.columnNumber),
    z
      .string()
      .trim()
      .min(1, PRICE_LIST_MESSAGES.column)
      .max(PRICE_LIST_HEADER_MAX_LENGTH, maxLengthMessage(PRICE_LIST_HEADER_MAX_LENGTH)),
  ],
  {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGES.required : PRICE_LIST_MESSAGES.column,
  },
);
export type PriceListColumn = z.infer<typeof priceListColumn>;

const requiredColumn = priceListColumn;
const optionalColumn = priceListColumn.optional();

/** Which column holds which field, kept once per supplier. */
export const priceListMapping = z
  .object({
    article: requiredColumn,
    brand: requiredColumn,
    title: optionalColumn,
    price: requiredColumn,
    quantity: optionalColumn,
    delivery_days: optionalColumn,
    multiplicity: optionalColumn,
  })
  .superRefine((mapping, ctx) => {
    const seen = new Set<string>();
    for (const field of PRICE_LIST_FIELDS) {
      const column = mapping[field];
      if (column === undefined) continue;
      const key = typeof column === 'number' ? `#${column}` : priceListHeaderKey(column);
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [field], message: PRICE_LIST_MESSAGES.columnTwice });
      seen.add(key);
    }
  });
export type PriceListMapping = z.infer<typeof priceListMapping>;

export const PRICE_LIST_ENCODINGS = ['auto', 'utf-8', 'windows-1251'] as const;
export type PriceListEncoding = (typeof PRICE_LIST_ENCODINGS)[number];
export const PRICE_LIST_DELIMITERS = ['auto', ';', ',', 'tab'] as const;
export type PriceListDelimiter = (typeof PRICE_LIST_DELIMITERS)[number];

/**
 * How the file is laid out. `header_row`: the file has a row of column titles (found among its first lines, so a
 * title block above the table is fine). `first_data_line`: the 1-based line where the data begins (as the file
 * shows it, header counted); by default the line after the header, or line 1 without one. `sheet`: the XLSX
 * sheet, by 1-based position or name (the first by default). Encoding and delimiter concern CSV only.
 */
export const priceListFileOptions = z.object({
  encoding: z.enum(PRICE_LIST_ENCODINGS).default('auto'),
  delimiter: z.enum(PRICE_LIST_DELIMITERS).default('auto'),
  header_row: z.boolean().default(true),
  first_data_line: z
    .number({ error: PRICE_LIST_MESSAGES.firstDataLine })
    .int(PRICE_LIST_MESSAGES.firstDataLine)
    .min(1, PRICE_LIST_MESSAGES.firstDataLine)
    .optional(),
  sheet: z
    .union([z.number().int().min(1), z.string().trim().min(1).max(31)], { error: PRICE_LIST_MESSAGES.sheet })
    .optional(),
});
export type PriceListFileOptions = z.infer<typeof priceListFileOptions>;
export type PriceListFileOptionsInput = z.input<typeof priceListFileOptions>;

/** A supplier's price-list settings: the mapping and the file options, checked together. */
export const priceListSettings = z
  .object({ mapping: priceListMapping, file: priceListFileOptions.prefault({}) })
  .superRefine(({ mapping, file }, ctx) => {
    if (file.header_row) return;
    for (const field of PRICE_LIST_FIELDS) {
      if (typeof mapping[field] === 'string') {
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', field],
          message: PRICE_LIST_MESSAGES.columnByNameNeedsHeader,
        });
      }
    }
  });
export type PriceListSettings = z.infer<typeof priceListSettings>;
export type PriceListSettingsInput = z.input<typeof priceListSettings>;

/** A line read well: the values as the import uses them. */
export const priceListLine = z.object({
  /** 1-based line of the file as the user sees it (header counted; the Excel row; the line of the YML offer). */
  line: z.number().int(),
  article: z.string(),
  /** The article as search normalises it (`normalizeArticle`). */
  articleNormalized: z.string(),
  brand: z.string(),
  /** The brand's key after the synonym table (KAYABA → KYB): what manufacturers are matched by. */
  brandNormalized: z.string(),
  title: z.string(),
  /** Roubles, whole kopecks, > 0. */
  price: z.number(),
  /** Units; null when the file has no quantity column (the import decides what that means). */
  quantity: z.number().int().nullable(),
  /** Days; null when not given. */
  deliveryDays: z.number().int().nullable(),
  /** Sold in multiples of this (1 when not given). */
  multiplicity: z.number().int(),
});
export type PriceListLine = z.infer<typeof priceListLine>;

/** A line that cannot be imported: where, what was there, and why (for the error report). */
export const priceListLineError = z.object({
  line: z.number().int(),
  error: z.object({
    /** The column's title in the header row, or «Столбец N» in a file without one; the element name in YML. */
    column: z.string(),
    value: z.string(),
    reason: z.string(),
  }),
});
export type PriceListLineError = z.infer<typeof priceListLineError>;

export type PriceListRow = PriceListLine | PriceListLineError;

export function isPriceListLineError(row: PriceListRow): row is PriceListLineError {
  return 'error' in row;
}

/** A header cell as mappings compare it: lower case, ё as е, only letters and digits ('Цена, руб.' → 'ценаруб'). */
export function priceListHeaderKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
