import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  FILE_IMPORT_KINDS,
  IMPORT_MESSAGES,
  type AdminImport,
  type FileImportKind,
  type AdminImportsQuery,
  type AdminImportsResponse,
  type ImportKind,
} from '@podbor/contract';
import { TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { publish } from '../../lib/events';
import { badRequest, detailError, notFound } from '../../lib/http-error';
import type { JobEngine } from '../../lib/jobs';
import {
  checkpoint,
  claimRun,
  failRun,
  findRun,
  finishRun,
  insertErrors,
  insertRun,
  listRuns,
  orphanedRuns,
  runErrors,
  setTotal,
  type RunRow,
} from './admin-imports.repository';
import { ImportFileError, countRows, readRows, sniffFormat, type ImportRow } from './import-file';
import { applyBatch } from './import-kinds';

// Imports of catalogue data (issue #15). The upload stores the file under DATA_DIR/imports and, in one
// transaction, creates the run, writes the audit entry and queues the job; the job (runImport) applies the file
// in batches. Each batch is one transaction that applies its lines, records their errors and moves the run's
// checkpoint (lines_done) — all or nothing, so a process killed mid-import leaves whole batches only, and the
// retried job resumes after the last one committed.

const isFileImportKind = (kind: ImportKind): kind is FileImportKind =>
  (FILE_IMPORT_KINDS as readonly string[]).includes(kind);

export const importRunToApi = (row: RunRow): AdminImport => {
  const { file_path: _path, supplier_id, supplier_title, options: _options, ...rest } = row;
  return {
    ...rest,
    supplier: supplier_id !== null ? { id: supplier_id, title: supplier_title ?? '' } : null,
  };
};
const toApi = importRunToApi;

// What other kinds of run (a supplier's price list, modules/price-lists) share with these: the run's row, its
// checkpoint per batch, its error lines and its end.
export {
  checkpoint as checkpointImportRun,
  claimRun as claimImportRun,
  failRun as failImportRun,
  findRun as findImportRun,
  finishRun as finishImportRun,
  insertErrors as insertImportErrors,
} from './admin-imports.repository';

// ---- upload and reading ----

/** An Excel workbook, an archive, a picture…: text files have no NUL bytes (UTF-8 and Windows-1251 alike). */
async function looksBinary(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

/** Stores an uploaded file's stream under `<dataDir>/imports/`; its path relative to dataDir. */
export async function storeUpload(
  dataDir: string,
  stream: Readable & { truncated?: boolean },
  /** A price list may be an XLSX workbook (binary) or YML: its own extension, no text check. */
  file: { extension: string; binary: boolean } = { extension: 'csv', binary: false },
): Promise<string> {
  const dir = path.join(dataDir, 'imports');
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().slice(0, 10)}-${randomBytes(8).toString('hex')}.${file.extension}`;
  const partial = path.join(dir, `${name}.part`);
  try {
    await pipeline(stream, createWriteStream(partial));
  } catch (err) {
    await rm(partial, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw detailError(413, IMPORT_MESSAGES.fileTooLarge);
    throw badRequest({ file: [IMPORT_MESSAGES.fileMissing] });
  }
  if (stream.truncated) {
    await rm(partial, { force: true });
    throw detailError(413, IMPORT_MESSAGES.fileTooLarge);
  }
  if ((await stat(partial)).size === 0) {
    await rm(partial, { force: true });
    throw badRequest({ file: [IMPORT_MESSAGES.fileEmpty] });
  }
  if (!file.binary && (await looksBinary(partial))) {
    await rm(partial, { force: true });
    throw badRequest({ file: [IMPORT_MESSAGES.fileType] });
  }
  await rename(partial, path.join(dir, name));
  return path.join('imports', name);
}

/** Creates the run of a stored file (audit entry and job in the same transaction). */
export async function startImport(
  db: Db,
  jobs: JobEngine,
  upload: {
    kind: ImportKind;
    fileName: string;
    filePath: string;
    supplierId?: number;
    options?: Record<string, unknown>;
  },
  userId: number,
  /** The job that runs it: `import` for the files of IMPORT_COLUMNS, `price-list` for a supplier's price list. */
  job: 'import' | 'price-list' = 'import',
): Promise<AdminImport> {
  const id = await db.transaction(async (tx) => {
    const runId = await insertRun(tx, { ...upload, userId });
    await recordAudit(tx, {
      userId,
      action: 'import.start',
      entity: 'import',
      entityId: runId,
      data: {
        kind: upload.kind,
        file_name: upload.fileName,
        ...(upload.supplierId ? { supplier_id: upload.supplierId } : {}),
      },
    });
    await jobs.enqueue(job, { importId: runId }, tx);
    return runId;
  });
  return toApi((await findRun(db, id))!);
}

export async function importsPage(db: Db, query: AdminImportsQuery): Promise<AdminImportsResponse> {
  const { rows, total } = await listRuns(db, query.page, query.size);
  return {
    current: query.page,
    pages: Math.max(1, Math.ceil(total / query.size)),
    total,
    results: rows.map(toApi),
  };
}

export async function importDetail(db: Db, id: number): Promise<AdminImport> {
  const row = await findRun(db, id);
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return toApi(row);
}

/** A CSV value: quoted when it holds the separator, a quote or a line break; formula starts are defused. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The error report: UTF-8 with BOM (Excel opens it as Cyrillic), `;`, CRLF. */
export async function importErrorsCsv(db: Db, id: number): Promise<{ name: string; body: string }> {
  const run = await findRun(db, id);
  if (!run) throw notFound(IMPORT_MESSAGES.notFound);
  const errors = await runErrors(db, id);
  const lines = [
    'Строка;Значение;Причина',
    ...errors.map((e) => [String(e.line), csvCell(e.value), csvCell(e.reason)].join(';')),
  ];
  return { name: `import-${id}-errors.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}

// ---- the job ----

export interface RunOptions {
  dataDir: string;
  batchLines: number;
  log: FastifyBaseLogger;
  /** Work at most this long, then queue the rest as a new job (a job never outlives its expiry). */
  sliceMs?: number;
  /** Queues the continuation of a run cut by sliceMs. */
  requeue?: (importId: number) => Promise<void>;
  /** Tests: called after each committed batch (a throw here is a crash between batches). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

const SLICE_MS = 60_000;

/** Runs (or resumes) one import. Safe to call for a finished run (does nothing) and from two workers at once. */
export async function runImport(db: Db, id: number, opts: RunOptions): Promise<void> {
  const claimed = await claimRun(db, id);
  if (!claimed) return;
  // A price list is run by its own job (modules/price-lists); this one takes the files of IMPORT_COLUMNS.
  const { kind } = claimed;
  if (!isFileImportKind(kind)) throw new Error(`import ${id}: a ${kind} run is not a file import`);
  const run = { ...claimed, kind };
  const file = path.join(opts.dataDir, run.file_path);
  const until = Date.now() + (opts.sliceMs ?? SLICE_MS);
  try {
    try {
      await stat(file);
    } catch {
      throw new ImportFileError(IMPORT_MESSAGES.fileLost);
    }
    const format = await sniffFormat(file);
    if (run.lines_total === null) await setTotal(db, id, await countRows(file, run.kind, format));

    let done = run.lines_done;
    const summary = { ...run.summary };
    let batch: ImportRow[] = [];
    let batches = 0;
    const commit = async () => {
      const rows = batch;
      batch = [];
      const ok = await db
        .transaction(async (tx) => {
          const result = await applyBatch[run.kind](tx, rows);
          for (const [key, n] of Object.entries(result.counts)) summary[key] = (summary[key] ?? 0) + n;
          await insertErrors(tx, id, result.errors);
          if (!(await checkpoint(tx, id, done, done + rows.length, result.errors.length, summary))) {
            tx.rollback();
          }
          if (result.productIds.length > 0)
            await publish(tx, { type: 'catalog.changed', entity: 'product', ids: result.productIds });
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof TransactionRollbackError) return false;
          throw err;
        });
      if (!ok) return false;
      done += rows.length;
      batches++;
      await opts.afterBatch?.(batches);
      return true;
    };

    for await (const row of readRows(file, run.kind, format, done)) {
      batch.push(row);
      if (batch.length < opts.batchLines) continue;
      // Another worker moved the run on (or it was finished): this one stops, having applied nothing twice.
      if (!(await commit())) return;
      if (Date.now() > until && opts.requeue) {
        await opts.requeue(id);
        return;
      }
    }
    if (batch.length > 0 && !(await commit())) return;
    await finishRun(db, id);
    opts.log.info({ importId: id, kind: run.kind, lines: done, summary }, 'import finished');
  } catch (err) {
    if (err instanceof ImportFileError) {
      await failRun(db, id, err.message);
      return;
    }
    throw err;
  }
}

/** A run whose job failed for the last time (the database kept failing, a bug): it is marked failed, not left running. */
export async function giveUpImport(db: Db, id: number): Promise<void> {
  await failRun(db, id, IMPORT_MESSAGES.crashed);
}

/** Queues the runs nobody works on (never queued, or left running by a stopped process); started with the engine. */
export async function requeueOrphans(
  db: Db,
  jobs: JobEngine,
  staleSeconds: number,
  job: 'import' | 'price-list' = 'import',
): Promise<number> {
  const ids = await orphanedRuns(db, job === 'import' ? FILE_IMPORT_KINDS : ['price-list'], staleSeconds);
  for (const importId of ids) await jobs.enqueue(job, { importId });
  return ids.length;
}
