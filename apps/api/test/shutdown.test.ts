import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, closeApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type DbHandle } from '../src/db/client';
import { adminUrl, templateName } from './db-template';

// Issue #16, graceful shutdown: a stopping process (server.ts on SIGTERM runs closeApp) answers the requests in
// flight and lets route handlers finish — also those whose client has gone, as a bench's connections at its end —
// before the database pool is closed. Before, close() resolved with such a handler still awaiting the database,
// and the pool's end() under it gave "Cannot use a pool after calling end". On the PostgreSQL of TEST_DATABASE_URL
// when set (test:e2e), on PGlite otherwise.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-shutdown-'));
const pgUrl = process.env.TEST_DATABASE_URL;
let admin: DbHandle | undefined;
let dbName: string | undefined;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName) await admin?.db.execute(sql.raw(`drop database if exists "${dbName}" with (force)`));
  await admin?.close();
});

/** A database of its own on PostgreSQL (a copy of the migrated, seeded template), or an in-memory PGlite. */
async function database(): Promise<DbHandle> {
  if (!pgUrl) return createDb({ pgliteDir: 'memory://' });
  admin = await createDb({ databaseUrl: adminUrl(pgUrl), poolSize: 1 });
  dbName = `shutdown_${randomBytes(4).toString('hex')}`;
  await admin.db.execute(sql.raw(`create database "${dbName}" template "${templateName(pgUrl)}"`));
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  return createDb({ databaseUrl: u.toString(), poolSize: 2 });
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown', () => {
  it('a slow request in flight when the process stops completes with 200, and a handler whose client left finishes its queries', async () => {
    const handle = await database();
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      { jwtSecret: 'shutdown-test-secret-'.padEnd(48, 'x') },
    );
    const app = await buildApp({ config, handle });
    const outcomes: string[] = [];
    // Each client's handler says when it has begun, so the test acts on handlers running, not on a guess of timing.
    const begun = new Map<string, () => void>();
    const began = (client: string) => new Promise<void>((resolve) => begun.set(client, resolve));
    const staysBegan = began('stays');
    const leavesBegan = began('leaves');
    // A handler that holds its request for a while (x-delay ms), then uses the database — as a slow listing does.
    app.get('/slow', async (request) => {
      begun.get(String(request.headers['x-client']))?.();
      await pause(Number(request.headers['x-delay']));
      try {
        const { rows } = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
        outcomes.push(`${request.headers['x-client']}: ${rows[0]?.one}`);
      } catch (err) {
        outcomes.push(`${request.headers['x-client']}: ${(err as Error).message}`);
      }
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/slow`;

    const stays = fetch(url, { headers: { 'x-client': 'stays', 'x-delay': '400' } });
    // The client that leaves: its connection is closed once its handler runs, which waits longer than the other's.
    const leaving = get(url, { headers: { 'x-client': 'leaves', 'x-delay': '1500' } });
    leaving.on('error', () => undefined);
    await leavesBegan;
    leaving.destroy();
    await staysBegan;
    await pause(50);

    const closed = closeApp(app, handle);
    const res = await stays;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await closed;
    // Both handlers ran their query on an open pool: closeApp closed it only after they were done.
    expect(outcomes.sort()).toEqual(['leaves: 1', 'stays: 1']);
  });
});
