import {
  ANALOGUE_TYPE_VALUES,
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  normalizeArticle,
  type FileImportKind,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { addAnalogues, addFitment, productsByArticle, transportsFor } from './admin-imports.repository';
import type { ImportRow } from './import-file';

// What one batch of each kind does: checks its rows, finds the products and vehicles they name, adds what is not
// there yet. Rows that cannot be applied come back as errors (line, value, Russian reason).

export interface LineError {
  line: number;
  value: string;
  reason: string;
}

export interface BatchResult {
  errors: LineError[];
  /** Counts added to the run's summary. */
  counts: Record<string, number>;
  /** Products whose fitment or analogues changed (for the caches). */
  productIds: number[];
}

const VALUE_MAX = 500;

const lineError = (row: ImportRow, reason: string): LineError => ({
  line: row.line,
  value: row.raw.length > VALUE_MAX ? `${row.raw.slice(0, VALUE_MAX)}…` : row.raw,
  reason,
});

/** The column's name as the sample file writes it, for messages. */
function title(kind: FileImportKind, key: string): string {
  const column = IMPORT_COLUMNS[kind].find((c) => c.key === key);
  const name = column?.names[0] ?? key;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The first required column left empty, as an error; null when all are filled. */
function missingValue(kind: FileImportKind, row: ImportRow): string | null {
  if (row.misshapen) return IMPORT_MESSAGES.columnsCount;
  for (const column of IMPORT_COLUMNS[kind]) {
    if (column.required && !row.values[column.key]?.trim())
      return IMPORT_MESSAGES.required(title(kind, column.key));
  }
  return null;
}

function year(value: string | undefined): number | null {
  if (!value || !/^\d{4}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1900 && n <= 2100 ? n : null;
}

const group = (rows: readonly { line: number; id: number }[]) => {
  const map = new Map<number, number[]>();
  for (const { line, id } of rows) map.set(line, [...(map.get(line) ?? []), id]);
  return map;
};

async function fitmentBatch(tx: Db, rows: readonly ImportRow[]): Promise<BatchResult> {
  const errors: LineError[] = [];
  const valid: {
    row: ImportRow;
    article: string;
    brand: string;
    key: Parameters<typeof transportsFor>[1][number];
  }[] = [];
  for (const row of rows) {
    const missing = missingValue('fitment', row);
    if (missing) {
      errors.push(lineError(row, missing));
      continue;
    }
    const v = row.values;
    const from = year(v.year_from);
    const to = year(v.year_to);
    if (from === null) {
      errors.push(lineError(row, IMPORT_MESSAGES.yearInvalid(title('fitment', 'year_from'))));
      continue;
    }
    if (to === null) {
      errors.push(lineError(row, IMPORT_MESSAGES.yearInvalid(title('fitment', 'year_to'))));
      continue;
    }
    if (from > to) {
      errors.push(lineError(row, IMPORT_MESSAGES.yearRange));
      continue;
    }
    valid.push({
      row,
      article: normalizeArticle(v.article!),
      brand: v.brand!.trim(),
      key: {
        line: row.line,
        brand: v.vehicle_brand!.trim(),
        model: v.model!.trim(),
        from,
        to,
        engine: v.engine?.trim() ?? '',
      },
    });
  }
  // One after the other: a transaction is one connection, which runs one query at a time.
  const products = await productsByArticle(
    tx,
    valid.map((x) => ({ line: x.row.line, article: x.article, brand: x.brand })),
  );
  const transports = await transportsFor(
    tx,
    valid.map((x) => x.key),
  );
  const productsOf = group(products);
  const transportsOf = group(transports);
  const pairs: { productId: number; transportId: number }[] = [];
  const touched = new Set<number>();
  let applied = 0;
  for (const x of valid) {
    const p = productsOf.get(x.row.line);
    const t = transportsOf.get(x.row.line);
    if (!p)
      errors.push(lineError(x.row, IMPORT_MESSAGES.productNotFound(x.row.values.article!.trim(), x.brand)));
    else if (!t) errors.push(lineError(x.row, IMPORT_MESSAGES.transportNotFound));
    else {
      applied++;
      for (const productId of p) {
        touched.add(productId);
        for (const transportId of t) pairs.push({ productId, transportId });
      }
    }
  }
  const added = await addFitment(tx, pairs);
  const unique = new Set(pairs.map((x) => `${x.productId}:${x.transportId}`)).size;
  return {
    errors,
    counts: { lines_applied: applied, added, existing: unique - added },
    productIds: [...touched],
  };
}

function analogueType(value: string | undefined): 'two_way' | 'one_way' | null {
  const v = (value ?? '').trim().toLowerCase();
  if ((ANALOGUE_TYPE_VALUES.two_way as readonly string[]).includes(v)) return 'two_way';
  if ((ANALOGUE_TYPE_VALUES.one_way as readonly string[]).includes(v)) return 'one_way';
  return null;
}

async function analoguesBatch(tx: Db, rows: readonly ImportRow[]): Promise<BatchResult> {
  const errors: LineError[] = [];
  const valid: { row: ImportRow; type: 'two_way' | 'one_way' }[] = [];
  for (const row of rows) {
    const missing = missingValue('analogues', row);
    if (missing) {
      errors.push(lineError(row, missing));
      continue;
    }
    const type = analogueType(row.values.type);
    if (!type) {
      errors.push(lineError(row, IMPORT_MESSAGES.typeInvalid));
      continue;
    }
    valid.push({ row, type });
  }
  const keys = (side: 'article' | 'analogue_article', brand: 'brand' | 'analogue_brand') =>
    valid.map(({ row }) => ({
      line: row.line,
      article: normalizeArticle(row.values[side]!),
      brand: row.values[brand]!.trim(),
    }));
  const left = await productsByArticle(tx, keys('article', 'brand'));
  const right = await productsByArticle(tx, keys('analogue_article', 'analogue_brand'));
  const leftOf = group(left);
  const rightOf = group(right);
  const pairs: { productId: number; analogueId: number }[] = [];
  const touched = new Set<number>();
  let applied = 0;
  for (const { row, type } of valid) {
    const a = leftOf.get(row.line);
    const b = rightOf.get(row.line);
    const v = row.values;
    if (!a) errors.push(lineError(row, IMPORT_MESSAGES.productNotFound(v.article!, v.brand!)));
    else if (!b)
      errors.push(lineError(row, IMPORT_MESSAGES.analogueNotFound(v.analogue_article!, v.analogue_brand!)));
    else if (a.length === 1 && b.length === 1 && a[0] === b[0])
      errors.push(lineError(row, IMPORT_MESSAGES.selfAnalogue));
    else {
      applied++;
      for (const productId of a)
        for (const analogueId of b) {
          if (productId === analogueId) continue;
          touched.add(productId).add(analogueId);
          pairs.push({ productId, analogueId });
          if (type === 'two_way') pairs.push({ productId: analogueId, analogueId: productId });
        }
    }
  }
  const added = await addAnalogues(tx, pairs);
  const unique = new Set(pairs.map((x) => `${x.productId}:${x.analogueId}`)).size;
  return {
    errors,
    counts: { lines_applied: applied, added, existing: unique - added },
    productIds: [...touched],
  };
}

export const applyBatch: Record<
  FileImportKind,
  (tx: Db, rows: readonly ImportRow[]) => Promise<BatchResult>
> = {
  fitment: fitmentBatch,
  analogues: analoguesBatch,
};
