import { randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDb, type DbHandle } from '../src/db/client';
import type { RateLimiter } from '../src/lib/rate-limit';
import { adminUrl, templateName } from './db-template';

export interface TestContext {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh copy of the seeded test database and an app on it. Call once per test file (beforeAll):
 * PGlite copies cost ~4 s and ~500 MB each.
 */
export async function createTestContext(
  opts: { limiter?: RateLimiter; config?: Partial<Config>; onRoute?: BuildAppOptions['onRoute'] } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-app-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  let handle: DbHandle;
  let dropDb: (() => Promise<void>) | undefined;
  if (pgUrl) {
    const name = `podbor_t_${randomBytes(5).toString('hex')}`;
    const admin = await createDb({ databaseUrl: adminUrl(pgUrl), poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${name}" template "${templateName(pgUrl)}"`));
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    handle = await createDb({ databaseUrl: u.toString(), poolSize: 10 });
    dropDb = async () => {
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
    };
  } else {
    const dump = readFileSync(inject('pgliteDump'));
    handle = await createDb({ pgliteDir: 'memory://', loadDataDir: new Blob([dump]) });
  }
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    { jwtSecret: 'test-secret-'.padEnd(48, 'x'), ...opts.config },
  );
  const app = await buildApp({ config, handle, limiter: opts.limiter, onRoute: opts.onRoute });
  await app.ready();
  return {
    app,
    handle,
    config,
    async close() {
      await app.close();
      await handle.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON body of a light-my-request response. */
export const json = <T = unknown>(res: { body: string }): T => JSON.parse(res.body) as T;
