import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DbHandle } from './client';

/** Works from the sources (src/db) and from the bundle (dist/). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

// Any fixed 64-bit key: serialises migrations when several API processes start against one PostgreSQL.
const MIGRATION_LOCK = 7_040_211_903;

/** Applies the committed drizzle-kit migrations (drizzle-kit migrate cannot load pg_trgm into PGlite). */
export async function migrate(handle: DbHandle): Promise<void> {
  const folder = migrationsFolder();
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Record<string, never>>, {
      migrationsFolder: folder,
    });
    return;
  }
  await handle.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await migratePg(handle.db, { migrationsFolder: folder });
  } finally {
    await handle.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
