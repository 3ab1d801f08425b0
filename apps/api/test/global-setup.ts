import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/seed';
import { TEST_PRODUCTS, adminUrl, templateName } from './db-template';

/**
 * Migrates and seeds one database for the whole run; every test file then starts from a copy of it
 * (a PGlite data-directory dump, or a PostgreSQL database created from a template), so tests are
 * independent and nobody pays for seeding twice.
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'podbor-test-'));
  const mediaDir = path.join(work, 'media');
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const admin = await createDb({ databaseUrl: adminUrl(pgUrl), poolSize: 1 });
    const name = templateName(pgUrl);
    const { sql } = await import('drizzle-orm');
    await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
    await admin.db.execute(sql.raw(`create database "${name}"`));
    await admin.close();
    const handle = await createDb({ databaseUrl: withDatabase(pgUrl, name), poolSize: 4 });
    await migrate(handle);
    await seed(handle, { products: TEST_PRODUCTS, mediaDir });
    await handle.close();
  } else {
    const handle = await createDb({ pgliteDir: 'memory://' });
    await migrate(handle);
    await seed(handle, { products: TEST_PRODUCTS, mediaDir });
    const dump = await handle.pglite!.dumpDataDir('none');
    const file = path.join(work, 'seeded.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('pgliteDump', file);
  }
  project.provide('mediaDir', mediaDir);
  return () => rmSync(work, { recursive: true, force: true });
}

function withDatabase(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    mediaDir: string;
  }
}
