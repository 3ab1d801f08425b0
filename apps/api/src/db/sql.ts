import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/** Rows of a raw statement; the same on node-postgres and PGlite. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

const dialect = new PgDialect();

/**
 * Rows of a raw statement whose one plan suits every input (the caller knows when): on PostgreSQL it runs as a
 * statement prepared by name on the fixed-plan pool (db/client.ts), so each of its connections parses and plans
 * it once instead of on every call, which for the listing is two thirds of the database's work. The
 * name follows the text, so every shape of the statement (sort, filters) is its own prepared statement.
 * PGlite runs it as any other statement.
 */
export async function rowsWithFixedPlan<T>(db: Db, query: SQL): Promise<T[]> {
  const client = fixedPlanPool(db);
  if (!client) return rows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `fixed_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}

/** numeric / bigint come back as strings from node-postgres: numbers at the edge. */
export function num(value: unknown): number {
  return typeof value === 'number' ? value : Number(value ?? 0);
}

export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

export function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}
