import {
  PRICE_LIST_FIELDS,
  priceListHeaderKey,
  type PriceListColumn,
  type PriceListDelimiter,
  type PriceListEncoding,
  type PriceListField,
  type PriceListSettings,
  type PriceListSettingsInput,
} from '@podbor/contract';

// The column-mapping form's values and the supplier's price-list settings, both ways. A column is chosen from a
// list: by its title when the file has a header row (so the mapping survives the supplier moving its columns),
// by its number when it has none or the title is empty or repeated. The list's values are strings: `n:3` (third
// column) or `t:Цена` (the column titled «Цена»); '' leaves an optional field out.

export interface MappingValues {
  mapping: Record<PriceListField, string>;
  file: {
    encoding: PriceListEncoding;
    delimiter: PriceListDelimiter;
    header_row: boolean;
    /** As typed: '' for «the line after the header». */
    first_data_line: string;
    /** As typed: '' for the first sheet, digits for a sheet's number, else its name. */
    sheet: string;
  };
}

/** What a preview of a sample file says about its columns. */
export interface SampleColumns {
  header: readonly string[];
  rows: readonly { line: number; cells: readonly string[] }[];
}

export interface ColumnOption {
  value: string;
  label: string;
}

const NUMBER = 'n:';
const TITLE = 't:';

function columnValue(column: PriceListColumn | undefined): string {
  if (column === undefined) return '';
  return typeof column === 'number' ? `${NUMBER}${column}` : `${TITLE}${column}`;
}

function valueToColumn(value: string): PriceListColumn | undefined {
  if (value.startsWith(NUMBER)) return Number(value.slice(NUMBER.length));
  if (value.startsWith(TITLE)) return value.slice(TITLE.length);
  return undefined;
}

/** Columns of the sample: as many as its widest row. */
function columnCount(sample: SampleColumns): number {
  return Math.max(sample.header.length, ...sample.rows.map((r) => r.cells.length), 0);
}

/** Header titles that name exactly one column (empty and repeated ones cannot pick a column). */
function uniqueTitles(header: readonly string[]): Map<string, number> {
  const seen = new Map<string, number>();
  const repeated = new Set<string>();
  header.forEach((title, index) => {
    const key = priceListHeaderKey(title);
    if (!key) return;
    if (seen.has(key)) repeated.add(key);
    else seen.set(key, index);
  });
  for (const key of repeated) seen.delete(key);
  return seen;
}

/** Where data begins in the sample, for the example value shown next to a column without a title. */
function firstDataCells(sample: SampleColumns, headerRow: boolean): readonly string[] {
  const header = sample.header;
  const rows = sample.rows;
  if (!headerRow) return rows[0]?.cells ?? [];
  const headerAt = rows.findIndex(
    (r) => r.cells.length === header.length && r.cells.every((c, i) => c === header[i]),
  );
  return rows[headerAt + 1]?.cells ?? rows[0]?.cells ?? [];
}

/** The columns a field can be mapped to, as the select lists them. */
export function columnOptions(sample: SampleColumns, headerRow: boolean): ColumnOption[] {
  const titles = headerRow ? uniqueTitles(sample.header) : new Map<string, number>();
  const example = firstDataCells(sample, headerRow);
  const options: ColumnOption[] = [];
  for (let index = 0; index < columnCount(sample); index++) {
    const title = sample.header[index]?.trim() ?? '';
    const byTitle = headerRow && titles.get(priceListHeaderKey(title)) === index;
    const sampleValue = example[index]?.trim();
    options.push(
      byTitle
        ? { value: `${TITLE}${title}`, label: `${title} (столбец ${index + 1})` }
        : {
            value: `${NUMBER}${index + 1}`,
            label: `Столбец ${index + 1}${sampleValue ? `: ${shorten(sampleValue)}` : ''}`,
          },
    );
  }
  return options;
}

function shorten(text: string): string {
  return text.length > 30 ? `${text.slice(0, 29)}…` : text;
}

/**
 * A saved or suggested column as one of the sample's options: a title matches its header cell however it is
 * spelled (case, spaces), a number the column's title when the options name columns by title.
 */
export function matchOption(column: PriceListColumn | undefined, options: readonly ColumnOption[]): string {
  if (column === undefined) return '';
  if (typeof column === 'number') {
    const exact = options.find((o) => o.value === `${NUMBER}${column}`);
    if (exact) return exact.value;
    const at = options[column - 1];
    return at ? at.value : '';
  }
  const key = priceListHeaderKey(column);
  return (
    options.find((o) => o.value.startsWith(TITLE) && priceListHeaderKey(o.value.slice(2)) === key)?.value ??
    ''
  );
}

/** The form's values for a supplier: its saved settings, or the defaults of a supplier never set up. */
export function valuesFromSettings(settings: PriceListSettings | null): MappingValues {
  const mapping = Object.fromEntries(
    PRICE_LIST_FIELDS.map((field) => [field, columnValue(settings?.mapping[field])]),
  ) as Record<PriceListField, string>;
  const file = settings?.file;
  return {
    mapping,
    file: {
      encoding: file?.encoding ?? 'auto',
      delimiter: file?.delimiter ?? 'auto',
      header_row: file?.header_row ?? true,
      first_data_line: file?.first_data_line === undefined ? '' : String(file.first_data_line),
      sheet: file?.sheet === undefined ? '' : String(file.sheet),
    },
  };
}

/** The form's values as the contract's settings (checked by `priceListSettings`, the API's own schema). */
export function settingsFromValues(values: MappingValues): PriceListSettingsInput {
  const mapping: Partial<Record<PriceListField, PriceListColumn>> = {};
  for (const field of PRICE_LIST_FIELDS) {
    const column = valueToColumn(values.mapping[field] ?? '');
    if (column !== undefined) mapping[field] = column;
  }
  const firstLine = values.file.first_data_line.trim();
  const sheet = values.file.sheet.trim();
  return {
    mapping: mapping as PriceListSettingsInput['mapping'],
    file: {
      encoding: values.file.encoding,
      delimiter: values.file.delimiter,
      header_row: values.file.header_row,
      ...(firstLine
        ? { first_data_line: /^\d+$/.test(firstLine) ? Number(firstLine) : (firstLine as never) }
        : {}),
      ...(sheet ? { sheet: /^\d+$/.test(sheet) ? Number(sheet) : sheet } : {}),
    },
  };
}

/** The preview's multipart fields for the file options as the form has them. */
export function previewFields(file: MappingValues['file']): Record<string, string> {
  const fields: Record<string, string> = {
    encoding: file.encoding,
    delimiter: file.delimiter,
    header_row: String(file.header_row),
  };
  if (/^\d+$/.test(file.first_data_line.trim())) fields.first_data_line = file.first_data_line.trim();
  if (file.sheet.trim()) fields.sheet = file.sheet.trim();
  return fields;
}
