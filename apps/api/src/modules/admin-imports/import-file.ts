import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse, type Parser } from 'csv-parse';
import iconv from 'iconv-lite';
import { IMPORT_COLUMNS, IMPORT_MESSAGES, type FileImportKind } from '@podbor/contract';

// Reading an import file: CSV in UTF-8 (with or without BOM) or Windows-1251, `;` or `,` between values, a
// header row naming the columns. The encoding and the separator are found from the file's beginning; the rows
// are streamed, never loaded whole.

const SNIFF_BYTES = 64 * 1024;

/** A failure of the whole file (no header, columns missing, not CSV): the run fails with this Russian reason. */
export class ImportFileError extends Error {}

export interface FileFormat {
  encoding: 'utf8' | 'win1251';
  delimiter: ';' | ',';
}

/** One data row: its line in the file (the header is line 1), its text as written, and its values by column key. */
export interface ImportRow {
  line: number;
  raw: string;
  values: Record<string, string>;
  /** The row has a different number of values than the header. */
  misshapen: boolean;
}

export async function sniffFormat(file: string): Promise<FileFormat> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  let encoding: FileFormat['encoding'] = 'utf8';
  try {
    // `stream: true`: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    encoding = 'win1251';
  }
  const text = iconv.decode(head, encoding);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (ch: string) => firstLine.split(ch).length - 1;
  return { encoding, delimiter: count(';') >= count(',') ? ';' : ',' };
}

const columnName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ').replace(/ё/g, 'е');

/** Which value of a row is which column; throws ImportFileError when a required column is missing. */
export function mapHeader(kind: FileImportKind, header: string[]): Map<string, number> {
  const names = header.map(columnName);
  const map = new Map<string, number>();
  const missing: string[] = [];
  for (const column of IMPORT_COLUMNS[kind]) {
    const at = names.findIndex((n) => (column.names as readonly string[]).includes(n));
    if (at >= 0) map.set(column.key, at);
    else if (column.required) missing.push(column.names[0]);
  }
  if (missing.length > 0) throw new ImportFileError(IMPORT_MESSAGES.missingColumns(missing));
  return map;
}

function parser(file: string, format: FileFormat): Parser {
  const csv = parse({
    delimiter: format.delimiter,
    bom: true,
    info: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    trim: true,
  });
  createReadStream(file)
    .on('error', (err) => csv.destroy(err))
    .pipe(iconv.decodeStream(format.encoding))
    .on('error', (err: Error) => csv.destroy(err))
    .pipe(csv);
  return csv;
}

interface ParsedRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

/**
 * The data rows of the file after the first `skip` (a resumed run skips what it committed). Throws
 * ImportFileError for a file that is not CSV or lacks columns.
 */
export async function* readRows(
  file: string,
  kind: FileImportKind,
  format: FileFormat,
  skip = 0,
): AsyncGenerator<ImportRow> {
  const csv = parser(file, format);
  let columns: Map<string, number> | undefined;
  let width = 0;
  let index = 0;
  try {
    for await (const item of csv as AsyncIterable<ParsedRecord>) {
      if (!columns) {
        columns = mapHeader(kind, item.record);
        width = item.record.length;
        continue;
      }
      index++;
      if (index <= skip) continue;
      const values: Record<string, string> = {};
      for (const [key, at] of columns) values[key] = item.record[at] ?? '';
      yield {
        line: item.info.lines,
        raw: item.raw.replace(/\r?\n$/, ''),
        values,
        misshapen: item.record.length !== width,
      };
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(IMPORT_MESSAGES.unreadable);
  } finally {
    csv.destroy();
  }
  if (!columns) throw new ImportFileError(IMPORT_MESSAGES.noHeader);
}

/** Data rows of the file (the header not counted). */
export async function countRows(file: string, kind: FileImportKind, format: FileFormat): Promise<number> {
  let n = 0;
  for await (const _row of readRows(file, kind, format)) n++;
  return n;
}
