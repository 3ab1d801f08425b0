import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@podbor/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client';
import { adminUrl } from './db-template';

// Issue #16: a starting API process listens while its migrations run and is not ready until they are done. On
// PostgreSQL the wait is made long and certain: this test holds the migration lock (db/migrate.ts) that every
// starting process takes, so the process sits in its migrations until the test lets go.
// `*.pg.test.ts` files need TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL;
const apiRoot = path.resolve(import.meta.dirname, '..');
const MIGRATION_LOCK = 7_040_211_903;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe.runIf(pgUrl)('a starting API process on PostgreSQL', () => {
  let admin: DbHandle;
  let dbName: string;
  let dbUrl: string;
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-ready-'));

  beforeAll(async () => {
    dbName = `podbor_ready_${randomBytes(4).toString('hex')}`;
    admin = await createDb({ databaseUrl: adminUrl(pgUrl!), poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${dbName}"`));
    const u = new URL(pgUrl!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await admin.db.execute(sql.raw(`drop database if exists "${dbName}" with (force)`));
    await admin.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the probes while it waits for its migrations, and is ready once they are applied', async () => {
    const lock = new pg.Client({ connectionString: dbUrl });
    await lock.connect();
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        API_PORT: String(port),
        LOG_LEVEL: 'warn',
        DATABASE_URL: dbUrl,
        REDIS_URL: '',
        JOBS_ENABLED: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (b) => (output += b));
    child.stderr!.on('data', (b) => (output += b));
    const base = `http://127.0.0.1:${port}`;
    try {
      let ready: Response | undefined;
      for (let i = 0; i < 600 && !ready && child.exitCode === null; i++) {
        ready = await fetch(`${base}/api/health/ready`).catch(() => undefined);
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready?.status, output).toBe(503);
      expect(await ready!.json()).toEqual({ errors: { detail: MESSAGES.serviceStarting } });
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      // Calls are refused, not failed on tables that do not exist yet.
      const call = await fetch(`${base}/api/v1/showcase/`);
      expect(call.status).toBe(503);
      expect(await call.json()).toEqual({ errors: { detail: MESSAGES.serviceStarting } });
      // Still waiting a second later.
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(503);

      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      let status = 0;
      for (let i = 0; i < 600 && status !== 200; i++) {
        status = (await fetch(`${base}/api/health/ready`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status, output).toBe(200);
      // Now the call runs: a database without data has no showcase to show.
      const after = await fetch(`${base}/api/v1/showcase/`);
      expect(after.status).toBe(404);
      expect(await after.json()).not.toEqual({ errors: { detail: MESSAGES.serviceStarting } });
      const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    } finally {
      await lock.end();
    }
  }, 120_000);
});
