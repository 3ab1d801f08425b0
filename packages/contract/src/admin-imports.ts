import { z } from 'zod';
import { pageQuery, paginated } from './common';

// Back office (issue #15): imports of catalogue data from files — fitment (article + brand × vehicle) and
// cross-references (analogue pairs). A file is uploaded, stored and imported by a background job in batches; the
// back office follows its progress and downloads the report of the lines that were not applied.

/** Kinds uploaded through the imports screen (a file with a fixed header, `IMPORT_COLUMNS`). */
export const FILE_IMPORT_KINDS = ['fitment', 'analogues'] as const;
export type FileImportKind = (typeof FILE_IMPORT_KINDS)[number];

/** Every kind of run: a supplier's price list is uploaded from the supplier's page (adminSupplierPriceListUpload). */
export const IMPORT_KINDS = [...FILE_IMPORT_KINDS, 'price-list'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_TITLES: Record<ImportKind, string> = {
  fitment: 'Применимость',
  analogues: 'Аналоги',
  'price-list': 'Прайс-лист',
};

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_STATUS_TITLES: Record<ImportStatus, string> = {
  queued: 'В очереди',
  running: 'Идёт',
  done: 'Готово',
  failed: 'Ошибка',
};

/** An uploaded file may be this big (a fitment table of a million lines is about 60 MB). */
export const IMPORT_FILE_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_FILE_NAME_MAX_LENGTH = 200;
export const ADMIN_IMPORTS_PAGE_SIZE = 20;

/**
 * Columns of each kind, in the order of the sample file. The header row names them; each column is recognised by
 * any of its names (case and spaces do not matter), so «Артикул» and «article» are the same column.
 */
export const IMPORT_COLUMNS = {
  fitment: [
    { key: 'article', names: ['артикул', 'article'], required: true },
    { key: 'brand', names: ['бренд', 'производитель', 'brand', 'manufacturer'], required: true },
    { key: 'vehicle_brand', names: ['марка', 'марка авто', 'vehicle_brand', 'make'], required: true },
    { key: 'model', names: ['модель', 'model'], required: true },
    { key: 'year_from', names: ['год с', 'год от', 'year_from'], required: true },
    { key: 'year_to', names: ['год по', 'год до', 'year_to'], required: true },
    { key: 'engine', names: ['двигатель', 'engine'], required: false },
  ],
  analogues: [
    { key: 'article', names: ['артикул', 'article'], required: true },
    { key: 'brand', names: ['бренд', 'производитель', 'brand', 'manufacturer'], required: true },
    { key: 'analogue_article', names: ['артикул аналога', 'analogue_article'], required: true },
    {
      key: 'analogue_brand',
      names: ['бренд аналога', 'производитель аналога', 'analogue_brand'],
      required: true,
    },
    { key: 'type', names: ['тип', 'связь', 'type'], required: true },
  ],
} as const satisfies Record<
  FileImportKind,
  readonly { key: string; names: readonly string[]; required: boolean }[]
>;

/** Values of the analogues' `type` column: both ways (A ↔ B) or one way (only B is an analogue of A). */
export const ANALOGUE_TYPE_VALUES = {
  two_way: ['двусторонний', 'двусторонняя', 'двусторонняя связь', 'two-way', 'two_way', 'both', '2'],
  one_way: ['односторонний', 'односторонняя', 'односторонняя связь', 'one-way', 'one_way', '1'],
} as const;

export const IMPORT_MESSAGES = {
  fileMissing: 'Выберите файл CSV для импорта.',
  fileEmpty: 'Файл пуст.',
  fileTooLarge: `Файл больше ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} МБ. Разделите его на части.`,
  fileType: 'Нужен файл CSV (текст с разделителями «;» или «,»).',
  kindInvalid: 'Выберите, что импортировать: применимость или аналоги.',
  notFound: 'Импорт не найден.',
  // Whole-file failures, shown on the run.
  noHeader: 'В файле нет строки заголовков.',
  missingColumns: (names: string[]) => `В заголовке нет обязательных столбцов: ${names.join(', ')}.`,
  unreadable: 'Файл не удалось прочитать как CSV: проверьте кавычки и разделители.',
  crashed: 'Импорт остановлен после нескольких неудачных попыток (ошибка сервера). Загрузите файл ещё раз.',
  fileLost: 'Загруженный файл не найден на сервере: загрузите его ещё раз.',
  // Line errors, in the error report.
  required: (column: string) => `Не заполнен столбец «${column}».`,
  yearInvalid: (column: string) => `«${column}» — год от 1900 до 2100.`,
  yearRange: 'Год «с» позже года «по».',
  typeInvalid: 'Тип связи — «двусторонний» или «односторонний».',
  columnsCount: 'Число значений в строке не совпадает с заголовком.',
  productNotFound: (article: string, brand: string) => `Товар ${article} (${brand}) не найден в каталоге.`,
  analogueNotFound: (article: string, brand: string) => `Аналог ${article} (${brand}) не найден в каталоге.`,
  transportNotFound: 'Автомобиль с такой маркой, моделью, годами и двигателем не найден.',
  selfAnalogue: 'Товар не может быть аналогом самого себя.',
} as const;

/** The upload form of the back office (the file itself is checked by the API: presence, size, CSV). */
export const adminImportUploadForm = z.object({
  kind: z.enum(FILE_IMPORT_KINDS, { error: IMPORT_MESSAGES.kindInvalid }),
});
export type AdminImportUploadForm = z.infer<typeof adminImportUploadForm>;

/** One import run as the back office shows it. */
export const adminImport = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  /** Data lines of the file (without the header); null until the file has been read through. */
  lines_total: z.number().int().nullable(),
  lines_done: z.number().int(),
  errors_count: z.number().int(),
  /**
   * What the run changed so far: `added` rows, `existing` ones left as they were, `lines_applied`; a price list:
   * `matched` and `unmatched` lines, `offers_added`, `offers_updated`, `offers_removed` (at the end).
   */
  summary: z.record(z.string(), z.number()),
  /** The supplier of a price-list run (null for other kinds). */
  supplier: z.object({ id: z.number().int(), title: z.string() }).nullable().optional(),
  /** Why the whole run failed, when it did. */
  failure: z.string().nullable(),
  started_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type AdminImport = z.infer<typeof adminImport>;

export const adminImportsQuery = pageQuery(ADMIN_IMPORTS_PAGE_SIZE, 100);
export type AdminImportsQuery = z.infer<typeof adminImportsQuery>;

export const adminImportsResponse = paginated(adminImport);
export type AdminImportsResponse = z.infer<typeof adminImportsResponse>;

/** The error report: CSV (UTF-8 with BOM, `;`) with the columns «Строка;Значение;Причина». */
export const adminImportErrorsCsv = z.string();
