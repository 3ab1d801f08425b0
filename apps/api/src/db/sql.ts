import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { fixedPlanPool, type Db } from './client';

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
 * Rows of a raw statement whose one plan suits every input (the caller knows when): on PostgreSQL it runs as a
 * statement prepared by name on the fixed-plan pool (db/client.ts), so each of its connections parses and plans
 * it once instead of on every call, which for the listing is two thirds of the database's work. The
 * name follows the text, so every shape of the statement (sort, filters) is its own prepared statement.
 * PGlite runs it as any other statement.
 */
export async function parseRowsWithFixedPlan<S extends z.ZodType>(
  db: Db,
  query: SQL,
  schema: S,
): Promise<z.output<S>[]> {
  const client = fixedPlanPool(db);
  if (!client) return parseRows(db, query, schema);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `fixed_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const result = await client.query({ name, text, values: params });
  return parseAll(schema, result.rows);
}
