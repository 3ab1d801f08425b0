// `npm run bench:1c` (issue #15): a CommerceML package of 200,000 products (import.xml + offers.xml, two warehouses,
// two price types) sent to the 1C exchange the way 1C sends it — checkauth, init, the files in parts of file_limit,
// import repeated while it answers progress — against PostgreSQL (DATABASE_URL, a database it may seed and fill).
// Prints the time of each file and the API process's peak RSS (the app runs in this process).
//   DATABASE_URL=postgres://… npm run bench:1c [-- --products 200000]
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { importXml, offersXml } from './commerceml-fixtures';

const { values: args } = parseArgs({ options: { products: { type: 'string', default: '200000' } } });
const count = Number(args.products);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench:1c measures PostgreSQL: set DATABASE_URL (a database it may seed and fill).');
  process.exit(1);
}

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 100);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-bench-1c-'));

console.log('seeding the shop (branches, warehouses) if the database is empty…');
execFileSync('npx', ['tsx', 'apps/api/src/cli/seed.ts', '--if-empty', '--products', '2000'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});

const handle = await createDb({ databaseUrl, poolSize: 10 });
await migrate(handle);
const config = loadConfig(
  {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    // Records per import call can be tried out: EXCHANGE_1C_BATCH=10000 npm run bench:1c
    ...(process.env.EXCHANGE_1C_BATCH ? { EXCHANGE_1C_BATCH: process.env.EXCHANGE_1C_BATCH } : {}),
  },
  {
    jwtSecret: 'bench-only-secret-'.padEnd(40, 'x'),
  },
);
const app = await buildApp({ config, handle });
await app.ready();

const phone = '+79990001C01'.replace('C', '0');
const password = 'bench-1c-exchange-password';
await handle.db.execute(
  sql`insert into users (phone_number, password_hash, is_active, role) values (${phone}, ${await hashPassword(password)}, true, 'admin')
      on conflict do nothing`,
);
await handle.db
  .execute(sql`update users set role = 'admin', is_active = true, password_hash = ${await hashPassword(password)}
                            where phone_number = ${phone}`);
const { rows: whs } = await handle.db.execute<{ id: number }>(
  sql`select id from warehouses order by id limit 2`,
);
await handle.db.execute(
  sql`update warehouses set external_id = null where external_id in ('bench-wh-1', 'bench-wh-2')`,
);
for (const [k, w] of whs.entries())
  await handle.db.execute(sql`update warehouses set external_id = ${`bench-wh-${k + 1}`} where id = ${w.id}`);
const warehouses = whs.map((_w, k) => ({ id: `bench-wh-${k + 1}`, title: `Склад ${k + 1}` }));

async function writeFile(name: string, parts: Iterable<string>): Promise<string> {
  const file = path.join(dataDir, name);
  const out = createWriteStream(file);
  for (const part of parts) if (!out.write(part)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return file;
}
console.log(`generating ${count} products…`);
const files = {
  'import.xml': await writeFile('gen-import.xml', importXml({ count })),
  'offers.xml': await writeFile('gen-offers.xml', offersXml({ count, warehouses })),
};

let cookie = '';
async function call(mode: string, extra: Record<string, string> = {}, body?: Buffer, auth?: string) {
  const res = await app.inject({
    method: body ? 'POST' : 'GET',
    url: `/api/exchange/1c/?${new URLSearchParams({ type: 'catalog', mode, ...extra })}`,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/octet-stream' } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
  return res.body.split('\n');
}

const loadAtStart = os.loadavg()[0]!.toFixed(1);
const started = performance.now();
const auth = await call(
  'checkauth',
  {},
  undefined,
  `Basic ${Buffer.from(`${phone}:${password}`).toString('base64')}`,
);
if (auth[0] !== 'success') throw new Error(auth.join(' '));
cookie = `${auth[1]}=${auth[2]}`;
const init = await call('init');
const limit = Number(init.find((l) => l.startsWith('file_limit='))?.split('=')[1]);
for (const [name, file] of Object.entries(files)) {
  const t0 = performance.now();
  const fh = await open(file, 'r');
  const buffer = Buffer.alloc(limit);
  for (;;) {
    const { bytesRead } = await fh.read(buffer, 0, limit);
    if (bytesRead === 0) break;
    const answer = await call('file', { filename: name }, Buffer.from(buffer.subarray(0, bytesRead)));
    if (answer[0] !== 'success') throw new Error(answer.join(' '));
  }
  await fh.close();
  const t1 = performance.now();
  // The calls of one file: the first reads it into staging, the middle ones apply a batch each, the last finishes
  // (a full package switches off what it left out; import.xml rebuilds the search dictionary).
  const times: number[] = [];
  let answer: string[];
  do {
    const c0 = performance.now();
    answer = await call('import', { filename: name });
    times.push(performance.now() - c0);
  } while (answer[0] === 'progress');
  const t2 = performance.now();
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const batches = times.slice(1, -1);
  console.log(
    `${name}: upload ${s(t1 - t0)}, import ${s(t2 - t1)} in ${times.length} calls → ${answer[0]}\n` +
      `  read into staging ${s(times[0] ?? 0)}; ${batches.length} batches ${s(batches.reduce((a, b) => a + b, 0))}` +
      ` (slowest ${s(Math.max(0, ...batches))}, first ${s(batches[0] ?? 0)}, last ${s(batches[batches.length - 1] ?? 0)});` +
      ` finish ${s(times[times.length - 1] ?? 0)}`,
  );
  if (answer[0] !== 'success') console.log(answer.join('\n'));
}
const total = (performance.now() - started) / 1000;
clearInterval(sampler);
// The machine is shared: the load average says how much of it the run had (2 cores: above 2, others waited too).
const load = os.loadavg().map((l) => l.toFixed(1));
console.log(
  `${count} products, import.xml + offers.xml: ${total.toFixed(1)} s (budget 300 s) — peak RSS ${mb(peak)}` +
    ` — load average ${loadAtStart} at the start, ${load.join(' / ')} (1/5/15 min) at the end`,
);
await app.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(total <= 300 ? 0 : 1);
