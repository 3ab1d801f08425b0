// `npm run bench:price-list-import` (issue #15): a supplier's price list of 1,000,000 lines imported through the real
// job path (upload → `price-list` job → offers) on PostgreSQL (DATABASE_URL: a database with the catalogue, e.g. a
// copy of the 200k-product bench database). Generates a UTF-8 `;` CSV from the catalogue's own articles and brands
// (most lines match; some name unknown articles or brands; products repeat, as in real lists), starts the built API
// with the job engine, uploads the file as a signed-in admin and waits for the run. Prints seconds, lines/s, the API
// process's peak RSS (VmHWM) and the catalogue listing's p95 idle vs during the import.
//   npm run bench:price-list-import [-- --lines 1000000 --unmatched 0.1 --requests 100 --keep]
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { singleRequestRun } from './bench-inputs.mjs';
import {
  API_ARGS,
  log,
  mtime,
  newestMtime,
  nodeBin,
  npmCmd,
  root,
  run,
  startChild,
  waitForHttp,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    lines: { type: 'string', default: '1000000' },
    unmatched: { type: 'string', default: '0.1' },
    requests: { type: 'string', default: '100' },
    keep: { type: 'boolean', default: false },
  },
});

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:price-list-import measures PostgreSQL: set DATABASE_URL (a database with the catalogue).',
  );
  process.exit(1);
}

const sources = newestMtime(['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
if (mtime('apps/api/dist/server.js') < sources) run(npmCmd, ['run', 'build', '-w', '@podbor/api']);

const port = process.env.BENCH_PORT || '4202';
const dataDir = path.join(root, 'data', 'bench-price-list-import');
const env = {
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: dataDir,
  API_PORT: port,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-only-secret-'.padEnd(40, 'x'),
  JOBS_ENABLED: 'true',
  JOBS_POLL_SECONDS: '0.5',
};

// ---- the file: the catalogue's articles and brands ----
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const catalogue = (
  await client.query(
    `select p.article, m.title as brand from products p join manufacturers m on m.id = p.manufacturer_id
     where p.article_normalized <> ''`,
  )
).rows;
const slugs = (
  await client.query(
    `select c.slug from categories c where exists (select 1 from products p where p.category_id = c.id and p.is_active)
     order by (select count(*) from products p where p.category_id = c.id) desc limit 20`,
  )
).rows.map((r) => r.slug);
await client.end();
if (catalogue.length < 1000) throw new Error(`the catalogue has ${catalogue.length} products: seed it first`);

const dir = mkdtempSync(path.join(os.tmpdir(), 'podbor-price-list-import-'));
const file = path.join(dir, 'supplier.csv');
const total = Number(args.lines);
const unmatchedShare = Number(args.unmatched);
let t = performance.now();
log(`generating ${total} lines from ${catalogue.length} products (${unmatchedShare * 100} % unmatched)…`);
{
  const out = createWriteStream(file);
  let seed = 42;
  // A 32-bit LCG in integer arithmetic: a float product loses its low bits and falls into a short cycle.
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('Артикул;Производитель;Наименование;Цена;Остаток;Срок поставки\n');
  let chunk = '';
  for (let i = 0; i < total; i++) {
    const p = catalogue[Math.floor(rand() * catalogue.length)];
    const miss = rand() < unmatchedShare;
    const article = miss && rand() < 0.5 ? `ZZ${i}` : p.article;
    const brand = miss && !article.startsWith('ZZ') ? `NOBRAND${i % 500}` : p.brand;
    const price = (100 + rand() * 9900).toFixed(2).replace('.', ',');
    chunk += `${article};${brand};Деталь ${i};${price};${Math.floor(rand() * 50)};${1 + (i % 10)} дн.\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  out.end();
  await once(out, 'finish');
}
const sizeMb = statSync(file).size / 1024 / 1024;
log(`  ${sizeMb.toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s`);

/** RFC 6238 (SHA-1, 6 digits, 30 s): the code the authenticator app would show for the base32 `secret`. */
function totpNow(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const phone = '+79990001515';
const password = 'Bench-Admin-Passw0rd-42';

/** Peak and current RSS of a process, MB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

// BENCH_NODE_ARGS: extra flags for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the job.
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const api = startChild('api', nodeBin, [...nodeArgs, ...API_ARGS], { env });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`, 300_000);
  const enrol = execFileSync(
    nodeBin,
    ['apps/api/dist/staff.js', '--phone', phone, '--role', 'admin', '--password', password, '--reset-totp'],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  const secret = /ключ: ([A-Z2-7]+)/.exec(enrol)?.[1];
  if (!secret) throw new Error(`staff: no authenticator key in\n${enrol}`);
  const login = await fetch(`${base}/api/admin/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: phone, password, code: totpNow(secret) }),
  });
  if (!login.ok) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  const { access } = await login.json();
  const auth = { authorization: `Bearer ${access}` };
  const admin = async (method, url, body) => {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...auth,
        ...(body instanceof globalThis.FormData ? {} : { 'content-type': 'application/json' }),
      },
      body:
        body instanceof globalThis.FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text);
  };

  const title = 'Бенчмарк прайс-листа';
  const settings = {
    mapping: {
      article: 'Артикул',
      brand: 'Производитель',
      title: 'Наименование',
      price: 'Цена',
      quantity: 'Остаток',
      delivery_days: 'Срок поставки',
    },
    file: { encoding: 'utf-8', delimiter: ';' },
  };
  const existing = (await admin('GET', '/api/admin/v1/suppliers/')).find((s) => s.title === title);
  const supplier = existing
    ? await admin('PATCH', `/api/admin/v1/suppliers/${existing.id}/`, { settings, is_active: true })
    : await admin('POST', '/api/admin/v1/suppliers/', { title, settings });

  const n = Number(args.requests);
  const listing = (i) => ({
    method: 'POST',
    path: `/api/v1/catalog/${slugs[i % slugs.length]}/products/?page=${1 + (i % 5)}`,
    body: '{}',
  });
  await singleRequestRun(
    base,
    Array.from({ length: 10 }, (_, i) => listing(i)),
  ); // warm-up
  const idle = await singleRequestRun(
    base,
    Array.from({ length: n }, (_, i) => listing(i)),
  );
  log(`listing idle: p95 ${idle.p95.toFixed(1)} ms`);

  const form = new globalThis.FormData();
  form.append('file', await openAsBlob(file), 'supplier.csv');
  t = performance.now();
  const queued = await admin('POST', `/api/admin/v1/suppliers/${supplier.id}/price-list/`, form);
  log(`uploaded (${((performance.now() - t) / 1000).toFixed(1)} s); importing run ${queued.id}…`);
  const started = performance.now();
  const during = [];
  let runState = queued;
  let i = 0;
  let lastLog = 0;
  while (runState.status === 'queued' || runState.status === 'running') {
    for (let k = 0; k < 10; k++) {
      const req = listing(i++);
      const t0 = performance.now();
      const res = await fetch(base + req.path, {
        method: 'POST',
        body: req.body,
        headers: { 'content-type': 'application/json' },
      });
      await res.arrayBuffer();
      during.push(performance.now() - t0);
    }
    runState = await admin('GET', `/api/admin/v1/imports/${queued.id}/`);
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(`  ${runState.lines_done} lines, RSS ${memoryOf(api.pid).now.toFixed(0)} MB`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = memoryOf(api.pid);
  // p95 of every listing request sent while the import ran.
  during.sort((a, b) => a - b);
  const p95During = during[Math.min(during.length - 1, Math.floor(during.length * 0.95))] ?? 0;

  console.log(
    `\nPrice-list import on PostgreSQL: ${catalogue.length.toLocaleString('en')} products, ${total.toLocaleString('en')} lines (${sizeMb.toFixed(0)} MB CSV)\n`,
  );
  console.log(`run ${queued.id}: ${runState.status}${runState.failure ? ` (${runState.failure})` : ''}`);
  console.log(`summary: ${JSON.stringify(runState.summary)}, errors ${runState.errors_count}`);
  console.log(
    `time: ${seconds.toFixed(1)} s (budget ≤ 180 s), ${Math.round(total / seconds).toLocaleString('en')} lines/s`,
  );
  console.log(`API peak RSS: ${memory.peak.toFixed(0)} MB (budget < 512 MB)`);
  console.log(
    `listing p95: idle ${idle.p95.toFixed(1)} ms, during the import ${p95During.toFixed(1)} ms ` +
      `(${(p95During / idle.p95).toFixed(2)}×, budget ≤ 2×; ${during.length} requests)`,
  );
} finally {
  api.kill();
  if (!args.keep) rmSync(dir, { recursive: true, force: true });
  else log(`file kept in ${dir}`);
}
