import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client';
import { JobEngine, type JobEngineOptions } from '../src/lib/jobs';
import { adminUrl } from './db-template';

// Issue #15: the job engine over PostgreSQL. Two engines (as two API processes would have) share one database:
// every job runs exactly once, both take work, a failing job is retried with backoff, and jobs queued while no
// engine ran are done by the next one to start (they live in the database, not in a process).
// `*.pg.test.ts` files need TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL;
const OPTIONS: JobEngineOptions = {
  concurrency: 2,
  poolSize: 3,
  pollingSeconds: 0.5,
  expireSeconds: 60,
  retryLimit: 3,
  retryDelaySeconds: 1,
};
const log = Fastify({ logger: false }).log;

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(pgUrl)('job engine on PostgreSQL', () => {
  let admin: DbHandle;
  let dbName: string;
  const handles: DbHandle[] = [];
  const engines: JobEngine[] = [];

  beforeAll(async () => {
    admin = await createDb({ databaseUrl: adminUrl(pgUrl!), poolSize: 1 });
    dbName = `podbor_jobs_${randomBytes(5).toString('hex')}`;
    await admin.db.execute(sql.raw(`create database "${dbName}"`));
  });
  afterAll(async () => {
    for (const engine of engines) await engine.stop(1_000);
    for (const handle of handles) await handle.close();
    await admin?.db.execute(sql.raw(`drop database if exists "${dbName}" with (force)`));
    await admin?.close();
  });

  async function engine(handler: (importId: number, name: string) => Promise<void>, name: string) {
    const u = new URL(pgUrl!);
    u.pathname = `/${dbName}`;
    const handle = await createDb({ databaseUrl: u.toString(), poolSize: 2 });
    handles.push(handle);
    const e = new JobEngine(handle, log, OPTIONS);
    e.register('import', async ({ importId }) => handler(importId, name));
    engines.push(e);
    return e;
  }

  // First in the file, while no queue exists yet: API processes started together create the same queues at once,
  // and PostgreSQL breaks the deadlock that makes by aborting one of them (CI saw `deadlock detected` here).
  it('four engines started at once all start, each creating the same queues', async () => {
    const four = await Promise.all(
      ['p', 'q', 'r', 's'].map(async (name) => {
        const e = await engine(async () => undefined, name);
        e.register('price-list', async () => undefined);
        e.register('send', async () => undefined);
        e.register('housekeeping', async () => undefined);
        return e;
      }),
    );
    await Promise.all(four.map((e) => e.start()));
    for (const e of four) await e.stop(1_000);
  });

  it('two engines on one database run each job once, and both take work', async () => {
    const runs: { id: number; by: string }[] = [];
    const work = async (id: number, by: string) => {
      await new Promise((r) => setTimeout(r, 30));
      runs.push({ id, by });
    };
    const [a, b] = [await engine(work, 'a'), await engine(work, 'b')];
    // Both start at once: pg-boss creates its schema under its own lock.
    await Promise.all([a.start(), b.start()]);
    for (let id = 1; id <= 40; id++) await (id % 2 ? a : b).enqueue('import', { importId: id });
    await until(() => runs.length >= 40, 30_000);
    await new Promise((r) => setTimeout(r, 1_500)); // time for any duplicate to show up
    expect(runs.map((r) => r.id).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(runs.map((r) => r.by))).toEqual(new Set(['a', 'b']));
    await Promise.all([a.stop(1_000), b.stop(1_000)]);
  });

  it('retries a failing job, and a job queued while no engine runs is done by the next one started', async () => {
    const attempts = new Map<number, number>();
    const done: number[] = [];
    const flaky = async (id: number) => {
      const n = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, n);
      if (id === 100 && n < 3) throw new Error('database hiccup');
      done.push(id);
    };
    const first = await engine(flaky, 'first');
    await first.start();
    await first.enqueue('import', { importId: 100 });
    await until(() => done.includes(100), 20_000);
    expect(attempts.get(100)).toBe(3);
    // Queued, then the only engine stops before taking it (a deploy): the next process's engine does it.
    await first.enqueue('import', { importId: 101 });
    await first.stop(1_000);
    const next = await engine(flaky, 'next');
    await next.start();
    await until(() => done.includes(101), 20_000);
    expect(done.filter((id) => id === 101)).toHaveLength(1);
  });
});
