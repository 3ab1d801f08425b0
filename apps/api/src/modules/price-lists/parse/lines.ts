// From the cells of a table (CSV or XLSX) to price-list lines: finding the header row, placing the mapping's
// columns, and reading each line's values (values.ts) into a line or the line's error.
import {
  PRICE_LIST_FIELDS,
  PRICE_LIST_FIELD_TITLES,
  PRICE_LIST_MESSAGES as M,
  normalizeArticle,
  priceListHeaderKey,
  type PriceListField,
  type PriceListFileOptions,
  type PriceListLine,
  type PriceListMapping,
  type PriceListRow,
} from '@podbor/contract';
import type { BrandNormaliser } from './brands';
import { cleanText, readDeliveryDays, readMultiplicity, readPrice, readQuantity } from './values';

/** A problem with the file as a whole (not one line): its Russian reason is fit to show the manager as it is. */
export class PriceListFileError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PriceListFileError';
  }
}

/** One row of a table: its 1-based line as the user sees it, and its cells as text. */
export interface TableRow {
  line: number;
  cells: string[];
}

/** How many lines from the top the header row is looked for in (a title block above the table is common). */
export const HEADER_SEARCH_LINES = 50;
/** The longest cell text kept in an error report. */
const ERROR_VALUE_MAX = 200;

type FieldValues = Partial<Record<PriceListField, string>>;

/**
 * Reads one line's values. A field the file does not have (`undefined`) takes its default: quantity and delivery
 * days null, multiplicity 1, title ''. The first problem found is the line's error.
 */
export function readLineValues(
  line: number,
  values: FieldValues,
  columnOf: (field: PriceListField) => string,
  normaliseBrand: BrandNormaliser,
): PriceListRow {
  const error = (field: PriceListField, reason: string): PriceListRow => ({
    line,
    error: { column: columnOf(field), value: (values[field] ?? '').slice(0, ERROR_VALUE_MAX), reason },
  });
  const article = cleanText(values.article ?? '');
  const articleNormalized = normalizeArticle(article);
  if (articleNormalized === '') return error('article', M.articleMissing);
  const brand = cleanText(values.brand ?? '');
  const brandNormalized = normaliseBrand(brand);
  if (brandNormalized === '') return error('brand', M.brandMissing);
  const price = readPrice(values.price ?? '');
  if (!price.ok) return error('price', price.reason);
  let quantity: number | null = null;
  if (values.quantity !== undefined) {
    const read = readQuantity(values.quantity);
    if (!read.ok) return error('quantity', read.reason);
    quantity = read.value;
  }
  let deliveryDays: number | null = null;
  if (values.delivery_days !== undefined) {
    const read = readDeliveryDays(values.delivery_days);
    if (!read.ok) return error('delivery_days', read.reason);
    deliveryDays = read.value;
  }
  let multiplicity = 1;
  if (values.multiplicity !== undefined) {
    const read = readMultiplicity(values.multiplicity);
    if (!read.ok) return error('multiplicity', read.reason);
    multiplicity = read.value;
  }
  const result: PriceListLine = {
    line,
    article,
    articleNormalized,
    brand,
    brandNormalized,
    title: cleanText(values.title ?? ''),
    price: price.value,
    quantity,
    deliveryDays,
    multiplicity,
  };
  return result;
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

interface Placed {
  /** 0-based cell index of each mapped field. */
  index: Partial<Record<PriceListField, number>>;
  /** The column's name for error reports. */
  name: Partial<Record<PriceListField, string>>;
}

/** Places the mapping on a header row (or on bare column numbers without one); null when a named column is missing. */
function placeColumns(
  mapping: PriceListMapping,
  header: readonly string[] | null,
): Placed | { missing: string[] } {
  const keys = header?.map(priceListHeaderKey) ?? [];
  const placed: Placed = { index: {}, name: {} };
  const missing: string[] = [];
  for (const field of PRICE_LIST_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    let at: number;
    if (typeof column === 'number') {
      at = column - 1;
    } else {
      at = keys.indexOf(priceListHeaderKey(column));
      if (at < 0) {
        missing.push(column);
        continue;
      }
    }
    placed.index[field] = at;
    const title = cleanText(header?.[at] ?? '');
    placed.name[field] = title || `Столбец ${at + 1}`;
  }
  return missing.length > 0 ? { missing } : placed;
}

export interface TableReadOptions {
  mapping: PriceListMapping;
  file: PriceListFileOptions;
  normaliseBrand: BrandNormaliser;
  batchSize: number;
}

/**
 * Turns a table's rows into price-list lines, in batches. The header row (when the file has one) is the first of
 * the top HEADER_SEARCH_LINES lines that holds every column the mapping names — or, with a mapping by numbers
 * only, the first non-empty line (the last one before `first_data_line` when that is given). Data starts on the
 * line after the header or at `first_data_line`. Rows with fewer than two of the mapped cells filled (blank rows,
 * group headings such as «Тормозные колодки», notes) are not goods and are skipped.
 */
export async function* tableToLines(
  rows: AsyncIterable<TableRow[]>,
  { mapping, file, normaliseBrand, batchSize }: TableReadOptions,
): AsyncGenerator<PriceListRow[]> {
  const named = PRICE_LIST_FIELDS.some((f) => typeof mapping[f] === 'string');
  if (named && !file.header_row) throw new PriceListFileError(M.columnByNameNeedsHeader);
  const firstData = file.first_data_line;
  let placed: Placed | null = file.header_row ? null : (placeColumns(mapping, null) as Placed);
  let dataFrom = file.header_row ? Infinity : (firstData ?? 1);
  // Header search state.
  let lastBeforeData: TableRow | null = null;
  let best: { missing: string[] } | null = null;
  let searched = 0;
  let batch: PriceListRow[] = [];
  let lines = 0;
  const columnOf = (field: PriceListField) => placed?.name[field] ?? PRICE_LIST_FIELD_TITLES[field];

  const noHeader = () => {
    const missing =
      best?.missing ?? PRICE_LIST_FIELDS.filter((f) => typeof mapping[f] === 'string').map(String);
    return new PriceListFileError(`${M.noHeader} ${missing.map((m) => `«${m}»`).join(', ')}`);
  };

  for await (const chunk of rows) {
    for (const row of chunk) {
      if (placed === null) {
        if (isBlank(row.cells)) continue;
        if (!named) {
          if (firstData === undefined) {
            placed = placeColumns(mapping, row.cells) as Placed;
            dataFrom = row.line + 1;
          } else if (row.line < firstData) {
            lastBeforeData = row;
            continue;
          } else {
            placed = placeColumns(mapping, lastBeforeData?.cells ?? null) as Placed;
            dataFrom = firstData;
          }
        } else {
          if ((firstData !== undefined && row.line >= firstData) || searched >= HEADER_SEARCH_LINES)
            throw noHeader();
          searched += 1;
          const tried = placeColumns(mapping, row.cells);
          if ('missing' in tried) {
            if (!best || tried.missing.length < best.missing.length) best = tried;
            continue;
          }
          placed = tried;
          dataFrom = Math.max(row.line + 1, firstData ?? 0);
        }
        if (placed === null || row.line < dataFrom) continue;
      }
      if (row.line < dataFrom) continue;
      const { index } = placed;
      const cell = (field: PriceListField) => {
        const at = index[field];
        return at === undefined ? undefined : (row.cells[at] ?? '');
      };
      const values: FieldValues = {};
      for (const field of PRICE_LIST_FIELDS) {
        const value = cell(field);
        if (value !== undefined) values[field] = value;
      }
      // A group heading ('Тормозные колодки') or a note: one filled cell at most is not a line of goods.
      let filled = 0;
      for (const field of PRICE_LIST_FIELDS) if (values[field]?.trim()) filled += 1;
      if (filled < 2) continue;
      lines += 1;
      batch.push(readLineValues(row.line, values, columnOf, normaliseBrand));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (placed === null && file.header_row && named) throw noHeader();
  if (batch.length > 0) yield batch;
  if (lines === 0) throw new PriceListFileError(M.emptyFile);
}
