import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  IMPORT_MESSAGES,
  PRICE_LIST_PLENTY_QUANTITY,
  isPriceListLineError,
  type PriceListLine,
  type PriceListRow,
  type PriceListSettingsInput,
} from '@podbor/contract';
import { TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { publish } from '../../lib/events';
import {
  checkpointImportRun,
  claimImportRun,
  failImportRun,
  finishImportRun,
  insertImportErrors,
} from '../admin-imports/admin-imports.service';
import { markupFor } from './markup';
import {
  DEFAULT_BRAND_SYNONYMS,
  PriceListFileError,
  createBrandNormaliser,
  readPriceList,
  type PriceListFormat,
} from './parse';
import {
  brandTable,
  findSupplier,
  insertUnmatched,
  markupRulesFor,
  productIndex,
  removeStaleOffers,
  upsertOffers,
  type OfferValues,
  type UnmatchedValues,
} from './price-lists.repository';

// The import of a supplier's price list (issue #15), a run of kind `price-list` on the import runs. The file is
// read by the price-list readers (./parse) in batches; each batch is ONE transaction that writes its offers, its
// unmatched lines and its error lines and moves the run's checkpoint (lines_done = rows of the reader taken so far)
// — so a process killed mid-import leaves whole batches only, and the retried job skips the rows already committed.
// A line's brand is matched to a manufacturer through the brand keys (the readers' synonym table, then the shop's
// own synonyms), its article to that manufacturer's product by the search normalisation; the price gets the most
// specific markup rule. When the file is through, the supplier's offers that an earlier import wrote and this one
// did not are removed, in the transaction that marks the run done.

/** What the run was started with (import_runs.options): the file's format and the supplier's settings then. */
export interface PriceListRunOptions {
  format: PriceListFormat;
  settings: PriceListSettingsInput | null;
}

export interface PriceListRunOptionsInput {
  dataDir: string;
  batchLines: number;
  log: FastifyBaseLogger;
  /** Work at most this long, then queue the rest as a new job (a job never outlives its expiry). */
  sliceMs?: number;
  requeue?: (importId: number) => Promise<void>;
  /** Tests: called after each committed batch (a throw here is a crash between batches). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

/**
 * A resumed run reads the file again from its start to skip the committed rows (the readers need the header and
 * cannot start mid-file), so a price list works in long slices: 10 minutes, well inside the job's 15-minute expiry
 * (a 1,000,000-line list takes about 3). With the imports' 1-minute slices, re-reading cost a third of the time.
 */
const SLICE_MS = 10 * 60_000;
const VALUE_MAX = 500;

interface Matcher {
  manufacturerOf: (brandNormalized: string) => number | undefined;
  productOf: (manufacturerId: number, articleNormalized: string) => number | undefined;
  priceOf: (manufacturerId: number, purchasePrice: number) => number;
  defaultDeliveryDays: number;
}

function lineError(row: Exclude<PriceListRow, PriceListLine>) {
  const value =
    row.error.value.length > VALUE_MAX ? `${row.error.value.slice(0, VALUE_MAX)}…` : row.error.value;
  return { line: row.line, value, reason: `${row.error.reason} (столбец «${row.error.column}»)` };
}

/**
 * One batch: its matches, offers, unmatched and error lines (nothing written yet). `written` holds the purchase
 * price this call of the run has committed per product: a line no cheaper than that is no offer to write (the
 * upsert would keep the committed one anyway), which spares the database most of a list's repeated products.
 */
function planBatch(rows: readonly PriceListRow[], m: Matcher, written: ReadonlyMap<number, number>) {
  const errors: { line: number; value: string; reason: string }[] = [];
  const unmatched: UnmatchedValues[] = [];
  const known: { line: PriceListLine; manufacturerId: number }[] = [];
  for (const row of rows) {
    if (isPriceListLineError(row)) {
      errors.push(lineError(row));
      continue;
    }
    const manufacturerId = m.manufacturerOf(row.brandNormalized);
    if (manufacturerId === undefined) unmatched.push(unmatchedOf(row, 'brand'));
    else known.push({ line: row, manufacturerId });
  }
  // One offer per product: a product the file repeats keeps its cheapest line.
  const offers = new Map<number, OfferValues>();
  let articleMisses = 0;
  for (const { line, manufacturerId } of known) {
    const productId = m.productOf(manufacturerId, line.articleNormalized);
    if (productId === undefined) {
      unmatched.push(unmatchedOf(line, 'article'));
      articleMisses++;
      continue;
    }
    const current = offers.get(productId);
    if (current && current.purchasePrice <= line.price) continue;
    const committed = written.get(productId);
    if (committed !== undefined && committed <= line.price) continue;
    offers.set(productId, {
      productId,
      purchasePrice: line.price,
      price: m.priceOf(manufacturerId, line.price),
      quantity: line.quantity ?? PRICE_LIST_PLENTY_QUANTITY,
      deliveryDays: line.deliveryDays ?? m.defaultDeliveryDays,
      multiplicity: line.multiplicity,
      article: line.article,
      brand: line.brand,
    });
  }
  return {
    errors,
    unmatched,
    offers: [...offers.values()],
    matched: known.length - articleMisses,
  };
}

function unmatchedOf(line: PriceListLine, reason: 'brand' | 'article'): UnmatchedValues {
  return {
    line: line.line,
    article: line.article,
    brand: line.brand,
    title: line.title,
    price: line.price,
    quantity: line.quantity,
    reason,
  };
}

/** The brand matcher of a run: manufacturers' titles and the shop's synonyms after the readers' own table. */
async function matcherFor(db: Db, supplierId: number, defaultDeliveryDays: number) {
  const table = await brandTable(db);
  const brands = createBrandNormaliser([
    ...DEFAULT_BRAND_SYNONYMS,
    ...table.synonyms.map((s) => ({ brand: s.title, aliases: [s.alias] })),
  ]);
  const products = await productIndex(db);
  const manufacturers = new Map<string, number>();
  for (const m of table.manufacturers) {
    const key = brands(m.title);
    if (key !== '' && !manufacturers.has(key)) manufacturers.set(key, m.id);
  }
  const matcher: Matcher = {
    manufacturerOf: (key) => manufacturers.get(key),
    productOf: (manufacturerId, article) => products.get(manufacturerId)?.get(article),
    priceOf: markupFor(supplierId, await markupRulesFor(db, supplierId)),
    defaultDeliveryDays,
  };
  return { brands, matcher };
}

/**
 * Runs (or resumes) one price-list import. Safe to call for a finished run (does nothing) and from two workers at
 * once (the checkpoint lets one of them through). True when this call finished the run.
 */
export async function runPriceListImport(
  db: Db,
  id: number,
  opts: PriceListRunOptionsInput,
): Promise<boolean> {
  const run = await claimImportRun(db, id);
  if (!run) return false;
  const until = Date.now() + (opts.sliceMs ?? SLICE_MS);
  const file = path.join(opts.dataDir, run.file_path);
  const options = run.options as PriceListRunOptions | null;
  try {
    const supplier = run.supplier_id === null ? undefined : await findSupplier(db, run.supplier_id);
    if (!supplier || !options) throw new PriceListFileError(IMPORT_MESSAGES.notFound);
    try {
      await stat(file);
    } catch {
      throw new PriceListFileError(IMPORT_MESSAGES.fileLost);
    }
    const { brands, matcher } = await matcherFor(db, supplier.id, supplier.defaultDeliveryDays);
    const summary: Record<string, number> = {
      matched: 0,
      unmatched: 0,
      offers_added: 0,
      offers_updated: 0,
      ...run.summary,
    };
    let done = run.lines_done;
    let seen = 0;
    let batches = 0;
    // Product → the purchase price this call has committed for it (see planBatch).
    const written = new Map<number, number>();

    const commit = async (rows: PriceListRow[]) => {
      const plan = planBatch(rows, matcher, written);
      const ok = await db
        .transaction(async (tx) => {
          const upserted = await upsertOffers(tx, supplier.id, id, plan.offers);
          await insertUnmatched(tx, id, plan.unmatched);
          await insertImportErrors(tx, id, plan.errors);
          const next = {
            ...summary,
            matched: (summary.matched ?? 0) + plan.matched,
            unmatched: (summary.unmatched ?? 0) + plan.unmatched.length,
            offers_added: (summary.offers_added ?? 0) + upserted.added,
            offers_updated: (summary.offers_updated ?? 0) + upserted.updated,
          };
          if (!(await checkpointImportRun(tx, id, done, done + rows.length, plan.errors.length, next)))
            tx.rollback();
          Object.assign(summary, next);
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof TransactionRollbackError) return false;
          throw err;
        });
      if (!ok) return false;
      for (const offer of plan.offers) written.set(offer.productId, offer.purchasePrice);
      done += rows.length;
      batches++;
      await opts.afterBatch?.(batches);
      return true;
    };

    const reader = readPriceList(createReadStream(file), {
      format: options.format,
      ...(options.settings ? { settings: options.settings } : {}),
      brands,
      batchSize: opts.batchLines,
    });
    for await (const batch of reader) {
      // A resumed run: the rows committed before are read again and skipped.
      const fresh = seen + batch.length <= done ? [] : batch.slice(Math.max(0, done - seen));
      seen += batch.length;
      if (fresh.length === 0) continue;
      // Another worker moved the run on (or it was finished): this one stops, having applied nothing twice.
      if (!(await commit(fresh))) return false;
      if (Date.now() > until && opts.requeue) {
        await opts.requeue(id);
        return false;
      }
    }
    // The end: offers of earlier imports that this list no longer has go, with the run marked done.
    const finished = await db
      .transaction(async (tx) => {
        const gone = await removeStaleOffers(tx, supplier.id, id);
        summary.offers_removed = (summary.offers_removed ?? 0) + gone.length;
        if (!(await finishImportRun(tx, id, summary))) tx.rollback();
        // Offers of many products changed: the storefront's caches (and the YML feed) start over.
        await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [] });
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return false;
        throw err;
      });
    if (finished)
      opts.log.info({ importId: id, kind: 'price-list', lines: done, summary }, 'price list imported');
    return finished;
  } catch (err) {
    if (err instanceof PriceListFileError) {
      await failImportRun(db, id, err.message);
      return false;
    }
    throw err;
  }
}
