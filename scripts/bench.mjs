// `npm run bench`: HTTP load on the API over loopback with autocannon, for the embedded PGlite database and —
// when DATABASE_URL is set — for PostgreSQL, on a seeded catalogue (200 000 products unless --products says
// otherwise). For each database it prints:
//   * single-request figures of the catalogue's key calls (issue #4): one connection, every request different
//     (another vehicle, category, filter value, price range, product or search text), so no response cache
//     answers — p50/p95/p99 and req/s;
//   * every scenario under load at --connections (one fixed request each, warm) — p50/p95/p99 and req/s;
//   * the listing with a vehicle and two filters at 50 connections: fixed, varied (cycling the discovered inputs,
//     so its cache answers repeats) and uncached (every request unique).
//   npm run bench [-- --duration 10 --connections 10 --products 200000 --singles 200 --only pglite|postgres
//                     --pglite-dir data/bench --singles-only]
// Scale (issue #18): `--products 200000,1000000` benchmarks each size on its own database (PostgreSQL: the
// DATABASE_URL database name with `_<size>` appended, created and seeded when missing; PGlite: `<pglite-dir>-<size>`)
// with the single-request rows and the uncached listings at 50 connections, then prints the sizes side by side.
import autocannon from 'autocannon';
import pg from 'pg';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { discoverInputs, percentile, singleRequestRun } from './bench-inputs.mjs';
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
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    // The catalogue's performance figures (issue #4) are defined on 200 000 products; pass --products 5000 for a quick run.
    // A comma-separated list (200000,1000000) compares catalogue sizes side by side.
    products: { type: 'string', default: process.env.BENCH_PRODUCTS || '200000' },
    // Distinct requests per key call in the single-request runs.
    singles: { type: 'string', default: '200' },
    // A PGlite data directory seeded once is reused (seeding 200 000 products into PGlite takes about 1.5 min).
    'pglite-dir': { type: 'string', default: process.env.BENCH_PGLITE_DIR || path.join('data', 'bench') },
    only: { type: 'string' },
    // Only the single-request runs of the key calls (a before/after comparison of one call's cost).
    'singles-only': { type: 'boolean', default: false },
  },
});

const sources = newestMtime(['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
if (mtime('apps/api/dist/server.js') < sources || mtime('apps/api/dist/seed.js') < sources) {
  run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
}

/** Each scenario is one request shape; later modules add theirs here. */
const scenarios = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/v1/showcase/', path: '/api/v1/showcase/' },
  { name: 'GET /api/v1/pages/menu/', path: '/api/v1/pages/menu/' },
  { name: 'GET /api/v1/pages/dostavka/', path: '/api/v1/pages/dostavka/' },
  { name: 'GET /api/v1/branches/', path: '/api/v1/branches/' },
  { name: 'GET /api/v1/branches/regions/', path: '/api/v1/branches/regions/' },
  // Catalogue (issue #4). Transport 17 (Lada Granta 2011–2018 1.6 98 л.с.) is the vehicle with the most fitted
  // parts in the seed; brembo-p-30-042 exists at every seed size from 5 000 products up.
  {
    name: 'POST listing: vehicle + 2 filters',
    method: 'POST',
    path: '/api/v1/catalog/perednie-kolodki/products/17/',
    body: JSON.stringify({
      page: 1,
      sort: 'popular',
      order: 'desc',
      filter: { 'datchik-iznosa': ['С датчиком'], price: [1000, 5000] },
    }),
  },
  {
    name: 'POST listing: parent category + vehicle',
    method: 'POST',
    path: '/api/v1/catalog/tormoznaya-sistema/products/17/',
    body: '{}',
  },
  {
    name: 'POST listing: by price, page 3',
    method: 'POST',
    path: '/api/v1/catalog/perednie-kolodki/products/?page=3&sort=price&order=asc',
    body: '{}',
  },
  {
    name: 'GET product page (X-City, vehicle)',
    path: '/api/v1/catalog/products/brembo-p-30-042/?transport=17',
    headers: { 'x-city': 'moskva' },
  },
  { name: 'GET filters per vehicle (facets)', path: '/api/v1/catalog/perednie-kolodki/filters/17/' },
  { name: 'GET category tree per vehicle', path: '/api/v1/catalog/categories/tree/17/' },
  { name: 'GET search: колодки', path: `/api/v1/catalog/search/?query=${encodeURIComponent('колодки')}` },
  {
    name: 'GET search: калодки (typo)',
    path: `/api/v1/catalog/search/?query=${encodeURIComponent('калодки')}`,
  },
  {
    name: 'GET search: spaced article',
    path: `/api/v1/catalog/search/?query=${encodeURIComponent('0 986 494 524')}`,
  },
  { name: 'GET transport detail', path: '/api/v1/transport/17/' },
  { name: 'GET transport engines', path: '/api/v2/transport/2015/legkovye/lada/granta/engines/' },
  { name: 'GET reviews', path: '/api/v1/review/brembo-p-30-042/' },
  // Cart and orders (issue #6). They need a visitor token and ids from the running API's database, which the
  // getters fetch when the scenario runs (see shopFixture below).
  { name: 'GET /api/v1/payment/methods/', path: '/api/v1/payment/methods/' },
  {
    name: 'POST cart (visitor)',
    path: '/api/v1/payment/cart/',
    method: 'POST',
    body: '{"transport":"","city":""}',
    get headers() {
      return { authorization: shopFixture().token };
    },
  },
  {
    name: 'PUT cart/update-item (add to cart)',
    path: '/api/v1/payment/cart/update-item/',
    method: 'PUT',
    get body() {
      return JSON.stringify({
        items: [{ product: shopFixture().slug, quantity: 1, with_installation: false }],
        transport: '',
        city: '',
      });
    },
    get headers() {
      return { authorization: shopFixture().token };
    },
  },
  {
    // A service (no stock to run out of), paid at the branch, bought at once: every request creates an order.
    name: 'POST orders (create, cash)',
    path: '/api/v1/payment/orders/',
    method: 'POST',
    get body() {
      const f = shopFixture();
      return JSON.stringify({
        name: 'Нагрузка Тест',
        phone: '+79990000000',
        email: '',
        payment_type: 'CASH',
        payment_method_id: f.cashMethodId,
        cart: [{ slug: f.slug, quantity: 1, with_installation: false }],
        branch_office_id: f.branchId,
        transport_id: '',
        placement_type: 'BUY_NOW',
        consent: true,
      });
    },
    get headers() {
      return { authorization: shopFixture().token };
    },
  },
];

/**
 * A fresh visitor token, a service's slug, a branch id and the cash method id of the API listening on `port` now.
 * Scenario getters are synchronous, so a short child process asks the API.
 */
function shopFixture() {
  const script = `
    const base = 'http://127.0.0.1:${port}/api/v1';
    const get = async (p, init) => { const r = await fetch(base + p, init); if (!r.ok) throw new Error(p + ' ' + r.status); return r.json(); };
    const { token } = await get('/user/token/unauthorized_user/', { method: 'POST' });
    const found = await get('/catalog/search/?query=' + encodeURIComponent('Замена антифриза'));
    const product = found.products.find((p) => p.is_service) ?? found.products[0];
    const cities = await get('/branches/');
    const methods = await get('/payment/methods/');
    const cash = methods.find((g) => g.type === 'CASH').values[0];
    console.log(JSON.stringify({ token, slug: product.slug, branchId: Number(cities[0].branches[0].id), cashMethodId: cash.id }));`;
  return JSON.parse(execFileSync(nodeBin, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

const sizes = args.products.split(',').map((n) => Number(n.trim()));
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`--products: a size or a comma-separated list of sizes, not «${args.products}».`);
  process.exit(1);
}
const scale = sizes.length > 1;
const targets = [];
for (const size of sizes) {
  const suffix = scale ? `-${size}` : '';
  const pgliteDir = path.resolve(root, `${args['pglite-dir']}${suffix}`);
  if (args.only !== 'postgres')
    targets.push({ label: 'PGlite (embedded)', size, env: { DATA_DIR: pgliteDir, DATABASE_URL: '' } });
  if (process.env.DATABASE_URL && args.only !== 'pglite') {
    const url = scale ? await databaseOfSize(process.env.DATABASE_URL, size) : process.env.DATABASE_URL;
    targets.push({
      label: 'PostgreSQL',
      size,
      env: { DATABASE_URL: url, DATA_DIR: path.join(root, 'data', `bench-pg${suffix}`) },
    });
  }
}
if (!process.env.DATABASE_URL)
  log('DATABASE_URL is not set: PostgreSQL is skipped (set it to benchmark PostgreSQL too).');

/**
 * How fast this machine's cores are right now, so runs on different machines (or the same one shared with other
 * work) can be told apart: a fixed loop in Node, and PostgreSQL counting generated rows (best of three each).
 */
async function machineSpeed() {
  const best = async (fn) => {
    let min = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await fn();
      min = Math.min(min, performance.now() - t0);
    }
    return min.toFixed(0);
  };
  const node = await best(() => {
    let x = 0;
    for (let i = 0; i < 1e8; i++) x = (x * 31 + i) | 0;
    return x;
  });
  let postgres = '';
  if (process.env.DATABASE_URL && args.only !== 'pglite') {
    const client = new pg.Client({ connectionString: maintenanceUrl(process.env.DATABASE_URL) });
    await client.connect();
    try {
      postgres = `; PostgreSQL counting 2,000,000 generated rows ${await best(() =>
        client.query('select count(*) from generate_series(1, 2000000)'),
      )} ms`;
    } finally {
      await client.end();
    }
  }
  return `machine speed (best of 3, lower is faster): Node loop of 10^8 steps ${node} ms${postgres}`;
}

/** The server's maintenance database: the database DATABASE_URL names need not exist yet. */
function maintenanceUrl(base) {
  const url = new URL(base);
  url.pathname = '/postgres';
  return url.toString();
}

/** DATABASE_URL with `_<size>` appended to its database name; the database is created when missing. */
async function databaseOfSize(base, size) {
  const url = new URL(base);
  const name = `${url.pathname.replace(/^\//, '') || 'postgres'}_${size}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl(base) });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** The key calls of issue #4: scenario name (fixed request) → inputs key (varied requests). */
const KEY_CALLS = [
  ['POST listing: vehicle + 2 filters', 'listing'],
  ['POST category listing: price, no vehicle', 'categoryListing'],
  ['GET filters per vehicle (facets)', 'facets'],
  ['GET filters per vehicle + 2 filters selected', 'facetsSelected'],
  ['GET category tree per vehicle', 'tree'],
  ['GET product page (X-City, vehicle)', 'product'],
  ['GET search: колодки', 'search'],
  ['GET search: one word', 'searchWord'],
  ['GET search: one typo', 'searchTypo'],
  ['GET search: codes, synonyms, wrong layout', 'searchCodes'],
];
const LISTING = scenarios.find((s) => s.name === KEY_CALLS[0][0]);

/** autocannon run; p95 comes from the individual response times (autocannon's own summary has p97.5, not p95). */
async function load(opts) {
  const times = [];
  const instance = autocannon({ ...opts, headers: { 'content-type': 'application/json', ...opts.headers } });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const r = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: r.requests.average,
    n: times.length,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  };
}

const port = process.env.BENCH_PORT || '4200';
const rows = [];
const notes = [await machineSpeed()];
for (const target of targets) {
  // The per-hour and open-order limits would turn the order benchmark (one visitor, one address) into a
  // 429/400 benchmark.
  const env = {
    ...target.env,
    API_PORT: port,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-only-secret-'.padEnd(40, 'x'),
    ORDERS_PER_CALLER_PER_HOUR: '0',
    ORDERS_PER_IP_PER_HOUR: '0',
    OPEN_ORDERS_PER_CALLER: '0',
    OPEN_ORDERS_PER_IP: '0',
  };
  const label = scale ? `${target.label} ${target.size.toLocaleString('en')}` : target.label;
  log(`${label}: preparing database (seeding ${target.size} products if empty)…`);
  const seedStart = performance.now();
  run(nodeBin, ['apps/api/dist/seed.js', '--if-empty', '--products', String(target.size)], { env });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const startedAt = performance.now();
  const api = startChild('api', nodeBin, API_ARGS, { env });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/api/health`, 300_000);
    const tree = await (await fetch(`${base}/api/v1/catalog/categories/tree/`)).json();
    const products = tree.reduce((sum, n) => sum + n.total, 0);
    notes.push(
      `${label}: ${products.toLocaleString('en')} active products; seed step ${seedSeconds.toFixed(1)} s` +
        `${seedSeconds < 5 ? ' (already seeded)' : ''}; API ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    if (Math.abs(products - target.size) > target.size * 0.05)
      log(
        `${label}: the database holds ${products} products, not ${target.size} (seeded earlier; remove it to reseed).`,
      );

    log(`${label}: discovering varied inputs…`);
    const inputs = await discoverInputs(base, Number(args.singles));
    for (const [name, key] of KEY_CALLS) {
      // A few requests of another kind first, so connection set-up is not in the figures (their inputs differ).
      await singleRequestRun(base, inputs[key].slice(-3));
      const r = await singleRequestRun(base, inputs[key]);
      rows.push({
        db: label,
        size: target.size,
        endpoint: name.replace(/: колодки$/, ''),
        mode: '1 conn, varied',
        ...r,
      });
    }
    if (args['singles-only']) continue;

    // The scale comparison keeps to the key calls and the uncached listings (the fixed scenarios take minutes).
    for (const s of scale ? [] : scenarios) {
      const url = `${base}${s.path}`;
      // Warm-up so the first connections and caches do not skew the figures.
      await autocannon({
        url,
        connections: 2,
        duration: 1,
        method: s.method ?? 'GET',
        body: s.body,
        headers: s.headers,
      });
      const r = await load({
        url,
        method: s.method ?? 'GET',
        body: s.body,
        headers: s.headers,
        connections: Number(args.connections),
        duration: Number(args.duration),
      });
      rows.push({ db: label, endpoint: s.name, mode: `${args.connections} conns, fixed`, ...r });
    }

    if (!scale) {
      const fixed = await load({
        url: `${base}${LISTING.path}`,
        method: 'POST',
        body: LISTING.body,
        connections: 50,
        duration: Number(args.duration),
      });
      rows.push({ db: label, endpoint: LISTING.name, mode: '50 conns, fixed', ...fixed });
    }
    /** A listing at 50 connections cycling `list`'s inputs; `vary` may rewrite the n-th request's body. */
    const cycling = (vary = (body) => body, list = inputs.listing) => {
      let n = 0;
      return load({
        url: base,
        connections: 50,
        duration: Number(args.duration),
        requests: [
          {
            setupRequest: (req) => {
              const i = n++;
              const v = list[i % list.length];
              return { ...req, method: 'POST', path: v.path, body: vary(v.body, i) };
            },
          },
        ],
      });
    };
    if (!scale) {
      // Varied: every request another category × vehicle × filters (the listing cache answers repeats within its TTL).
      const varied = await cycling();
      rows.push({ db: label, endpoint: LISTING.name, mode: '50 conns, varied', ...varied });
    }
    // Uncached: the varied requests with a lower price bound moved by a fraction of a kopeck per request, so
    // every request is new to the listing cache and each one is a database query.
    const unique = (text, i) => {
      const body = JSON.parse(text);
      const [lo, hi] = body.filter.price;
      body.filter.price = [Math.min(hi, lo + (i % 100_000) / 100_000), hi];
      return JSON.stringify(body);
    };
    const uncached = await cycling(unique);
    rows.push({
      db: label,
      size: target.size,
      endpoint: LISTING.name,
      mode: '50 conns, uncached',
      ...uncached,
    });
    const categoryUncached = await cycling(unique, inputs.categoryListing);
    rows.push({
      db: label,
      size: target.size,
      endpoint: KEY_CALLS[1][0],
      mode: '50 conns, uncached',
      ...categoryUncached,
    });
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
  }
}

const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
console.log(`\nAPI benchmark — loopback, ${args.duration} s per load run, ${new Date().toISOString()}`);
for (const n of notes) console.log(`  ${n}`);
console.log(
  'database            | endpoint                              | mode               |     n | p50 ms | p95 ms | p99 ms |   req/s | errors',
);
console.log(
  '--------------------|---------------------------------------|-------------------|-------|--------|--------|--------|---------|-------',
);
for (const r of rows) {
  console.log(
    `${r.db.padEnd(19)} | ${r.endpoint.padEnd(37)} | ${r.mode.padEnd(18)} | ${String(r.n).padStart(5)} | ${f(r.p50).padStart(6)} | ${f(r.p95).padStart(6)} | ${f(r.p99).padStart(6)} | ${String(Math.round(r.rps)).padStart(7)} | ${r.errors}`,
  );
}
if (scale) printScale();
if (rows.some((r) => r.errors > 0)) process.exitCode = 1;

/** The sizes side by side per database: p50 / p95 (and req/s under load), and how much p95 grew. */
function printScale() {
  for (const db of [...new Set(targets.map((t) => t.label))]) {
    const mine = rows.filter((r) => r.db.startsWith(db) && r.size !== undefined);
    const keys = [...new Set(mine.map((r) => `${r.endpoint} | ${r.mode}`))];
    const cell = (r) =>
      !r
        ? '-'
        : r.mode.startsWith('50')
          ? `${Math.round(r.rps)} req/s, p50 ${f(r.p50)}`
          : `${f(r.p50)} / ${f(r.p95)}`;
    console.log(`\n${db}: catalogue size side by side (p50 / p95 ms; under load req/s and p50)`);
    console.log(
      `${'call'.padEnd(58)} | ${sizes.map((n) => n.toLocaleString('en').padStart(22)).join(' | ')} | p95 growth`,
    );
    for (const key of keys) {
      const at = sizes.map((n) => mine.find((r) => `${r.endpoint} | ${r.mode}` === key && r.size === n));
      const first = at[0];
      const last = at.at(-1);
      const growth =
        first && last && !key.includes('50 conns') ? `${(last.p95 / first.p95).toFixed(2)}×` : '';
      console.log(`${key.padEnd(58)} | ${at.map((r) => cell(r).padStart(22)).join(' | ')} | ${growth}`);
    }
  }
}
