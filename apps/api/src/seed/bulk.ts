import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';

/** A drizzle transaction or database: both run raw SQL the same way. */
export type Exec = Pick<Db, 'execute'>;

/** 'epoch' = seconds since 1970 on the wire, timestamptz in the table (cheaper to write than ISO strings). */
export type ColumnType =
  'int' | 'smallint' | 'text' | 'numeric' | 'bool' | 'jsonb' | 'text[]' | 'timestamptz' | 'epoch';

const cast = (i: number, type: ColumnType): string => {
  if (type === 'jsonb') return `(e->${i})::jsonb`;
  if (type === 'text[]') return `array(select jsonb_array_elements_text(e->${i}))`;
  if (type === 'bool') return `(e->>${i})::boolean`;
  if (type === 'epoch') return `to_timestamp((e->>${i})::bigint)`;
  return `(e->>${i})::${type}`;
};

// Rows travel as one JSON parameter per statement (not one parameter per value): no 65k-parameter limit, one
// parse into jsonb, and the same SQL text on node-postgres and PGlite.
const MAX_JSON_CHARS = 8_000_000;

export interface Expand {
  /** Select expressions in column order, replacing the plain casts. */
  exprs: string[];
  /** Appended after the FROM clause, e.g. a JOIN that expands each row. */
  tail: string;
}

/** One INSERT … SELECT statement carrying `rows` (arrays in column order). */
export function insertSql(
  table: string,
  columns: Record<string, ColumnType>,
  rows: unknown[][],
  select?: Expand,
): SQL {
  const names = Object.keys(columns);
  const exprs = select?.exprs ?? names.map((name, i) => cast(i, columns[name]!));
  const json = `[${rows.map((r) => JSON.stringify(r)).join(',')}]`;
  return sql`${sql.raw(`insert into "${table}" (${names.map((n) => `"${n}"`).join(', ')}) select ${exprs.join(', ')} from jsonb_array_elements(`)}${json}${sql.raw(`::jsonb) e ${select?.tail ?? ''}`)}`;
}

/** Inserts rows into `table` in as few statements as the JSON size allows. */
export async function insertRows(
  db: Exec,
  table: string,
  columns: Record<string, ColumnType>,
  rows: unknown[][],
  select?: Expand,
): Promise<void> {
  let start = 0;
  let size = 0;
  for (let i = 0; i < rows.length; i++) {
    size += JSON.stringify(rows[i]).length;
    if (size >= MAX_JSON_CHARS || i === rows.length - 1) {
      await db.execute(insertSql(table, columns, rows.slice(start, i + 1), select));
      start = i + 1;
      size = 0;
    }
  }
}

/** Runs several INSERT statements as one (data-modifying CTEs): one round-trip. */
export function combine(statements: SQL[]): SQL {
  return sql.join(
    [
      sql.raw('with '),
      sql.join(
        statements.map((s, i) => sql`${sql.raw(`s${i}`)} as (${s})`),
        sql.raw(', '),
      ),
      sql.raw(' select 1'),
    ],
    sql.raw(''),
  );
}

/** Moves identity sequences past the explicit ids the seed wrote, so the app's own inserts do not collide. */
export async function syncIdentity(db: Exec, tables: string[]): Promise<void> {
  const parts = tables.map(
    (t) =>
      `(select setval(pg_get_serial_sequence('"${t}"', 'id'), coalesce((select max(id) from "${t}"), 0) + 1, false))`,
  );
  await db.execute(sql.raw(`select ${parts.join(', ')}`));
}

/**
 * Drops the secondary indexes and foreign keys of `tables` and returns a function that recreates them from their
 * own catalogue definitions. Building a GIN index once over a loaded table is many times faster than updating it
 * row by row, and re-adding a foreign key checks all rows in one join instead of one lookup per row.
 * Primary keys, unique constraints and checks stay in place the whole time.
 */
export async function dropSecondaryStructures(db: Exec, tables: string[]): Promise<() => Promise<void>> {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const indexes = await db.execute(
    sql.raw(`select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${list})
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
      order by i.tablename, i.indexname`),
  );
  const foreignKeys = await db.execute(
    sql.raw(`select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def from pg_constraint c
      join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
      where c.contype = 'f' and n.nspname = 'public' and t.relname in (${list})
      order by t.relname, c.conname`),
  );
  const idx = z.array(z.object({ name: z.string(), def: z.string() })).parse(indexes.rows);
  const fks = z
    .array(z.object({ tbl: z.string(), name: z.string(), def: z.string() }))
    .parse(foreignKeys.rows);
  for (const fk of fks) await db.execute(sql.raw(`alter table ${fk.tbl} drop constraint "${fk.name}"`));
  if (idx.length > 0) await db.execute(sql.raw(`drop index ${idx.map((i) => `"${i.name}"`).join(', ')}`));
  return async () => {
    for (const i of idx) await db.execute(sql.raw(i.def));
    for (const fk of fks)
      await db.execute(sql.raw(`alter table ${fk.tbl} add constraint "${fk.name}" ${fk.def}`));
  };
}
