import type { Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import {
  PRODUCT_EXPORT_COLUMNS,
  productUrl,
  type AdminProductExportQuery,
  type ProductExportFormat,
} from '@podbor/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { adminProductFilters } from '../../lib/catalog/admin-product-filter';
import { categoryDirectory } from '../../lib/catalog/category.directory';
import { scopeOf } from '../admin-orders/admin-orders.service';
import {
  allCategories,
  exportBranches,
  exportProductBatch,
  exportStock,
  type ExportProductRow,
} from './admin-export.repository';

// The back office's product export (issue #15): the product list's filters, the whole result, as CSV for Russian
// Excel (UTF-8 with a BOM, «;» between fields, a decimal comma) or as XLSX. Products are read in keyset batches
// of EXPORT_BATCH_SIZE and written as they come (XLSX through exceljs's streaming WorkbookWriter), waiting for the
// client to take each batch: a 200,000-product export never sits in memory. A manager tied to branches sees the
// stock of their branches only (and the total over them); everybody else every branch's.

const EXPORT_BATCH_SIZE = 1000;

export const EXPORT_CONTENT_TYPES: Record<ProductExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type Cell = string | number | null;

interface ExportPlan {
  header: string[];
  /** The rows of the file, batch by batch. */
  batches: () => AsyncGenerator<Cell[][]>;
}

/** Texts a spreadsheet would run as a formula (=, +, -, @ first) are kept as text with a leading apostrophe. */
function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell).replace('.', ',');
  const text = safeText(cell);
  return /[;"\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(';')}\r\n`;
}

async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed) await once(out, 'drain');
}

async function planExport(
  db: Db,
  config: Config,
  query: AdminProductExportQuery,
  branchIds: number[] | null,
) {
  const filters = adminProductFilters(query.q, query.category);
  const [branches, categories, tree] = await Promise.all([
    exportBranches(db, branchIds),
    allCategories(db),
    categoryDirectory(db).tree(),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const paths = new Map<number, string>();
  const pathOf = (id: number): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const titles: string[] = [];
    for (
      let c = byId.get(id), n = 0;
      c && n <= categories.length;
      c = c.parent_id === null ? undefined : byId.get(c.parent_id), n++
    )
      titles.unshift(c.title);
    const text = titles.join(' / ');
    paths.set(id, text);
    return text;
  };
  const branchList = branches.map((b) => b.id);
  const rowOf = (p: ExportProductRow, stock: ReadonlyMap<number, number> | undefined): Cell[] => {
    const perBranch = branchList.map((id) => stock?.get(id) ?? 0);
    const visible = p.is_active ? tree.byId.get(p.category_id) : undefined;
    return [
      p.id,
      p.article,
      p.manufacturer,
      p.title,
      pathOf(p.category_id),
      p.price,
      p.old_price,
      ...perBranch,
      perBranch.reduce((a, n) => a + n, 0),
      visible ? `${config.publicUrl}${productUrl(visible.path, p.slug)}` : null,
    ];
  };
  const c = PRODUCT_EXPORT_COLUMNS;
  const plan: ExportPlan = {
    header: [
      c.id,
      c.article,
      c.manufacturer,
      c.title,
      c.category,
      c.price,
      c.oldPrice,
      ...branches.map((b) => `${c.branchPrefix}${b.title}`),
      c.total,
      c.url,
    ],
    async *batches() {
      let after = 0;
      for (;;) {
        const rows = await exportProductBatch(db, filters, after, EXPORT_BATCH_SIZE);
        if (rows.length === 0) return;
        after = rows[rows.length - 1]!.id;
        const stock =
          branchList.length > 0
            ? await exportStock(
                db,
                rows.map((r) => r.id),
                branchList,
              )
            : new Map<number, Map<number, number>>();
        yield rows.map((r) => rowOf(r, stock.get(r.id)));
        if (rows.length < EXPORT_BATCH_SIZE) return;
      }
    },
  };
  return plan;
}

async function writeCsv(plan: ExportPlan, out: Writable): Promise<number> {
  let count = 0;
  out.write(`\uFEFF${csvLine(plan.header)}`);
  for await (const batch of plan.batches()) {
    out.write(batch.map(csvLine).join(''));
    count += batch.length;
    await drained(out);
  }
  return count;
}

async function writeXlsx(plan: ExportPlan, out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Товары', { views: [{ state: 'frozen', ySplit: 1 }] });
  const priceColumns = new Set([5, 6]);
  sheet.columns = plan.header.map((title, i) => ({
    header: title,
    width: [8, 16, 18, 48, 36][i] ?? (i === plan.header.length - 1 ? 60 : 14),
    style: priceColumns.has(i) ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const batch of plan.batches()) {
    for (const cells of batch)
      sheet.addRow(cells.map((v) => (typeof v === 'string' ? safeText(v) : v))).commit();
    count += batch.length;
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/**
 * Prepares an export (the caller's scope, the columns) and records it in the audit log: who exported what (the
 * filters, the format). Its errors come before any byte is sent. The returned function writes the file to `out`
 * and ends it, resolving with the number of products written.
 */
export async function prepareProductExport(
  db: Db,
  config: Config,
  userId: number,
  query: AdminProductExportQuery,
): Promise<(out: Writable) => Promise<number>> {
  const scope = await scopeOf(db, userId);
  const plan = await planExport(db, config, query, scope.branchIds);
  await recordAudit(db, {
    userId,
    action: 'product.export',
    entity: 'product',
    entityId: 'export',
    data: { format: query.format, q: query.q ?? null, category: query.category ?? null },
  });
  return async (out) => {
    if (query.format === 'xlsx') return writeXlsx(plan, out);
    const count = await writeCsv(plan, out);
    out.end();
    return count;
  };
}

/** `products-2026-11-26.csv` */
export function exportFileName(format: ProductExportFormat, now = new Date()): string {
  return `products-${now.toISOString().slice(0, 10)}.${format}`;
}
