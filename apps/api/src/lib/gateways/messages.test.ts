import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsc } from '../../../test/fake-smsc';
import { FakeSmsRu } from '../../../test/fake-smsru';
import { createDb, type DbHandle } from '../../db/client';
import { JobEngine, type JobEngineOptions } from '../jobs';
import { metricsRegistry } from '../metrics';
import { Messenger, type SendJob } from './messages';
import { maskRecipient, type OutboxEntry } from './outbox';
import { createProviders } from './providers';

// Issue #16: texts go out as `send` jobs on the job engine (pg-boss on an in-memory PGlite here, retries 1–2 s then
// 2–4 s apart) to the local SMS.ru server. A transient failure is retried and the text sent once; a permanent one
// is not retried and is reported (log line with the masked number, never the code; the failed counter); a
// provider that keeps failing is reported after the last retry. The job table holds the text sealed. Through SMSC,
// a run that follows one whose request had no answer (a process stopped mid-request, a timeout) asks SMSC first:
// each text exactly once.

const OPTIONS: JobEngineOptions = {
  concurrency: 1,
  poolSize: 1,
  pollingSeconds: 0.5,
  expireSeconds: 60,
  retryLimit: 2,
  retryDelaySeconds: 1,
};
const SECRET = 'messages-test-secret-'.padEnd(48, 'x');

let handle: DbHandle;
let engine: JobEngine;
let messenger: Messenger;
let smsru: FakeSmsRu;
let smsc: FakeSmsc;
let dir: string;
const logLines: string[] = [];
const ownHandles: DbHandle[] = [];

function createMessenger(
  engineOf: JobEngine,
  secret: string,
  timeoutMs = 300,
  db: DbHandle = handle,
  sms: 'smsru' | 'smsc' = 'smsru',
): Messenger {
  const log = Fastify({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk: Buffer, _enc, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
  }).log;
  const providers = createProviders(
    {
      sms,
      call: 'smsru',
      mail: 'outbox',
      smsru: { apiId: smsru.apiId, url: smsru.url, test: false },
      smsc: { login: smsc.login, password: smsc.password, url: smsc.url },
      timeoutMs,
    },
    path.join(dir, 'outbox.jsonl'),
    log,
  );
  return new Messenger(providers, engineOf, { db: db.db, secret, log, sendExpireSeconds: 60 });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'podbor-messages-'));
  smsru = await new FakeSmsRu().start();
  smsc = await new FakeSmsc().start();
  handle = await createDb({ pgliteDir: 'memory://' });
  engine = new JobEngine(handle, Fastify({ logger: false }).log, OPTIONS);
  messenger = createMessenger(engine, SECRET);
  await engine.start();
});
afterAll(async () => {
  await engine?.stop(1_000);
  await handle?.close();
  await smsru?.stop();
  await smsc?.stop();
  await pause(200);
  for (const own of ownHandles) await own.close();
  rmSync(dir, { recursive: true, force: true });
});

async function counter(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const found = values.find((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want));
  return found?.value ?? 0;
}
const sent = () => counter('podbor_api_messages_sent_total', { channel: 'sms', provider: 'smsru' });
const failed = (reason: string) => counter('podbor_api_messages_failed_total', { channel: 'sms', reason });

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
function phone(): { to: string; digits: string } {
  seq += 1;
  const digits = `791100000${String(seq).padStart(2, '0')}`;
  return { to: `+${digits}`, digits };
}

async function jobsFor(
  masked: string,
): Promise<{ id: string; state: string; data: SendJob; error: string | null }[]> {
  const result = await handle.db.execute<{ id: string; state: string; data: SendJob; error: string | null }>(
    sql`select id::text, state::text as state, data, output->>'message' as error
          from pgboss.job where name = 'send' and data->>'to' = ${masked}`,
  );
  return result.rows;
}
const jobFailures = () => counter('podbor_api_job_failures_total', { queue: 'send' });

describe('sending on the job engine', () => {
  it('a transient failure (HTTP 503) is retried, and the text is sent once', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'unavailable');
    const [sentBefore, failedBefore] = [await sent(), await failed('retries_exhausted')];
    const started = performance.now();
    await messenger.gateways.sms.send({
      to,
      purpose: 'register',
      code: '5678',
      text: 'Подбор: код подтверждения 5678',
    });
    // Queuing is a row in the database: no provider is waited for.
    expect(performance.now() - started).toBeLessThan(3_000);
    await until(() => smsru.for(digits).some((r) => r.behaviour === 'ok'), 15_000);
    await pause(2_500); // time for a second send to show up, were the job run again
    expect(smsru.for(digits).map((r) => r.behaviour)).toEqual(['unavailable', 'ok']);
    expect(await sent()).toBe(sentBefore + 1);
    expect(await failed('retries_exhausted')).toBe(failedBefore);
  });

  it('keeps the text sealed in the job table: neither the code nor the number are readable there', async () => {
    const { to, digits } = phone();
    await messenger.gateways.sms.send({
      to,
      purpose: 'register',
      code: '2468',
      text: 'Подбор: код подтверждения 2468',
    });
    const masked = maskRecipient(to);
    await until(async () => (await jobsFor(masked)).length === 1, 5_000);
    const [job] = await jobsFor(masked);
    const stored = JSON.stringify(job!.data);
    expect(stored).not.toContain('2468');
    expect(stored).not.toContain(digits.slice(1));
    expect(job!.data).toMatchObject({ channel: 'sms', purpose: 'register', to: masked });
    // The app's secret opens it; another secret does not, nor does a job whose clear fields were changed.
    expect(messenger.open(job!.data)).toEqual({
      channel: 'sms',
      message: { to, purpose: 'register', code: '2468', text: 'Подбор: код подтверждения 2468' },
    });
    const stranger = createMessenger(
      new JobEngine(handle, Fastify({ logger: false }).log, OPTIONS),
      'another'.padEnd(48, 'y'),
    );
    expect(() => stranger.open(job!.data)).toThrow();
    expect(() => messenger.open({ ...job!.data, purpose: 'order_ready' })).toThrow();
  });

  it('a permanent refusal is not retried and is reported with the masked number, never the code', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'refused');
    const before = await failed('permanent');
    logLines.length = 0;
    await messenger.gateways.sms.send({
      to,
      purpose: 'register',
      code: '9753',
      text: 'Подбор: код подтверждения 9753',
    });
    await until(async () => (await failed('permanent')) === before + 1, 10_000);
    await pause(3_500); // longer than the first retry delay (1–2 s) and a poll
    expect(smsru.for(digits)).toHaveLength(1);
    const report = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.event === 'message_failed');
    expect(report).toMatchObject({
      level: 50,
      channel: 'sms',
      purpose: 'register',
      to: maskRecipient(to),
      provider: 'smsru',
      reason: 'permanent',
      msg: 'message not delivered',
    });
    expect(String(report?.detail)).toContain('207');
    expect(logLines.join('\n')).not.toContain('9753');
    expect(logLines.join('\n')).not.toContain(digits);
    // The job ended failed (not «completed»), at its first attempt, with the provider's answer as its reason.
    const [job] = await jobsFor(maskRecipient(to));
    expect(job).toMatchObject({ state: 'failed' });
    expect(job!.error).toContain('207');
  });

  it('a refused text is a failed job with its reason, counted, and sent when an admin retries it', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'refused');
    const failuresBefore = await jobFailures();
    await messenger.gateways.sms.send({ to, purpose: 'order_ready', text: 'Заказ №77 готов к выдаче' });
    const masked = maskRecipient(to);
    await until(async () => (await jobsFor(masked))[0]?.state === 'failed', 10_000);
    const [job] = await jobsFor(masked);
    expect(await jobFailures()).toBe(failuresBefore + 1);
    // What «Фоновые задачи» lists (admin-jobs.service reads pg-boss's row; its route test shows such a job).
    expect(job).toMatchObject({ state: 'failed', error: expect.stringContaining('SMS.ru sms/send: 207') });
    // The number was put right at SMS.ru (the script is used up: the next request is answered OK).
    // What «Повторить» does (admin-jobs.service; the route itself is tested in admin-jobs.routes.test.ts).
    expect(await handle.db.transaction((tx) => engine.retry('send', job!.id, tx))).toBe(true);
    await until(async () => (await jobsFor(masked))[0]?.state === 'completed', 15_000);
    expect(smsru.for(digits).map((r) => r.behaviour)).toEqual(['refused', 'ok']);
  });

  it('a provider that never answers is tried 1 + 2 times, then reported and the job ends failed', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'hang', 'hang', 'hang');
    const before = await failed('retries_exhausted');
    await messenger.gateways.sms.send({ to, purpose: 'order_ready', text: 'Заказ №1 готов к выдаче' });
    await until(async () => (await failed('retries_exhausted')) === before + 1, 20_000);
    expect(smsru.for(digits).map((r) => r.behaviour)).toEqual(['hang', 'hang', 'hang']);
    await until(async () => (await jobsFor(maskRecipient(to)))[0]?.state === 'failed', 5_000);
  });

  it('the outbox (the default provider) gets its line from the job, in the same format as before', async () => {
    const file = path.join(dir, 'outbox.jsonl');
    const read = (): OutboxEntry[] =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as OutboxEntry)
        : [];
    const before = await counter('podbor_api_messages_sent_total', { channel: 'mail', provider: 'outbox' });
    await messenger.gateways.mail.send({
      to: 'petr@example.ru',
      purpose: 'email',
      code: '1357',
      subject: 'Подбор: подтверждение e-mail',
      text: 'Код: 1357',
    });
    await until(() => read().some((e) => e.to === 'petr@example.ru'), 5_000);
    expect(read().find((e) => e.to === 'petr@example.ru')).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      to: 'petr@example.ru',
      purpose: 'email',
      code: '1357',
      text: 'Подбор: подтверждение e-mail\n\nКод: 1357',
    });
    // The job counts the message once the outbox has it: wait for the count as for the line (it failed once in CI,
    // read between the two).
    const sent = () => counter('podbor_api_messages_sent_total', { channel: 'mail', provider: 'outbox' });
    await until(async () => (await sent()) >= before + 1, 5_000).catch(() => {});
    expect(await sent()).toBe(before + 1);
  });

  it('a process stopped while SMS.ru was being asked: the next run sends again (at least once), and counts it', async () => {
    const { to, digits } = phone();
    smsru.script(digits, 'hang');
    // A database of its own, so that process A is the only one to take the job. A's request to SMS.ru hangs (a
    // provider timeout far away) and A stops mid-way: pg-boss fails the running job back to the queue, as
    // expiry does for a SIGKILLed process's. Process B then takes the job.
    const own = await createDb({ pgliteDir: 'memory://' });
    const a = new JobEngine(own, Fastify({ logger: false }).log, OPTIONS);
    const messengerA = createMessenger(a, SECRET, 30_000, own);
    await a.start();
    await messengerA.gateways.sms.send({ to, purpose: 'register', code: '1122', text: 'Подбор: код 1122' });
    await until(() => smsru.for(digits).length === 1, 10_000);
    await a.stop(200);
    const b = new JobEngine(own, Fastify({ logger: false }).log, OPTIONS);
    createMessenger(b, SECRET, 300, own);
    await b.start();
    const jobs = async () =>
      (
        await own.db.execute<{ state: string; progress: Record<string, unknown> }>(
          sql`select state::text, data->'_progress' as progress from pgboss.job where name = 'send'`,
        )
      ).rows;
    try {
      await until(async () => (await jobs())[0]?.state === 'completed', 15_000);
      // Whether A's request had reached SMS.ru is unknown to B: it sends again, and the job says a send was cut.
      expect(smsru.for(digits).map((r) => r.behaviour)).toEqual(['hang', 'ok']);
      expect((await jobs())[0]!.progress).toMatchObject({ cutOff: 1, sentAt: expect.any(String) });
    } finally {
      await b.stop(200);
      // Closed after the provider server: A's hung request ends with it, and A's run must find its database.
      ownHandles.push(own);
    }
  });

  it("a job whose earlier run got SMS.ru's OK but was not completed is completed without a second send", async () => {
    const { to, digits } = phone();
    const sealed = messenger.seal({
      channel: 'sms',
      message: { to, purpose: 'order_ready', text: 'Заказ №5 готов к выдаче' },
    });
    const at = new Date().toISOString();
    // What a run killed between the provider's answer and the job's completion leaves in the job's row.
    await engine.enqueue('send', {
      ...sealed,
      _progress: { askedAt: at, answeredAt: at, sentAt: at },
    } as SendJob);
    await until(async () => (await jobsFor(maskRecipient(to)))[0]?.state === 'completed', 10_000);
    expect(smsru.for(digits)).toHaveLength(0);
  });
});

describe('sending through SMSC: exactly once', () => {
  /**
   * Process A's engine takes the job and its request to SMSC gets no answer (`behaviour`); A stops mid-way and
   * pg-boss fails the running job back to the queue, as expiry does for a SIGKILLed process's. Process B then takes
   * the job. Returns the job's progress once B completed it.
   */
  async function cutOffThenResumed(digits: string, to: string, behaviour: 'hang' | 'lost') {
    smsc.script(digits, behaviour);
    const own = await createDb({ pgliteDir: 'memory://' });
    const a = new JobEngine(own, Fastify({ logger: false }).log, OPTIONS);
    const messengerA = createMessenger(a, SECRET, 30_000, own, 'smsc');
    await a.start();
    await messengerA.gateways.sms.send({ to, purpose: 'register', code: '3344', text: 'Подбор: код 3344' });
    await until(() => smsc.for(digits).length === 1, 10_000);
    await a.stop(200);
    const b = new JobEngine(own, Fastify({ logger: false }).log, OPTIONS);
    createMessenger(b, SECRET, 300, own, 'smsc');
    await b.start();
    const jobs = async () =>
      (
        await own.db.execute<{ state: string; progress: Record<string, unknown> }>(
          sql`select state::text, data->'_progress' as progress from pgboss.job where name = 'send'`,
        )
      ).rows;
    try {
      await until(async () => (await jobs())[0]?.state === 'completed', 15_000);
      await pause(1_000); // time for a second text to show up, were one sent
      return (await jobs())[0]!.progress;
    } finally {
      await b.stop(200);
      ownHandles.push(own);
    }
  }

  it('a process stopped after SMSC took the text: the next run finds it there and sends nothing', async () => {
    const { to, digits } = phone();
    const progress = await cutOffThenResumed(digits, to, 'hang');
    expect(smsc.for(digits).map((r) => r.path)).toEqual(['sys/send.php', 'sys/status.php']);
    expect(smsc.textsTo(digits)).toHaveLength(1);
    expect(progress).toMatchObject({ cutOff: 1, foundAt: expect.any(String), sentAt: expect.any(String) });
  });

  it('a process stopped before its request reached SMSC: the next run does not find it and sends it, once', async () => {
    const { to, digits } = phone();
    const progress = await cutOffThenResumed(digits, to, 'lost');
    expect(smsc.for(digits).map((r) => r.path)).toEqual(['sys/send.php', 'sys/status.php', 'sys/send.php']);
    expect(smsc.textsTo(digits)).toHaveLength(1);
    expect(progress).toMatchObject({ cutOff: 1, sentAt: expect.any(String) });
    expect(progress).not.toHaveProperty('foundAt');
  });

  /** A process of its own (its own database and engine) that sends through SMSC. */
  async function smscProcess() {
    const own = await createDb({ pgliteDir: 'memory://' });
    ownHandles.push(own);
    const ownEngine = new JobEngine(own, Fastify({ logger: false }).log, OPTIONS);
    const via = createMessenger(ownEngine, SECRET, 300, own, 'smsc');
    await ownEngine.start();
    const job = async () =>
      (
        await own.db.execute<{ state: string; error: string | null }>(
          sql`select state::text, output->>'message' as error from pgboss.job where name = 'send'`,
        )
      ).rows[0];
    return { via, job, stop: () => ownEngine.stop(200) };
  }

  it('a send that timed out (SMSC took it, the answer came too late) is retried as a lookup, not a second text', async () => {
    const { to, digits } = phone();
    smsc.script(digits, 'hang');
    const { via, job, stop } = await smscProcess();
    const sentBefore = await counter('podbor_api_messages_sent_total', { channel: 'sms', provider: 'smsc' });
    try {
      await via.gateways.sms.send({ to, purpose: 'order_ready', text: 'Заказ №7 готов к выдаче' });
      await until(async () => (await job())?.state === 'completed', 15_000);
    } finally {
      await stop();
    }
    expect(smsc.for(digits).map((r) => r.path)).toEqual(['sys/send.php', 'sys/status.php']);
    expect(smsc.textsTo(digits)).toHaveLength(1);
    expect(await counter('podbor_api_messages_sent_total', { channel: 'sms', provider: 'smsc' })).toBe(
      sentBefore + 1,
    );
  });

  it('a permanent refusal (a bad number) ends the job failed, without retries', async () => {
    const { to, digits } = phone();
    smsc.script(digits, 'error-7');
    const { via, job, stop } = await smscProcess();
    try {
      await via.gateways.sms.send({ to, purpose: 'order_ready', text: 'Заказ №8 готов к выдаче' });
      await until(async () => (await job())?.state === 'failed', 15_000);
      expect((await job())!.error).toContain('SMSC send.php: error 7');
    } finally {
      await stop();
    }
    expect(smsc.for(digits)).toHaveLength(1);
  });
});
