// XLSX price lists, streamed with exceljs's WorkbookReader: rows are read one by one from the zip, the sheet is
// never built in memory (only the shared-strings table is kept, as the format requires).
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PRICE_LIST_MESSAGES as M, type PriceListFileOptions } from '@podbor/contract';
import { PriceListFileError, type TableRow } from './lines';

/** A cell as the text the supplier sees in Excel (the formula's result, the link's text, the error code). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: string }) => r.text ?? '').join('');
    if ('result' in v) return cellText(v.result);
    if ('formula' in v || 'sharedFormula' in v) return '';
    if ('text' in v) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
}

interface SheetInfo {
  name: string;
  state?: string;
}

/**
 * Reads the chosen sheet of an XLSX file as table rows (line = the Excel row number), in batches. The sheet is
 * `file.sheet` (1-based position or name), else the first visible one.
 */
export async function* readXlsxTable(
  source: AsyncIterable<Buffer | Uint8Array | string> | Readable,
  file: PriceListFileOptions,
  batchSize: number,
): AsyncGenerator<TableRow[]> {
  const stream = source instanceof Readable ? source : Readable.from(source);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let found = false;
  let batch: TableRow[] = [];
  try {
    for await (const worksheet of workbook) {
      const sheets = (
        (workbook as unknown as { model?: { sheets?: SheetInfo[] } }).model?.sheets ?? []
      ).filter(Boolean);
      const name = (worksheet as unknown as { name: string }).name;
      const wanted =
        typeof file.sheet === 'number'
          ? sheets[file.sheet - 1]?.name
          : typeof file.sheet === 'string'
            ? sheets.find((s) => s.name.trim().toLowerCase() === String(file.sheet).trim().toLowerCase())
                ?.name
            : (sheets.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden')?.name ?? name);
      if (name !== wanted) {
        // A sheet not wanted is still read through: exceljs deletes the temporary file a sheet stored before the
        // shared strings was kept in as soon as the loop moves on, and a read stream of it not yet opened would
        // then fail with ENOENT outside any handler (an unhandled error in the process).
        for await (const row of worksheet) void row;
        continue;
      }
      found = true;
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i]));
        batch.push({ line: row.number, cells });
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      // The other sheets are not read.
      break;
    }
  } catch (error) {
    if (error instanceof PriceListFileError) throw error;
    throw new PriceListFileError(M.notXlsx);
  } finally {
    stream.destroy();
  }
  if (!found) throw new PriceListFileError(file.sheet === undefined ? M.notXlsx : M.noSheet);
  if (batch.length > 0) yield batch;
}
