import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { IMPORT_KINDS, IMPORT_STATUSES, type ImportKind } from '@podbor/contract';
import type { Db } from '../../db/client';
import { importErrors, importRuns } from '../../db/schema';
import { intArray, parseRows, pgIso, pgNumber, textArray } from '../../db/sql';
import { staffName } from '../../lib/staff';

// SQL of the imports: the runs and their errors, and the lookups and inserts one batch of each kind makes.

const runRow = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  file_path: z.string(),
  lines_total: z.number().int().nullable(),
  lines_done: z.number().int(),
  errors_count: z.number().int(),
  summary: z.record(z.string(), z.number()),
  failure: z.string().nullable(),
  started_by: z.string().nullable(),
  created_at: pgIso,
  started_at: pgIso.nullable(),
  finished_at: pgIso.nullable(),
  supplier_id: z.number().int().nullable(),
  supplier_title: z.string().nullable(),
  options: z.record(z.string(), z.unknown()).nullable(),
});
export type RunRow = z.infer<typeof runRow>;

const RUN_COLUMNS = sql`r.id, r.kind, r.status, r.file_name, r.file_path, r.lines_total, r.lines_done,
  r.errors_count, r.summary, r.failure, ${staffName('u')} as started_by, r.created_at, r.started_at, r.finished_at,
  r.supplier_id, s.title as supplier_title, r.options`;
const RUN_JOINS = sql`left join users u on u.id = r.user_id left join suppliers s on s.id = r.supplier_id`;

export async function insertRun(
  tx: Db,
  run: {
    kind: ImportKind;
    fileName: string;
    filePath: string;
    userId: number;
    supplierId?: number;
    options?: Record<string, unknown>;
  },
): Promise<number> {
  const [row] = await tx
    .insert(importRuns)
    .values({
      kind: run.kind,
      fileName: run.fileName,
      filePath: run.filePath,
      userId: run.userId,
      supplierId: run.supplierId ?? null,
      options: run.options ?? null,
    })
    .returning({ id: importRuns.id });
  return row!.id;
}

export async function findRun(db: Db, id: number): Promise<RunRow | undefined> {
  const [row] = await parseRows(
    db,
    sql`select ${RUN_COLUMNS} from import_runs r ${RUN_JOINS} where r.id = ${id}`,
    runRow,
  );
  return row;
}

export async function listRuns(
  db: Db,
  page: number,
  size: number,
): Promise<{ rows: RunRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    parseRows(
      db,
      sql`select ${RUN_COLUMNS} from import_runs r ${RUN_JOINS}
          order by r.created_at desc, r.id desc limit ${size} offset ${(page - 1) * size}`,
      runRow,
    ),
    parseRows(db, sql`select count(*)::int as total from import_runs`, z.object({ total: pgNumber })),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Errors of a run in the order of the file. */
export async function runErrors(
  db: Db,
  id: number,
): Promise<{ line: number; value: string; reason: string }[]> {
  return db
    .select({ line: importErrors.line, value: importErrors.value, reason: importErrors.reason })
    .from(importErrors)
    .where(sql`${importErrors.importId} = ${id}`)
    .orderBy(importErrors.line, importErrors.id);
}

/** Takes a queued or interrupted run to work on; undefined when it is finished (or gone). */
export async function claimRun(db: Db, id: number): Promise<RunRow | undefined> {
  const claimed = await db.execute(
    sql`update import_runs set status = 'running', started_at = coalesce(started_at, now()), updated_at = now()
        where id = ${id} and status in ('queued', 'running') returning id`,
  );
  return claimed.rows.length > 0 ? findRun(db, id) : undefined;
}

export async function setTotal(db: Db, id: number, total: number): Promise<void> {
  await db.execute(sql`update import_runs set lines_total = ${total}, updated_at = now() where id = ${id}`);
}

/**
 * Moves the run's checkpoint from `from` to `to` lines in the batch's transaction. False when the run is no longer
 * at `from` (another worker got further, or it was finished): the caller rolls its batch back.
 */
export async function checkpoint(
  tx: Db,
  id: number,
  from: number,
  to: number,
  errors: number,
  summary: Record<string, number>,
): Promise<boolean> {
  const updated = await tx.execute(
    sql`update import_runs set lines_done = ${to}, errors_count = errors_count + ${errors},
          summary = ${JSON.stringify(summary)}::jsonb, updated_at = now()
        where id = ${id} and lines_done = ${from} and status = 'running' returning id`,
  );
  return updated.rows.length > 0;
}

/** Marks a running run done (a price list: with its final summary); false when it was not running any more. */
export async function finishRun(db: Db, id: number, summary?: Record<string, number>): Promise<boolean> {
  const result = await db.execute(
    sql`update import_runs set status = 'done', finished_at = now(), updated_at = now(),
          lines_total = coalesce(lines_total, lines_done)
          ${summary ? sql`, summary = ${JSON.stringify(summary)}::jsonb` : sql``}
        where id = ${id} and status = 'running' returning id`,
  );
  return result.rows.length > 0;
}

export async function failRun(db: Db, id: number, reason: string): Promise<void> {
  await db.execute(
    sql`update import_runs set status = 'failed', failure = ${reason}, finished_at = now(), updated_at = now()
        where id = ${id} and status in ('queued', 'running')`,
  );
}

/** Runs a (re)started engine must take up: never started, or left running by a process that stopped. */
export async function orphanedRuns(
  db: Db,
  kinds: readonly ImportKind[],
  staleSeconds: number,
): Promise<number[]> {
  const rows = await parseRows(
    db,
    sql`select id from import_runs
        where kind = any(${textArray(kinds)})
          and (status = 'queued' or (status = 'running' and updated_at < now() - make_interval(secs => ${staleSeconds})))
        order by id`,
    z.object({ id: z.number().int() }),
  );
  return rows.map((r) => r.id);
}

export async function insertErrors(
  tx: Db,
  id: number,
  errors: readonly { line: number; value: string; reason: string }[],
): Promise<void> {
  if (errors.length === 0) return;
  await tx.insert(importErrors).values(errors.map((e) => ({ importId: id, ...e })));
}

// ---- matching ----

const lineId = z.object({ line: z.number().int(), id: z.number().int() });

/** Products by normalised article and manufacturer name (case-insensitive), per line. */
export async function productsByArticle(
  tx: Db,
  keys: readonly { line: number; article: string; brand: string }[],
): Promise<{ line: number; id: number }[]> {
  if (keys.length === 0) return [];
  return parseRows(
    tx,
    sql`select x.line, p.id
        from unnest(${intArray(keys.map((k) => k.line))}, ${textArray(keys.map((k) => k.article))},
                    ${textArray(keys.map((k) => k.brand))}) as x(line, article, brand)
        join products p on p.article_normalized = x.article
        join manufacturers m on m.id = p.manufacturer_id and lower(m.title) = lower(x.brand)`,
    lineId,
  );
}

/**
 * Vehicles (transports) per line: the brand and model by name (case-insensitive), every generation whose years
 * overlap the line's, with the engine named by its title («1.6 (106 л.с.)»), code (slug) or volume («1.6»), or
 * any engine when the line names none.
 */
export async function transportsFor(
  tx: Db,
  keys: readonly { line: number; brand: string; model: string; from: number; to: number; engine: string }[],
): Promise<{ line: number; id: number }[]> {
  if (keys.length === 0) return [];
  return parseRows(
    tx,
    sql`select x.line, t.id
        from unnest(${intArray(keys.map((k) => k.line))}, ${textArray(keys.map((k) => k.brand))},
                    ${textArray(keys.map((k) => k.model))}, ${intArray(keys.map((k) => k.from))},
                    ${intArray(keys.map((k) => k.to))}, ${textArray(keys.map((k) => k.engine))})
             as x(line, brand, model, year_from, year_to, engine)
        join vehicle_brands vb on lower(vb.title) = lower(x.brand)
        join vehicle_models vm on vm.brand_id = vb.id and lower(vm.title) = lower(x.model)
        join transports t on t.model_id = vm.id and t.year_from <= x.year_to and t.year_to >= x.year_from
        join engines e on e.id = t.engine_id
        where x.engine = '' or lower(e.title) = lower(x.engine) or e.slug = lower(x.engine)
           or e.volume_l = x.engine`,
    lineId,
  );
}

/** Adds fitment pairs that are not there yet; the number added. */
export async function addFitment(
  tx: Db,
  pairs: readonly { productId: number; transportId: number }[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const result = await tx.execute(
    sql`insert into product_transports (product_id, transport_id)
        select distinct p, t from unnest(${intArray(pairs.map((x) => x.productId))},
                                         ${intArray(pairs.map((x) => x.transportId))}) as x(p, t)
        on conflict do nothing returning product_id`,
  );
  return result.rows.length;
}

/** Adds analogue pairs (product → analogue) that are not there yet; the number added. */
export async function addAnalogues(
  tx: Db,
  pairs: readonly { productId: number; analogueId: number }[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const result = await tx.execute(
    sql`insert into analogues (product_id, analogue_id)
        select distinct p, a from unnest(${intArray(pairs.map((x) => x.productId))},
                                         ${intArray(pairs.map((x) => x.analogueId))}) as x(p, a)
        where p <> a
        on conflict do nothing returning product_id`,
  );
  return result.rows.length;
}
