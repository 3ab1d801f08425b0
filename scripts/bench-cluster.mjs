// `npm run bench:cluster` (issue #16): catalogue listing throughput at 50 connections through nginx
// (deploy/nginx.conf), for
//   A. one API process on the primary alone, and
//   B. two API processes with DATABASE_REPLICA_URL set to a streaming replica (pg_basebackup),
// printed side by side. The same database (cl_bench on TEST_DATABASE_URL's server, 2000 products unless
// --products says otherwise) and the same listing requests (every category with products, pages 1–3, cycled), so
// the answer cache of each process holds them after the warm-up, as in production.
//   npm run bench:cluster [-- --duration 10 --connections 50 --products 2000]
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  buildIfStale,
  freshDatabase,
  log,
  renderNginx,
  startApi,
  startNginx,
  startReplica,
  stop,
  workDir,
} from './cluster-lib.mjs';
import { nodeBin, root, waitForHttp } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    products: { type: 'string', default: '2000' },
  },
});
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!pgUrl) {
  console.error('bench:cluster needs TEST_DATABASE_URL (PostgreSQL 15+, may CREATE DATABASE and replicate).');
  process.exit(2);
}
const BASE = Number(process.env.CLUSTER_BASE_PORT || 4300) + 50;
const REPLICA_PORT = Number(process.env.CLUSTER_REPLICA_PORT || 5441) + 1;
const ports = { shop: BASE, api: BASE + 1, apis: [BASE + 10, BASE + 11] };

buildIfStale({ web: false });
const dir = workDir('bench-cluster');
const dbUrl = await freshDatabase(pgUrl, 'cl_bench');
const env = {
  DATABASE_URL: dbUrl,
  DATA_DIR: `${dir}/data`,
  JWT_SECRET: randomUUID() + randomUUID(),
  LOG_LEVEL: 'warn',
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
};
log(`seeding cl_bench (${args.products} products)…`);
execFileSync(nodeBin, ['apps/api/dist/seed.js', '--reset', '--products', args.products], {
  cwd: root,
  env: { ...process.env, ...env },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const { default: pg } = await import('pg');
const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
const { rows } = await client.query(
  `select c.slug from categories c where exists (select 1 from products p where p.category_id = c.id and p.is_active)
    order by c.id limit 20`,
);
await client.end();
const bodies = rows.flatMap(({ slug }) =>
  [1, 2, 3].map((page) => ({ slug, body: JSON.stringify({ page, sort: 'popular', order: 'desc' }) })),
);

let replica;
const results = {};
try {
  replica = await startReplica(pgUrl, REPLICA_PORT, dir);
  results['1 API, primary'] = await topology(1, {});
  results['2 API + replica'] = await topology(2, { DATABASE_REPLICA_URL: replica.urlFor(dbUrl) });
} finally {
  replica?.stop();
  rmSync(dir, { recursive: true, force: true });
}

const rowsOut = [
  ['requests/s', (r) => r.rps.toFixed(0)],
  ['p50 ms', (r) => String(r.p50)],
  ['p99 ms', (r) => String(r.p99)],
  ['requests', (r) => String(r.n)],
  ['errors/non-2xx', (r) => String(r.errors)],
];
const names = Object.keys(results);
console.log(
  `\nlisting (POST /api/v1/catalog/{category}/products/, ${bodies.length} distinct requests) through nginx, ` +
    `${args.connections} connections, ${args.duration} s`,
);
console.log(['', ...names].map((s) => s.padStart(18)).join(''));
for (const [label, f] of rowsOut)
  console.log([label, ...names.map((n) => f(results[n]))].map((s) => s.padStart(18)).join(''));

/** n API processes behind nginx (extra env for them), warmed up, then measured. */
async function topology(n, extra) {
  const apis = ports.apis.slice(0, n);
  const children = apis.map((port, i) => startApi(`bench-api-${i}`, port, { ...env, ...extra }));
  const sub = workDir(`bench-cluster-nginx-${n}`);
  let nginx;
  try {
    await Promise.all(apis.map((p) => waitForHttp(`http://127.0.0.1:${p}/api/health/ready`)));
    // The shop listener is required by the config; nothing is behind it here.
    const file = renderNginx(sub, {
      shopPort: ports.shop,
      apiPort: ports.api,
      webPorts: [ports.shop + 5],
      apiPorts: apis,
    });
    nginx = startNginx(sub, file);
    const url = `http://127.0.0.1:${ports.api}`;
    await waitForHttp(`${url}/api/health/ready`);
    // Warm-up at full concurrency: every process fills its own answer cache with the cycled requests.
    await run(url, Number(args.connections), 3);
    log(`measuring ${n} API process(es)…`);
    return await run(url, Number(args.connections), Number(args.duration));
  } finally {
    await Promise.all([nginx, ...children].map((c) => stop(c)));
    rmSync(sub, { recursive: true, force: true });
  }
}

async function run(url, connections, duration) {
  let i = 0;
  const times = [];
  const instance = autocannon({
    url,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const b = bodies[i++ % bodies.length];
          return { ...req, path: `/api/v1/catalog/${b.slug}/products/`, body: b.body };
        },
      },
    ],
  });
  instance.on('response', (_c, _s, _b, ms) => times.push(ms));
  const r = await instance;
  times.sort((a, b) => a - b);
  const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0);
  return {
    rps: r.requests.average,
    p50: pct(50),
    p99: pct(99),
    n: times.length,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}
