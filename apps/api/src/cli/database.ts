import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { createDb, type DbHandle } from '../db/client';

/** The database the commands work on — DATABASE_URL, or PGlite under DATA_DIR/pglite — and how to name it. */
export async function openCliDatabase(config: Config): Promise<{ handle: DbHandle; where: string }> {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl) mkdirSync(pgliteDir, { recursive: true });
  const handle = await createDb({ databaseUrl: config.databaseUrl, pgliteDir });
  return { handle, where: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${pgliteDir}` };
}
