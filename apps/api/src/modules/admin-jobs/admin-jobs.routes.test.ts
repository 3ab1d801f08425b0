import { sql } from 'drizzle-orm';
import {
  JOB_MESSAGES,
  type AdminJobRetryResponse,
  type AdminJobsResponse,
  type ErrorBody,
} from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';
import { JobEngine, PermanentJobError, type JobEngineOptions } from '../../lib/jobs';
import { housekeeping } from '../../plugins/housekeeping';

// Issue #16: the back office's «Фоновые задачи» over the job engine, and housekeeping as a repeating job. The
// app's own engine stays off here (JOBS_ENABLED is off in tests); the engines are started by the test on the
// app's database, as API processes would be, so what they do is exactly what the API call reads.

const OPTIONS: JobEngineOptions = {
  concurrency: 1,
  poolSize: 2,
  pollingSeconds: 0.5,
  expireSeconds: 60,
  retryLimit: 0,
  retryDelaySeconds: 1,
};

let ctx: TestContext;
let admin: string;
let manager: string;
const engines: JobEngine[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await user(ctx, 'admin')).authorization;
  manager = (await user(ctx, 'manager')).authorization;
});
afterAll(async () => {
  for (const engine of engines) await engine.stop(1_000);
  await ctx?.close();
});

function engine(options: Partial<JobEngineOptions> = {}): JobEngine {
  const e = new JobEngine(ctx.handle, ctx.app.log, { ...OPTIONS, ...options });
  engines.push(e);
  return e;
}

const overview = () =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/v1/jobs/', headers: { authorization: admin } });
const retry = (id: string, who = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/v1/jobs/${id}/retry/`, headers: { authorization: who } });

/** The queue's latest failure as the overview lists it, once it has ended failed. */
async function failedJob(queue: string): Promise<AdminJobsResponse['failures'][number]> {
  let failure: AdminJobsResponse['failures'][number] | undefined;
  await until(async () => {
    failure = json<AdminJobsResponse>(await overview()).failures.find((f) => f.queue === queue);
    return failure?.state === 'failed';
  }, 15_000);
  return failure!;
}

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('background jobs in the back office', () => {
  it('is for administrators only, and shows nothing before any engine has run', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/v1/jobs/' })).statusCode).toBe(401);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/v1/jobs/',
      headers: { authorization: manager },
    });
    expect(refused.statusCode).toBe(403);
    const res = await overview();
    expect(res.statusCode).toBe(200);
    expect(json<AdminJobsResponse>(res)).toEqual({ queues: [], failures: [] });
  });

  it('two engines on one database sweep once per period, not once per process', async () => {
    const runs: string[] = [];
    const [a, b] = [engine(), engine()];
    for (const [e, name] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      e.register('housekeeping', async () => {
        runs.push(name);
        await housekeeping(ctx.handle.db, ctx.config, new Map(), ctx.app.log);
      });
      e.repeat('housekeeping', 1);
    }
    // One after the other: on PGlite both share one connection, and pg-boss's first install is not meant to race
    // itself there (two processes on PostgreSQL serialise it with a lock; the .pg test starts them at once).
    await a.start();
    await b.start();
    await new Promise((r) => setTimeout(r, 4_500));
    await Promise.all([a.stop(1_000), b.stop(1_000)]);
    const periods = await rows<{ singleton_on: string; n: number; state: string }>(
      ctx,
      sql`select singleton_on::text, count(*)::int as n, min(state::text) as state from pgboss.job
          where name = 'housekeeping' group by singleton_on order by singleton_on`,
    );
    // 1-second periods over 4.5 s: at least three of them, each with one sweep, done by one engine.
    expect(periods.length).toBeGreaterThanOrEqual(3);
    expect(periods.every((p) => Number(p.n) === 1)).toBe(true);
    expect(runs.length).toBe(periods.filter((p) => p.state === 'completed').length);
    const res = json<AdminJobsResponse>(await overview());
    const queue = res.queues.find((q) => q.name === 'housekeeping');
    expect(queue?.title).toMatch(/Обслуживание/);
    expect(queue?.counts.completed).toBe(runs.length);
    expect(queue?.counts.failed).toBe(0);
  });

  it('lists a failed job with its reason, runs it again on request, and only a failed one', async () => {
    let broken = true;
    const done: number[] = [];
    const e = engine();
    e.register('price-list', async ({ importId }) => {
      if (broken) throw new Error('Файл прайс-листа не найден');
      done.push(importId);
    });
    await e.start();
    // A queue nothing has been sent to yet is listed, with nothing in it.
    const empty = json<AdminJobsResponse>(await overview()).queues.find((q) => q.name === 'price-list');
    expect(empty?.counts).toEqual({ created: 0, retry: 0, active: 0, completed: 0, failed: 0 });
    await e.enqueue('price-list', { importId: 7 });
    const failure = await failedJob('price-list');
    expect(failure).toMatchObject({
      queue_title: 'Импорт прайс-листов',
      error: 'Файл прайс-листа не найден',
      attempts: 1,
      retry_at: null,
    });
    expect(failure.failed_at).not.toBeNull();
    const before = json<AdminJobsResponse>(await overview()).queues.find((q) => q.name === 'price-list');
    expect(before?.counts).toMatchObject({ failed: 1, completed: 0 });

    expect((await retry(failure.id, manager)).statusCode).toBe(403);
    broken = false;
    const res = await retry(failure.id);
    expect(res.statusCode).toBe(200);
    expect(json<AdminJobRetryResponse>(res)).toEqual({
      id: failure.id,
      queue: 'price-list',
      state: 'retry',
    });
    await until(() => done.length > 0, 15_000);
    expect(done).toEqual([7]);
    await until(async () => {
      const q = json<AdminJobsResponse>(await overview()).queues.find((x) => x.name === 'price-list');
      return q?.counts.completed === 1;
    }, 5_000);
    const after = json<AdminJobsResponse>(await overview());
    expect(after.failures.filter((f) => f.queue === 'price-list')).toEqual([]);
    expect(after.queues.find((q) => q.name === 'price-list')?.counts).toMatchObject({
      failed: 0,
      completed: 1,
    });
    const [audit] = await rows<{ action: string; entity_id: string }>(
      ctx,
      sql`select action, entity_id from audit_log where entity = 'job' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'job.retry', entity_id: failure.id });

    // Done by now: not failed any more, so not retried again.
    const again = await retry(failure.id);
    expect(again.statusCode).toBe(404);
    expect(json<ErrorBody>(again).errors.detail).toBe(JOB_MESSAGES.notFound);
    // Not an id at all: an unknown address, as every malformed path parameter.
    expect((await retry('not-a-job')).statusCode).toBe(404);
  });

  it('a job that fails for good (PermanentJobError) ends failed at once despite its retries, and can be retried', async () => {
    let refuse = true;
    const runs: boolean[] = [];
    const e = engine({ retryLimit: 5 });
    e.register('import', async (_data, job) => {
      runs.push(job.lastAttempt);
      if (refuse)
        throw new PermanentJobError('SMS.ru sms/send: 207 На этот номер нельзя отправлять сообщения');
    });
    await e.start();
    await e.enqueue('import', { importId: 9 });
    const failure = await failedJob('import');
    expect(failure).toMatchObject({
      error: 'SMS.ru sms/send: 207 На этот номер нельзя отправлять сообщения',
      attempts: 1,
      retry_at: null,
    });
    expect(runs).toEqual([false]);
    refuse = false;
    expect((await retry(failure.id)).statusCode).toBe(200);
    await until(() => runs.length === 2, 15_000);
    // The admin's retry is one more attempt: the job's last.
    expect(runs).toEqual([false, true]);
    await until(async () => {
      const q = json<AdminJobsResponse>(await overview()).queues.find((x) => x.name === 'import');
      return q?.counts.completed === 1 && q.counts.failed === 0;
    }, 5_000);
  });
});
