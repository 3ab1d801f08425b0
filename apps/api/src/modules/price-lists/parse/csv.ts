// CSV price lists, streamed: the encoding is found from the first bytes (BOM; else valid UTF-8; else
// Windows-1251), the delimiter from the first lines, then iconv-lite decodes and csv-parse splits the rest chunk by
// chunk — the file is never held whole in memory.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { PRICE_LIST_MESSAGES as M, type PriceListFileOptions } from '@podbor/contract';
import { PriceListFileError, type TableRow } from './lines';

export type CsvEncoding = 'utf-8' | 'windows-1251' | 'utf-16le' | 'utf-16be';
export type CsvDelimiter = ';' | ',' | '\t';

/** What the reader found out about a file (shown to the manager when the mapping is set up). */
export interface CsvFormat {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}

/** A chunk as a Buffer, without copying one that already is. */
export function asBuffer(chunk: Buffer | Uint8Array | string): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  return typeof chunk === 'string'
    ? Buffer.from(chunk)
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** How much of the file is looked at for the encoding and the delimiter. */
const HEAD_BYTES = 64 * 1024;
/** An ASCII-only start says nothing of the encoding: look this far for the first non-ASCII byte. */
const HEAD_BYTES_MAX = 1024 * 1024;
/** One record longer than this means a quote was never closed: stop instead of swallowing the file. */
const MAX_RECORD_BYTES = 1024 * 1024;

/**
 * Whether the bytes are valid UTF-8. A sequence cut by the end of the buffer counts as valid when `more` (the
 * rest of the file follows), so a chunk boundary inside a letter does not turn a UTF-8 file into Windows-1251.
 */
export function isValidUtf8(bytes: Uint8Array, more: boolean): boolean {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return false;
    if (i + need >= n) {
      // Cut by the end of the buffer: valid if what is there continues the letter and the file goes on.
      if (!more) return false;
      for (let k = i + 1; k < n; k += 1) if ((bytes[k]! & 0xc0) !== 0x80) return false;
      return true;
    }
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k += 1) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += need + 1;
  }
  return true;
}

/** The encoding of a file from its first bytes; `chosen` (other than 'auto') is used unless a BOM says otherwise. */
export function detectEncoding(
  head: Uint8Array,
  more: boolean,
  chosen: PriceListFileOptions['encoding'],
): CsvEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // Text files have no NUL bytes: this is a binary file (an .xls, a zip) or UTF-16 without a BOM.
  if (head.includes(0)) throw new PriceListFileError(M.unknownEncoding);
  if (chosen !== 'auto') return chosen;
  return isValidUtf8(head, more) ? 'utf-8' : 'windows-1251';
}

const CANDIDATES: readonly CsvDelimiter[] = [';', '\t', ','];

/** Delimiters of one line outside quoted fields. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count += 1;
  }
  return count;
}

/**
 * The delimiter of a table from its first lines: the candidate that splits the most lines into the same number of
 * columns ('1 234,50' puts a comma into every price of a ';' file, but not into its header); then the one giving
 * more columns; then ';' (what Russian Excel writes), tab, ','. Null when no candidate splits any line.
 */
export function sniffDelimiter(text: string, complete: boolean): CsvDelimiter | null {
  let lines = text.split(/\r\n|\n|\r/);
  if (!complete && lines.length > 1) lines = lines.slice(0, -1);
  lines = lines.filter((l) => l.trim() !== '').slice(0, 50);
  let best: { delimiter: CsvDelimiter; agree: number; columns: number } | null = null;
  for (const delimiter of CANDIDATES) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const n = countOutsideQuotes(line, delimiter);
      if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    let agree = 0;
    let columns = 0;
    for (const [n, times] of counts) {
      if (times > agree || (times === agree && n > columns)) [agree, columns] = [times, n];
    }
    if (agree === 0) continue;
    if (!best || agree > best.agree || (agree === best.agree && columns > best.columns)) {
      best = { delimiter, agree, columns };
    }
  }
  return best?.delimiter ?? null;
}

/**
 * Line breaks in a record's raw text (CRLF, LF or a lone CR each count once): how many lines it takes. csv-parse's
 * own line count reads a CRLF inside quotes as two lines, so records are counted here.
 */
function lineBreaks(raw: string): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw.charCodeAt(i);
    if (c === 10) n += 1;
    else if (c === 13) {
      n += 1;
      if (raw.charCodeAt(i + 1) === 10) i += 1;
    }
  }
  return n;
}

const DELIMITERS: Readonly<Record<Exclude<PriceListFileOptions['delimiter'], 'auto'>, CsvDelimiter>> = {
  ';': ';',
  ',': ',',
  tab: '\t',
};

/**
 * Reads a CSV file as table rows, in batches of `batchSize`. Line numbers are the file's own (a quoted field with
 * line breaks takes several; blank lines count). `onFormat` hears the encoding and delimiter before the first row.
 */
export async function* readCsvTable(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  file: PriceListFileOptions,
  batchSize: number,
  onFormat?: (format: CsvFormat) => void,
): AsyncGenerator<TableRow[]> {
  const input = source[Symbol.asyncIterator]();
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let done = false;
  let nonAscii = false;
  while (headLength < HEAD_BYTES_MAX && (headLength < HEAD_BYTES || !nonAscii)) {
    const next = await input.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = asBuffer(next.value);
    if (!nonAscii) nonAscii = chunk.some((b) => b >= 0x80);
    headChunks.push(chunk);
    headLength += chunk.length;
  }
  const head = Buffer.concat(headChunks);
  let encoding: CsvEncoding;
  let delimiter: CsvDelimiter | null;
  try {
    encoding = detectEncoding(head, !done, file.encoding);
    const headText = iconv.decode(head, encoding);
    delimiter = file.delimiter === 'auto' ? sniffDelimiter(headText, done) : DELIMITERS[file.delimiter];
    if (delimiter === null) throw new PriceListFileError(head.length === 0 ? M.emptyFile : M.notCsv);
  } catch (error) {
    await input.return?.();
    throw error;
  }
  onFormat?.({ encoding, delimiter });

  async function* bytes() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await input.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const parser = parse({
    delimiter,
    raw: true,
    relax_quotes: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  const feeding = pipeline(Readable.from(bytes()), iconv.decodeStream(encoding), parser).catch(() => {
    // The parser carries the error to the loop below.
  });
  let line = 1;
  let batch: TableRow[] = [];
  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      batch.push({ line, cells: record });
      line += lineBreaks(raw);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvError) throw new PriceListFileError(`${M.csvBroken}, строка ${line}`);
    throw error;
  } finally {
    parser.destroy();
    await feeding;
    await input.return?.();
  }
  if (batch.length > 0) yield batch;
}
