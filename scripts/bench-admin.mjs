// `npm run bench:admin` (issue #14): the back office's order desk and product search on PostgreSQL
// (DATABASE_URL), with 200 000 products and 1 000 000 orders unless told otherwise. Seeds what is missing
// (`seed --if-empty --products N`, then `seed --orders` up to the wanted count), enrols a bench admin
// (`staff`), signs in with the authenticator code like staff do, and sends each scenario's requests one after
// another, every request different (another page, phone, date, status, search text): p50/p95/p99 per scenario.
//   npm run bench:admin [-- --products 200000 --orders 1000000 --requests 200]
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
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
    products: { type: 'string', default: '200000' },
    orders: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '200' },
  },
});

if (!process.env.DATABASE_URL) {
  console.error('bench:admin measures PostgreSQL: set DATABASE_URL (a database it may seed).');
  process.exit(1);
}

const sources = newestMtime(['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
if (mtime('apps/api/dist/server.js') < sources || mtime('apps/api/dist/seed.js') < sources) {
  run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
}

const port = process.env.BENCH_PORT || '4201';
const env = {
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: path.join(root, 'data', 'bench-admin'),
  API_PORT: port,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-only-secret-'.padEnd(40, 'x'),
  // One bench admin signs in once; the login limits are not what is measured.
};

log(`seeding ${args.products} products if the database is empty…`);
run(nodeBin, ['apps/api/dist/seed.js', '--if-empty', '--products', args.products], { env });

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const have = Number((await client.query('select count(*) as n from orders')).rows[0].n);
const want = Number(args.orders);
if (have < want * 0.99) {
  log(`adding ${want - have} orders (the database holds ${have})…`);
  run(nodeBin, ['apps/api/dist/seed.js', '--orders', String(want - have)], { env });
}
const facts = (
  await client.query(
    `select (select count(*) from orders) as orders, (select count(*) from products) as products`,
  )
).rows[0];
// Real inputs for the varied requests: phones and numbers of existing orders, articles and title words.
const phones = (await client.query(`select phone from orders tablesample system (1) limit 500`)).rows.map(
  (r) => r.phone,
);
const numbers = (await client.query(`select number from orders tablesample system (1) limit 500`)).rows.map(
  (r) => r.number,
);
const branchIds = (await client.query(`select distinct branch_id from orders limit 20`)).rows.map(
  (r) => r.branch_id,
);
const articles = (
  await client.query(`select article from products tablesample system (1) limit 500`)
).rows.map((r) => r.article);
const categories = (await client.query(`select id from categories where parent_id is not null`)).rows.map(
  (r) => r.id,
);
await client.end();

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

const phone = '+79990001414';
const password = 'Bench-Admin-Passw0rd-42';
const enrol = execFileSync(
  nodeBin,
  ['apps/api/dist/staff.js', '--phone', phone, '--role', 'admin', '--password', password, '--reset-totp'],
  { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
);
const secret = /ключ: ([A-Z2-7]+)/.exec(enrol)?.[1];
if (!secret) throw new Error(`staff: no authenticator key in\n${enrol}`);

const api = startChild('api', nodeBin, API_ARGS, { env });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`, 300_000);
  const code = totpNow(secret);
  const login = await fetch(`${base}/api/admin/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: phone, password, code }),
  });
  if (!login.ok) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  const { access } = await login.json();
  const headers = { authorization: `Bearer ${access}` };

  const n = Number(args.requests);
  const pick = (list, i) => list[i % list.length];
  const day = (i) => new Date(Date.now() - (i % 700) * 86_400_000).toISOString().slice(0, 10);
  const statuses = ['new', 'assembling', 'ready', 'completed', 'cancelled', 'paid', 'awaiting_payment'];
  const words = ['колодки', 'фильтр масляный', 'свеча', 'амортизатор', 'ремень', 'лампа', 'диск', 'масло'];
  const orders = (q) => `/api/admin/v1/orders/?${q}`;
  const scenarios = [
    ['orders: newest, page 1–10', (i) => orders(`page=${1 + (i % 10)}`)],
    ['orders: status tab', (i) => orders(`status=${pick(statuses, i)}&page=${1 + (i % 3)}`)],
    ['orders: branch + status', (i) => orders(`branch=${pick(branchIds, i)}&status=${pick(statuses, i)}`)],
    ['orders: CASH, unpaid', (i) => orders(`payment_type=CASH&paid=false&page=${1 + (i % 5)}`)],
    ['orders: one Moscow day', (i) => orders(`date_from=${day(i)}&date_to=${day(i)}`)],
    [
      'orders: a week + branch + CARD',
      (i) =>
        orders(`date_from=${day(i + 7)}&date_to=${day(i)}&branch=${pick(branchIds, i)}&payment_type=CARD`),
    ],
    ['orders: q = phone (8 9…)', (i) => orders(`q=${encodeURIComponent(`8${pick(phones, i).slice(2)}`)}`)],
    ['orders: q = number', (i) => orders(`q=${pick(numbers, i)}`)],
    [
      'products: title words',
      (i) => `/api/admin/v1/products/?q=${encodeURIComponent(pick(words, i))}&page=${1 + (i % 3)}`,
    ],
    [
      'products: article, other spelling',
      (i) =>
        `/api/admin/v1/products/?q=${encodeURIComponent(
          pick(articles, i)
            .toLowerCase()
            .replace(/(.{3})/, '$1 '),
        )}`,
    ],
    [
      'products: category',
      (i) => `/api/admin/v1/products/?category=${pick(categories, i)}&page=${1 + (i % 3)}`,
    ],
    ['dashboard', () => '/api/admin/v1/dashboard/'],
  ];
  const results = [];
  for (const [name, make] of scenarios) {
    const requests = Array.from({ length: n }, (_, i) => ({ path: make(i), headers }));
    await singleRequestRun(base, requests.slice(0, 5)); // warm-up: connection, plans
    const r = await singleRequestRun(base, requests);
    results.push({ name, ...r });
  }
  console.log(
    `\nOrder desk on PostgreSQL: ${Number(facts.orders).toLocaleString('en')} orders, ` +
      `${Number(facts.products).toLocaleString('en')} products; ${n} different requests per row, one connection\n`,
  );
  console.log('| scenario | p50 ms | p95 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
    );
  const worst = results.filter((r) => r.name !== 'dashboard').reduce((a, b) => (a.p95 > b.p95 ? a : b));
  console.log(
    `\nworst p95 of the list and the search: ${worst.p95.toFixed(1)} ms (${worst.name}); target ≤ 50 ms`,
  );
  for (const r of results.filter((x) => x.p95 > 50))
    console.log(`slowest of ${r.name}:`, r.slowest.slice(0, 3));
} finally {
  api.kill();
}
