// Supplier price-list readers: CSV, XLSX and supplier YML files streamed into price-list lines (or the lines'
// errors), in batches. Pure: no database, no I/O beyond the stream handed in. See README.md for the interface.
import { Readable } from 'node:stream';
import {
  PRICE_LIST_FIELDS,
  priceListFileOptions,
  priceListHeaderKey,
  priceListSettings,
  type PriceListField,
  type PriceListFileOptionsInput,
  type PriceListMapping,
  type PriceListRow,
  type PriceListSettingsInput,
} from '@podbor/contract';
import { createBrandNormaliser, type BrandNormaliser, type BrandSynonym } from './brands';
import { readCsvTable, type CsvFormat } from './csv';
import { PriceListFileError, tableToLines, type TableRow } from './lines';
import { readXlsxTable } from './xlsx';
import { readYmlLines } from './yml';

export { createBrandNormaliser, DEFAULT_BRAND_SYNONYMS, brandKey } from './brands';
export type { BrandNormaliser, BrandSynonym } from './brands';
export { PriceListFileError } from './lines';
export type { TableRow } from './lines';
export type { CsvFormat } from './csv';

export type PriceListFormat = 'csv' | 'xlsx' | 'yml';
export type PriceListSource = AsyncIterable<Buffer | Uint8Array | string> | Readable;

export const PRICE_LIST_BATCH_SIZE = 1000;

export interface ReadPriceListOptions {
  format: PriceListFormat;
  /** The supplier's mapping and file options (CSV and XLSX; YML has fixed elements and takes none). */
  settings?: PriceListSettingsInput;
  /** The synonym table, or a normaliser built once for many files. Defaults to DEFAULT_BRAND_SYNONYMS. */
  brands?: readonly BrandSynonym[] | BrandNormaliser;
  /** Lines per yielded batch (PRICE_LIST_BATCH_SIZE by default). */
  batchSize?: number;
  /** CSV only: told the detected encoding and delimiter before the first line. */
  onFormat?: (format: CsvFormat) => void;
  /**
   * Told the bytes taken from the source so far (against the file's size: the job's progress). Runs a little ahead
   * of the lines yielded, by what the parsers hold (about 64 KB).
   */
  onBytes?: (bytesRead: number) => void;
}

async function* counted(source: PriceListSource, onBytes: (bytesRead: number) => void) {
  let bytes = 0;
  for await (const chunk of source as AsyncIterable<Buffer | Uint8Array | string>) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    onBytes(bytes);
    yield chunk;
  }
}

/** The format from the file's name (and first bytes when given): null when it is none of the three. */
export function detectPriceListFormat(fileName: string, head?: Uint8Array): PriceListFormat | null {
  if (head && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv') return 'csv';
  if (ext === 'yml' || ext === 'xml') return 'yml';
  return null;
}

function settingsOf(input: PriceListSettingsInput | undefined) {
  const parsed = priceListSettings.safeParse(input);
  if (!parsed.success)
    throw new PriceListFileError(parsed.error.issues[0]?.message ?? 'Настройки прайс-листа неверны');
  return parsed.data;
}

/**
 * Reads a price list: an async iterable of batches of lines (`PriceListLine` or `PriceListLineError`), in file
 * order. A problem with the file as a whole (unreadable encoding, not an XLSX, no header with the mapped columns,
 * no data) is thrown as PriceListFileError, whose message is the Russian reason.
 */
export async function* readPriceList(
  source: PriceListSource,
  options: ReadPriceListOptions,
): AsyncGenerator<PriceListRow[]> {
  const batchSize = Math.max(1, options.batchSize ?? PRICE_LIST_BATCH_SIZE);
  if (options.onBytes) source = counted(source, options.onBytes);
  const normaliseBrand =
    typeof options.brands === 'function' ? options.brands : createBrandNormaliser(options.brands);
  if (options.format === 'yml') {
    yield* readYmlLines(source, normaliseBrand, batchSize);
    return;
  }
  const { mapping, file } = settingsOf(options.settings);
  const rows =
    options.format === 'csv'
      ? readCsvTable(source, file, batchSize, options.onFormat)
      : readXlsxTable(source, file, batchSize);
  yield* tableToLines(rows, { mapping, file, normaliseBrand, batchSize });
}

/** Header titles the back office offers for each field when a supplier's mapping is set up (keys as compared). */
const HEADER_HINTS: Readonly<Record<PriceListField, readonly string[]>> = {
  article: [
    'артикул',
    'кодпроизводителя',
    'каталожныйномер',
    'номердетали',
    'номер',
    'partnumber',
    'article',
    'sku',
  ],
  brand: ['бренд', 'производитель', 'изготовитель', 'марка', 'brand', 'manufacturer', 'vendor'],
  title: ['наименование', 'название', 'номенклатура', 'описание', 'товар', 'name', 'description'],
  price: ['цена', 'стоимость', 'price'],
  quantity: ['количество', 'колво', 'остаток', 'наличие', 'склад', 'quantity', 'qty', 'stock'],
  delivery_days: ['срокпоставки', 'срокдоставки', 'срок', 'доставка', 'delivery', 'days'],
  multiplicity: ['кратность', 'минпартия', 'минимальнаяпартия', 'multiplicity'],
};

/**
 * A mapping guessed from a header row: each field takes the first column whose title is one of the common
 * names ('Артикул', 'Бренд'/'Производитель', 'Цена, руб.', 'Остаток', 'Срок поставки'…), exactly or as its start.
 * Fields it cannot place are left out; columns are named as the file titles them.
 */
export function suggestPriceListMapping(header: readonly string[]): Partial<PriceListMapping> {
  const keys = header.map(priceListHeaderKey);
  const taken = new Set<number>();
  const mapping: Partial<Record<PriceListField, string>> = {};
  for (const exact of [true, false]) {
    for (const field of PRICE_LIST_FIELDS) {
      if (mapping[field] !== undefined) continue;
      const at = keys.findIndex(
        (key, i) =>
          !taken.has(i) &&
          key !== '' &&
          HEADER_HINTS[field].some((h) => (exact ? key === h : key.startsWith(h))),
      );
      if (at >= 0) {
        taken.add(at);
        mapping[field] = header[at]!.trim();
      }
    }
  }
  return mapping;
}

export interface PriceListPreview {
  /** CSV: what was detected (or chosen). */
  format?: CsvFormat;
  /** The first rows as they are, to show the manager while the mapping is set. */
  rows: TableRow[];
  /** A mapping guessed from the first row that names article, brand and price (empty when none does). */
  suggested: Partial<PriceListMapping>;
}

/** The first `limit` non-blank rows of a CSV or XLSX file (stops reading there) and a suggested mapping. */
export async function previewPriceList(
  source: PriceListSource,
  format: 'csv' | 'xlsx',
  fileOptions: PriceListFileOptionsInput = {},
  limit = 20,
): Promise<PriceListPreview> {
  const parsed = priceListFileOptions.safeParse(fileOptions);
  if (!parsed.success)
    throw new PriceListFileError(parsed.error.issues[0]?.message ?? 'Настройки файла неверны');
  let detected: CsvFormat | undefined;
  const table =
    format === 'csv'
      ? readCsvTable(source, parsed.data, limit, (f) => (detected = f))
      : readXlsxTable(source, parsed.data, limit);
  const rows: TableRow[] = [];
  for await (const batch of table) {
    for (const row of batch) {
      if (row.cells.some((c) => c.trim() !== '')) rows.push(row);
      if (rows.length >= limit) break;
    }
    if (rows.length >= limit) break;
  }
  let suggested: Partial<PriceListMapping> = {};
  for (const row of rows) {
    const guess = suggestPriceListMapping(row.cells);
    if (guess.article !== undefined && guess.brand !== undefined && guess.price !== undefined) {
      suggested = guess;
      break;
    }
  }
  return { ...(detected ? { format: detected } : {}), rows, suggested };
}
