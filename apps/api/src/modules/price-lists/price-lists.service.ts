import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  IMPORT_MESSAGES,
  SUPPLIER_MESSAGES,
  priceListSettings,
  type AdminBrandSynonym,
  type AdminBrandSynonymsQuery,
  type AdminBrandSynonymsResponse,
  type AdminImport,
  type AdminMarkupRule,
  type AdminPriceListPreview,
  type AdminSupplier,
  type PriceListSettings,
  type adminBrandSynonymCreate,
  type adminMarkupRuleInput,
  type adminPriceListPreviewFields,
  type adminSupplierCreate,
  type adminSupplierPatch,
} from '@podbor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { HttpError, badRequest, detailError, notFound } from '../../lib/http-error';
import type { JobEngine } from '../../lib/jobs';
import { findImportRun, startImport, storeUpload } from '../admin-imports/admin-imports.service';
import { orderMarkupRules } from './markup';
import {
  PriceListFileError,
  brandKey,
  detectPriceListFormat,
  previewPriceList,
  type PriceListFormat,
} from './parse';
import type { PriceListRunOptions } from './price-list-import';
import {
  deleteRule,
  deleteSupplier,
  deleteSynonym,
  findSupplier,
  insertRule,
  insertSupplier,
  insertSynonym,
  listRules,
  listSuppliers,
  listSynonyms,
  lockSupplier,
  manufacturerTitle,
  sameRule,
  supplierRunning,
  supplierTitleTaken,
  synonymOwner,
  unmatchedOf,
  writeRule,
  writeSupplier,
  type RuleRow,
  type RuleValues,
  type SupplierRecord,
  type SupplierRow,
  type SynonymRow,
} from './price-lists.repository';

// Back office (issue #15): suppliers, their price lists (preview for the mapping, upload → the import job, the
// unmatched-lines report), markup rules and brand synonyms. Every change is audited (before → after) in its
// transaction.

export { runPriceListImport } from './price-list-import';

// ---- suppliers ----

function settingsOf(value: unknown): PriceListSettings | null {
  if (value === null || value === undefined) return null;
  const parsed = priceListSettings.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const supplierToApi = (row: SupplierRow): AdminSupplier => ({
  id: row.id,
  title: row.title,
  default_delivery_days: row.default_delivery_days,
  is_active: row.is_active,
  settings: settingsOf(row.settings),
  offers_count: row.offers_count,
  last_import:
    row.last_id === null
      ? null
      : {
          id: row.last_id,
          status: row.last_status ?? 'queued',
          lines_total: row.last_lines_total,
          lines_done: row.last_lines_done ?? 0,
          errors_count: row.last_errors_count ?? 0,
          finished_at: row.last_finished_at,
        },
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function suppliersList(db: Db): Promise<AdminSupplier[]> {
  return (await listSuppliers(db)).map(supplierToApi);
}

async function supplierById(db: Db, id: number): Promise<AdminSupplier> {
  const [row] = await listSuppliers(db, id);
  if (!row) throw notFound(SUPPLIER_MESSAGES.notFound);
  return supplierToApi(row);
}

const titleTaken = () => new HttpError(409, { errors: { title: [SUPPLIER_MESSAGES.titleTaken] } });

export async function createSupplier(
  db: Db,
  body: z.output<typeof adminSupplierCreate>,
  userId: number,
): Promise<AdminSupplier> {
  const id = await db.transaction(async (tx) => {
    if (await supplierTitleTaken(tx, body.title)) throw titleTaken();
    const supplierId = await insertSupplier(tx, {
      title: body.title,
      defaultDeliveryDays: body.default_delivery_days,
      isActive: body.is_active,
      settings: body.settings,
    });
    await recordAudit(tx, {
      userId,
      action: 'supplier.create',
      entity: 'supplier',
      entityId: supplierId,
      data: { ...body },
    });
    return supplierId;
  });
  return supplierById(db, id);
}

const SUPPLIER_FIELDS = {
  title: 'title',
  default_delivery_days: 'defaultDeliveryDays',
  is_active: 'isActive',
  settings: 'settings',
} as const satisfies Record<keyof z.output<typeof adminSupplierPatch>, keyof SupplierRecord>;

export async function updateSupplier(
  db: Db,
  id: number,
  patch: z.output<typeof adminSupplierPatch>,
  userId: number,
): Promise<AdminSupplier> {
  await db.transaction(async (tx) => {
    const current = await lockSupplier(tx, id);
    if (!current) throw notFound(SUPPLIER_MESSAGES.notFound);
    if (patch.title !== undefined && (await supplierTitleTaken(tx, patch.title, id))) throw titleTaken();
    const values: Record<string, unknown> = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, column] of Object.entries(SUPPLIER_FIELDS) as [
      keyof typeof SUPPLIER_FIELDS,
      (typeof SUPPLIER_FIELDS)[keyof typeof SUPPLIER_FIELDS],
    ][]) {
      const next = patch[field];
      if (next === undefined) continue;
      const before = current[column];
      if (JSON.stringify(before) === JSON.stringify(next)) continue;
      values[column] = next;
      changes[field] = { from: before, to: next };
    }
    if (Object.keys(values).length === 0) return;
    await writeSupplier(tx, id, values);
    await recordAudit(tx, {
      userId,
      action: 'supplier.update',
      entity: 'supplier',
      entityId: id,
      data: changes,
    });
  });
  return supplierById(db, id);
}

export async function removeSupplier(db: Db, id: number, userId: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const current = await lockSupplier(tx, id);
    if (!current) throw notFound(SUPPLIER_MESSAGES.notFound);
    if (await supplierRunning(tx, id)) throw detailError(409, SUPPLIER_MESSAGES.hasRunningImport);
    await deleteSupplier(tx, id);
    await recordAudit(tx, {
      userId,
      action: 'supplier.delete',
      entity: 'supplier',
      entityId: id,
      data: { title: current.title },
    });
  });
  return { id };
}

// ---- price lists ----

type PreviewFields = z.output<typeof adminPriceListPreviewFields>;

/** The first rows of a CSV or XLSX file for the mapping form; the file is not kept. */
export async function previewFile(
  source: Readable,
  fileName: string,
  head: Uint8Array,
  fields: PreviewFields,
): Promise<AdminPriceListPreview> {
  const format = detectPriceListFormat(fileName, head);
  if (format === null) throw badRequest({ file: [SUPPLIER_MESSAGES.fileType] });
  if (format === 'yml') throw badRequest({ file: [SUPPLIER_MESSAGES.previewYml] });
  try {
    const preview = await previewPriceList(
      source,
      format,
      {
        encoding: fields.encoding,
        delimiter: fields.delimiter,
        header_row: fields.header_row,
        ...(fields.first_data_line !== undefined ? { first_data_line: fields.first_data_line } : {}),
        ...(fields.sheet !== undefined
          ? { sheet: /^\d+$/.test(fields.sheet) ? Number(fields.sheet) : fields.sheet }
          : {}),
      },
      PRICE_LIST_PREVIEW_LIMIT,
    );
    const rows = preview.rows.map((r) => ({ line: r.line, cells: r.cells }));
    const header =
      rows.find((r) => {
        const guess = preview.suggested;
        return guess.article !== undefined && r.cells.some((c) => c.trim() === String(guess.article));
      })?.cells ??
      rows[0]?.cells ??
      [];
    return {
      format,
      encoding: preview.format?.encoding ?? null,
      delimiter: preview.format
        ? preview.format.delimiter === '\t'
          ? 'tab'
          : preview.format.delimiter
        : null,
      header,
      rows,
      suggested: preview.suggested,
    };
  } catch (err) {
    if (err instanceof PriceListFileError) throw badRequest({ file: [err.message] });
    throw err;
  }
}

const PRICE_LIST_PREVIEW_LIMIT = 10;

/** Refuses an upload before the file is read: unknown or inactive supplier. */
export async function supplierForUpload(db: Db, id: number): Promise<SupplierRecord> {
  const supplier = await findSupplier(db, id);
  if (!supplier) throw notFound(SUPPLIER_MESSAGES.notFound);
  if (!supplier.isActive) throw detailError(409, SUPPLIER_MESSAGES.inactive);
  return supplier;
}

const EXTENSIONS: Record<PriceListFormat, string> = { csv: 'csv', xlsx: 'xlsx', yml: 'yml' };

/** Stores an uploaded price list and starts its import (202). */
export async function storePriceList(
  dataDir: string,
  fileName: string,
  stream: Readable & { truncated?: boolean },
): Promise<string> {
  const byName = detectPriceListFormat(fileName);
  return storeUpload(dataDir, stream, { extension: EXTENSIONS[byName ?? 'csv'], binary: true });
}

async function headOf(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Starts the import of a stored price list (the run is answered with 202); a refused file is removed. */
export async function startPriceListImport(
  db: Db,
  jobs: JobEngine,
  dataDir: string,
  supplier: SupplierRecord,
  upload: { fileName: string; filePath: string },
  userId: number,
): Promise<AdminImport> {
  const { fileName, filePath } = upload;
  const format = detectPriceListFormat(fileName, await headOf(path.join(dataDir, filePath)));
  const settings = settingsOf(supplier.settings);
  const refuse = async (message: string) => {
    await rm(path.join(dataDir, filePath), { force: true });
    return badRequest({ file: [message] });
  };
  if (format === null) throw await refuse(SUPPLIER_MESSAGES.fileType);
  if (format !== 'yml' && settings === null) throw await refuse(SUPPLIER_MESSAGES.noSettings);
  const options: PriceListRunOptions = { format, settings };
  return startImport(
    db,
    jobs,
    {
      kind: 'price-list',
      fileName,
      filePath,
      supplierId: supplier.id,
      options: options as unknown as Record<string, unknown>,
    },
    userId,
    'price-list',
  );
}

/** A CSV value: quoted when it holds the separator, a quote or a line break; formula starts are defused. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const UNMATCHED_REASONS = {
  brand: 'Бренд не найден в каталоге',
  article: 'Артикул не найден у этого бренда',
} as const;

/** The unmatched lines of a price-list run: UTF-8 with BOM (Excel opens it as Cyrillic), `;`, CRLF. */
export async function unmatchedCsv(db: Db, id: number): Promise<{ name: string; body: string }> {
  const run = await findImportRun(db, id);
  if (!run) throw notFound(IMPORT_MESSAGES.notFound);
  const rows = await unmatchedOf(db, id);
  const lines = [
    'Строка;Артикул;Бренд;Наименование;Цена;Причина',
    ...rows.map((r) =>
      [
        String(r.line),
        csvCell(r.article),
        csvCell(r.brand),
        csvCell(r.title),
        r.price.toFixed(2).replace('.', ','),
        UNMATCHED_REASONS[r.reason],
      ].join(';'),
    ),
  ];
  return { name: `price-list-${id}-unmatched.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}

// ---- markup rules ----

const ruleToApi = (r: RuleRow): AdminMarkupRule => ({
  id: r.id,
  supplier_id: r.supplier_id,
  supplier_title: r.supplier_title,
  manufacturer_id: r.manufacturer_id,
  manufacturer_title: r.manufacturer_title,
  price_from: r.price_from,
  price_to: r.price_to,
  percent: r.percent,
});

export async function markupRules(db: Db): Promise<AdminMarkupRule[]> {
  const rows = await listRules(db);
  const ordered = orderMarkupRules(
    rows.map((r) => ({
      id: r.id,
      supplierId: r.supplier_id,
      manufacturerId: r.manufacturer_id,
      priceFrom: r.price_from,
      priceTo: r.price_to,
      percent: r.percent,
      row: r,
    })),
  );
  return ordered.map((r) => ruleToApi(r.row));
}

type RuleInput = z.output<typeof adminMarkupRuleInput>;

async function checkRule(tx: Db, input: RuleInput, exceptId?: number): Promise<RuleValues> {
  const errors: Record<string, string[]> = {};
  if (input.supplier_id !== null && !(await findSupplier(tx, input.supplier_id)))
    errors.supplier_id = [SUPPLIER_MESSAGES.unknownSupplier];
  if (input.manufacturer_id !== null && (await manufacturerTitle(tx, input.manufacturer_id)) === undefined)
    errors.manufacturer_id = [SUPPLIER_MESSAGES.unknownManufacturer];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const rule = {
    supplierId: input.supplier_id,
    manufacturerId: input.manufacturer_id,
    priceFrom: input.price_from,
    priceTo: input.price_to,
    percent: input.percent,
  };
  if (await sameRule(tx, rule, exceptId)) throw detailError(409, SUPPLIER_MESSAGES.ruleDuplicate);
  return rule;
}

async function ruleById(db: Db, id: number): Promise<AdminMarkupRule> {
  const [row] = await listRules(db, id);
  if (!row) throw notFound(SUPPLIER_MESSAGES.ruleNotFound);
  return ruleToApi(row);
}

export async function createRule(db: Db, input: RuleInput, userId: number): Promise<AdminMarkupRule> {
  const id = await db.transaction(async (tx) => {
    const rule = await checkRule(tx, input);
    const ruleId = await insertRule(tx, rule);
    await recordAudit(tx, {
      userId,
      action: 'markup.create',
      entity: 'markup_rule',
      entityId: ruleId,
      data: { ...input },
    });
    return ruleId;
  });
  return ruleById(db, id);
}

export async function updateRule(
  db: Db,
  id: number,
  input: RuleInput,
  userId: number,
): Promise<AdminMarkupRule> {
  await db.transaction(async (tx) => {
    const [before] = await listRules(tx, id);
    if (!before) throw notFound(SUPPLIER_MESSAGES.ruleNotFound);
    const rule = await checkRule(tx, input, id);
    await writeRule(tx, id, rule);
    const { supplier_title: _s, manufacturer_title: _m, ...from } = before;
    await recordAudit(tx, {
      userId,
      action: 'markup.update',
      entity: 'markup_rule',
      entityId: id,
      data: { from, to: { id, ...input } },
    });
  });
  return ruleById(db, id);
}

export async function removeRule(db: Db, id: number, userId: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const [before] = await listRules(tx, id);
    if (!before || !(await deleteRule(tx, id))) throw notFound(SUPPLIER_MESSAGES.ruleNotFound);
    await recordAudit(tx, {
      userId,
      action: 'markup.delete',
      entity: 'markup_rule',
      entityId: id,
      data: { ...before },
    });
  });
  return { id };
}

// ---- brand synonyms ----

const synonymToApi = (r: SynonymRow): AdminBrandSynonym => ({
  id: r.id,
  alias: r.alias,
  alias_key: r.alias_key,
  manufacturer: { id: r.manufacturer_id, title: r.manufacturer_title },
  created_at: r.created_at,
});

export async function brandSynonyms(
  db: Db,
  query: AdminBrandSynonymsQuery,
): Promise<AdminBrandSynonymsResponse> {
  const { rows, total } = await listSynonyms(
    db,
    {
      ...(query.manufacturer_id !== undefined ? { manufacturerId: query.manufacturer_id } : {}),
      ...(query.q !== undefined ? { q: query.q } : {}),
    },
    query.page,
    query.size,
  );
  return {
    current: query.page,
    pages: Math.max(1, Math.ceil(total / query.size)),
    total,
    results: rows.map(synonymToApi),
  };
}

const aliasTaken = (title: string) =>
  new HttpError(409, { errors: { alias: [SUPPLIER_MESSAGES.aliasTaken(title)] } });

export async function createSynonym(
  db: Db,
  body: z.output<typeof adminBrandSynonymCreate>,
  userId: number,
): Promise<AdminBrandSynonym> {
  const aliasKey = brandKey(body.alias);
  if (aliasKey === '') throw badRequest({ alias: [SUPPLIER_MESSAGES.aliasEmpty] });
  const id = await db.transaction(async (tx) => {
    const title = await manufacturerTitle(tx, body.manufacturer_id);
    if (title === undefined) throw badRequest({ manufacturer_id: [SUPPLIER_MESSAGES.unknownManufacturer] });
    if (brandKey(title) === aliasKey) throw badRequest({ alias: [SUPPLIER_MESSAGES.aliasIsTitle] });
    const owner = await synonymOwner(tx, aliasKey);
    if (owner !== undefined) throw aliasTaken(owner);
    const synonymId = await insertSynonym(tx, {
      alias: body.alias,
      aliasKey,
      manufacturerId: body.manufacturer_id,
    });
    if (synonymId === undefined) throw aliasTaken((await synonymOwner(tx, aliasKey)) ?? title);
    await recordAudit(tx, {
      userId,
      action: 'brand_synonym.create',
      entity: 'brand_synonym',
      entityId: synonymId,
      data: { alias: body.alias, alias_key: aliasKey, manufacturer_id: body.manufacturer_id },
    });
    return synonymId;
  });
  const { rows } = await listSynonyms(db, { id }, 1, 1);
  return synonymToApi(rows[0]!);
}

export async function removeSynonym(db: Db, id: number, userId: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const gone = await deleteSynonym(tx, id);
    if (!gone) throw notFound(SUPPLIER_MESSAGES.synonymNotFound);
    await recordAudit(tx, {
      userId,
      action: 'brand_synonym.delete',
      entity: 'brand_synonym',
      entityId: id,
      data: { alias: gone.alias, manufacturer_id: gone.manufacturer_id },
    });
  });
  return { id };
}
