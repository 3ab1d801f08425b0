import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
// provider that keeps failing is reported after the last retry. The job table holds the text sealed.

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
let dir: string;
const logLines: string[] = [];

function createMessenger(engineOf: JobEngine, secret: string): Messenger {
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
      sms: 'smsru',
      call: 'smsru',
      mail: 'outbox',
      smsru: { apiId: smsru.apiId, url: smsru.url, test: false },
      timeoutMs: 300,
    },
    path.join(dir, 'outbox.jsonl'),
    log,
  );
  return new Messenger(providers, engineOf, { db: handle.db, secret, log });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'podbor-messages-'));
  smsru = await new FakeSmsRu().start();
  handle = await createDb({ pgliteDir: 'memory://' });
  engine = new JobEngine(handle, Fastify({ logger: false }).log, OPTIONS);
  messenger = createMessenger(engine, SECRET);
  await engine.start();
});
afterAll(async () => {
  await engine?.stop(1_000);
  await handle?.close();
  await smsru?.stop();
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

async function jobsFor(masked: string): Promise<{ state: string; data: SendJob }[]> {
  const result = await handle.db.execute<{ state: string; data: SendJob }>(
    sql`select state::text as state, data from pgboss.job where name = 'send' and data->>'to' = ${masked}`,
  );
  return result.rows;
}

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
    expect(performance.now() - started).toBeLessThan(1_000);
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
    expect(await counter('podbor_api_messages_sent_total', { channel: 'mail', provider: 'outbox' })).toBe(
      before + 1,
    );
  });
});
