// `npm run bench:send` (issue #16): how fast a burst of registration codes goes out. BENCH_SEND_MESSAGES (200) texts
// are queued at once as `send` jobs; BENCH_SEND_PROCESSES (2) job engines — as many API processes, each with the
// default settings (JOBS_CONCURRENCY 1, JOBS_POLL_SECONDS 2) — send them to the local SMS.ru server
// (test/fake-smsru.ts), which takes BENCH_SEND_LATENCY_MS (150) to answer each, as SMS.ru's round trip does.
// Prints the seconds until the last one was taken and the rate, and checks each was taken exactly once.
//   TEST_DATABASE_URL=postgres://…/postgres npm run bench:send   (a database sms_bench_<pid> is made and dropped;
//   without TEST_DATABASE_URL the engines share an in-memory PGlite)
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { createDb, type DbHandle } from '../src/db/client';
import { Messenger } from '../src/lib/gateways/messages';
import { createProviders } from '../src/lib/gateways/providers';
import { DEFAULT_JOB_OPTIONS, JobEngine } from '../src/lib/jobs';
import { adminUrl } from './db-template';
import { FakeSmsRu } from './fake-smsru';

const MESSAGES = Number(process.env.BENCH_SEND_MESSAGES || 200);
const PROCESSES = Number(process.env.BENCH_SEND_PROCESSES || 2);
const LATENCY_MS = Number(process.env.BENCH_SEND_LATENCY_MS || 150);
const SECRET = 'bench-send-secret-'.padEnd(48, 'x');
const log = Fastify({ logger: false }).log;

const smsru = await new FakeSmsRu().start();
smsru.latencyMs = LATENCY_MS;
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `sms_bench_${process.pid}`;
let admin: DbHandle | undefined;
const handles: DbHandle[] = [];
if (pgUrl) {
  admin = await createDb({ databaseUrl: adminUrl(pgUrl), poolSize: 1 });
  await admin.db.execute(sql.raw(`create database "${dbName}"`));
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  for (let i = 0; i < PROCESSES; i++)
    handles.push(await createDb({ databaseUrl: u.toString(), poolSize: 2 }));
} else {
  const one = await createDb({ pgliteDir: 'memory://' });
  for (let i = 0; i < PROCESSES; i++) handles.push(one);
}

const engines: JobEngine[] = [];
const messengers: Messenger[] = [];
for (const handle of handles) {
  const engine = new JobEngine(handle, log, DEFAULT_JOB_OPTIONS);
  const providers = createProviders(
    {
      sms: 'smsru',
      call: 'outbox',
      mail: 'outbox',
      smsru: { apiId: smsru.apiId, url: smsru.url, test: false },
      timeoutMs: 5_000,
    },
    '/dev/null',
    log,
  );
  messengers.push(
    new Messenger(providers, engine, { db: handle.db, secret: SECRET, log, sendExpireSeconds: 35 }),
  );
  engines.push(engine);
  // One after the other: pg-boss's first install is not meant to race itself on a shared PGlite.
  await engine.start();
}

const numbers = Array.from({ length: MESSAGES }, (_, i) => `7990${String(1_000_000 + i).slice(-7)}`);
const started = performance.now();
await Promise.all(
  numbers.map((n, i) =>
    messengers[i % messengers.length]!.gateways.sms.send({
      to: `+${n}`,
      purpose: 'register',
      code: String(1000 + (i % 9000)),
      text: `Подбор: код подтверждения ${1000 + (i % 9000)}`,
    }),
  ),
);
const queued = performance.now() - started;
const deadline = started + 20 * 60_000;
while (smsru.seen.length < MESSAGES && performance.now() < deadline)
  await new Promise((r) => setTimeout(r, 50));
const took = (performance.now() - started) / 1000;
const counts = new Map<string, number>();
for (const r of smsru.seen) counts.set(r.params.to ?? '', (counts.get(r.params.to ?? '') ?? 0) + 1);
const once = numbers.filter((n) => counts.get(n) === 1).length;
console.log(
  `${MESSAGES} texts queued in ${queued.toFixed(0)} ms; ${smsru.seen.length} taken by SMS.ru in ${took.toFixed(1)} s ` +
    `(${(smsru.seen.length / took).toFixed(1)} per second) by ${PROCESSES} processes on ` +
    `${pgUrl ? 'PostgreSQL' : 'PGlite'}, ${LATENCY_MS} ms per answer; ${once} exactly once`,
);

for (const engine of engines) await engine.stop(1_000);
for (const handle of new Set(handles)) await handle.close();
if (admin) {
  await admin.db.execute(sql.raw(`drop database if exists "${dbName}" with (force)`));
  await admin.close();
}
await smsru.stop();
process.exit(once === MESSAGES ? 0 : 1);
