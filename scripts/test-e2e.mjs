// `npm run test:e2e`: the suites that need more than Node.
//   1. the API test suite again, on real PostgreSQL (plus the Redis-backed rate-limit tests);
//   2. the storefront in headless Chromium (Playwright) against the built API and web app on PostgreSQL.
// Needs: PostgreSQL 15+ (TEST_DATABASE_URL, a role that may CREATE DATABASE), Redis (REDIS_URL) and Chromium
// (/usr/bin/chromium or CHROME_PATH). On Debian: apt-get install chromium postgresql redis-server.
// `.ci/run` installs and starts all three itself.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { log, mtime, newestMtime, nodeBin, npmCmd, root, run, startChild, waitForHttp } from './lib.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const missing = [];
if (!pgUrl)
  missing.push(
    'TEST_DATABASE_URL=postgres://user@127.0.0.1:5432/podbor (PostgreSQL 15+, role may CREATE DATABASE)',
  );
if (!redisUrl) missing.push('REDIS_URL=redis://127.0.0.1:6379 (Redis server)');
if (!existsSync(chrome)) missing.push(`Chromium at ${chrome} (apt-get install chromium, or set CHROME_PATH)`);
if (missing.length) {
  console.error(
    'test:e2e needs system packages this machine does not provide:\n  - ' + missing.join('\n  - '),
  );
  console.error(
    'On Debian: apt-get install chromium postgresql redis-server; or run `bash .ci/run`, which does it all.',
  );
  process.exit(2);
}

const only = process.argv[2]; // 'api' or 'web' to run one half
if (!only || only === 'api') {
  log('API suite on PostgreSQL + Redis…');
  run('npx', ['vitest', 'run', '--root', 'apps/api'], {
    env: { TEST_DATABASE_URL: pgUrl, REDIS_URL: redisUrl },
  });
}
if (only && only !== 'web') process.exit(0);

const apiSources = newestMtime(['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
if (mtime('apps/api/dist/server.js') < apiSources) run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
if (
  mtime('apps/web/.next/BUILD_ID') <
  newestMtime(['apps/web/src', 'apps/web/public', 'apps/web/next.config.ts', 'packages/contract/src'])
) {
  run(npmCmd, ['run', 'build', '-w', '@podbor/web']);
}

// A dedicated database for the browser run, seeded from scratch each time.
const e2eDb = new URL(pgUrl);
e2eDb.pathname = '/podbor_e2e';
const API_PORT = process.env.E2E_API_PORT || '4100';
const PORT = process.env.E2E_PORT || '3100';
const dataDir = path.join(root, 'data', 'e2e');
const env = {
  DATABASE_URL: e2eDb.toString(),
  REDIS_URL: redisUrl,
  DATA_DIR: dataDir,
  API_PORT,
  PORT,
  LOG_LEVEL: 'warn',
  PAYMENT_SANDBOX_ENABLED: 'true',
};
await ensureDatabase(pgUrl, 'podbor_e2e');
log('seeding the e2e database…');
run(nodeBin, ['apps/api/dist/seed.js', '--reset', '--products', '2000'], { env });

const api = startChild('api', nodeBin, ['apps/api/dist/server.js'], { env });
let web;
let code = 1;
try {
  await waitForHttp(`http://127.0.0.1:${API_PORT}/api/health`);
  web = startChild(
    'web',
    nodeBin,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', PORT],
    {
      cwd: path.join(root, 'apps/web'),
      env: { ...env, API_URL: `http://127.0.0.1:${API_PORT}` },
    },
  );
  await waitForHttp(`http://127.0.0.1:${PORT}/`, 120_000);
  log('browser suite (Playwright, Chromium)…');
  try {
    run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
      env: {
        ...env,
        BASE_URL: `http://127.0.0.1:${PORT}`,
        API_BASE_URL: `http://127.0.0.1:${API_PORT}`,
        CHROME_PATH: chrome,
      },
    });
    code = 0;
  } catch (e) {
    console.error(e.message);
  }
} finally {
  for (const c of [web, api]) if (c && c.exitCode === null) c.kill('SIGTERM');
}
process.exit(code);

async function ensureDatabase(url, name) {
  const { default: pg } = await import('pg');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`create database "${name}"`);
  await client.end();
}
