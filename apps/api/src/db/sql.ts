import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { customPlanPool, fixedPlanPool, type Db } from './client';

// Small helpers for the hand-written SQL of the catalogue. Arrays travel as ONE parameter (a PostgreSQL array
// literal cast to its type) rather than drizzle's `($1, $2, …)` expansion: the statement text stays the same
// whatever the list length, and an empty list is valid SQL.

export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
}

export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

const dialect = new PgDialect();

// ---- parsed rows ----
// Raw statements' rows are parsed with a zod schema, never asserted: node-postgres and PGlite disagree on the
// JS types of numeric, bigint and count(*) (string vs number), and a schema says what the code relies on.

/** A PostgreSQL number (int, bigint, numeric, count(*)): a string from node-postgres, a number from PGlite. */
export const pgNumber = z.union([z.number(), z.string().transform(Number)]);
export const pgNumberOrNull = pgNumber.nullable();
/** timestamptz as an ISO string (a Date from node-postgres, a string or Date from PGlite). */
export const pgIso = z
  .union([z.date(), z.string()])
  .transform((v) => (v instanceof Date ? v : new Date(v)).toISOString());
export const pgTextArray = z.array(z.string());

function parseAll<S extends z.ZodType>(schema: S, raw: readonly unknown[]): z.output<S>[] {
  return raw.map((row) => schema.parse(row));
}

/** Rows of a raw statement, each parsed by `schema`. */
export async function parseRows<S extends z.ZodType>(db: Db, query: SQL, schema: S): Promise<z.output<S>[]> {
  const result = await db.execute(query);
  return parseAll(schema, result.rows);
}

/**
 * How a statement prepared by name is planned on PostgreSQL. `generic`: one plan for every input, made once per
 * connection (the fixed-plan pool, plan_cache_mode=force_generic_plan) — for statements whose every input wants the
 * same plan (a read of one index range, probes by key). `custom`: parsed once per connection but planned with each
 * call's values (the main pool, force_custom_plan) — for statements whose best plan depends on the values (a price
 * range narrow or wide).
 */
export type Plan = 'generic' | 'custom';

/**
 * Names of the statements prepared so far, across both pools. The statement text follows the shape of the request
 * (sort, order, which filters), so the number of shapes is bounded by the shop's filters, but a crawler combining
 * many filters could still invent new ones: past MAX_PREPARED shapes a new one runs unnamed (parsed and planned per
 * call, as any statement), so each server backend keeps at most MAX_PREPARED prepared statements.
 */
const prepared = new Set<string>();
const MAX_PREPARED = 400;

/**
 * Rows of a raw statement, prepared by name on PostgreSQL (see Plan): each connection parses it once instead of on
 * every call, which for the catalogue's reads is a third to two thirds of the database's work per request
 * (issue #18). The name follows the text. PGlite runs it as any other statement.
 */
export async function parseRowsPrepared<S extends z.ZodType>(
  db: Db,
  query: SQL,
  schema: S,
  plan: Plan,
): Promise<z.output<S>[]> {
  const pool = plan === 'generic' ? fixedPlanPool(db) : customPlanPool(db);
  if (!pool) return parseRows(db, query, schema);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${plan === 'generic' ? 'g' : 'c'}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  if (!prepared.has(name) && prepared.size < MAX_PREPARED) prepared.add(name);
  const result = await pool.query(
    prepared.has(name) ? { name, text, values: params } : { text, values: params },
  );
  return parseAll(schema, result.rows);
}

/** Rows of a raw statement whose one plan suits every input (the caller knows when): see Plan. */
export const parseRowsWithFixedPlan = <S extends z.ZodType>(db: Db, query: SQL, schema: S) =>
  parseRowsPrepared(db, query, schema, 'generic');
