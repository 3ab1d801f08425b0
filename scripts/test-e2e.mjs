// `npm run test:e2e`: the suites that need more than Node.
//   1. the API test suite again, on real PostgreSQL (plus the Redis-backed rate-limit tests);
//   2. the storefront in headless Chromium (Playwright) against the built API and web app on PostgreSQL, then the
//      fuzz suite's requests through the storefront's /api proxy against the same pair;
//   3. the hostile phase: a second API + storefront pair with tight per-address limits, and HTTP tests that try
//      to get round them (apps/web/e2e-hostile/). Separate because exhausting a per-address limit would block
//      every later test of the main suite, which all come from 127.0.0.1.
// Needs: PostgreSQL 15+ (TEST_DATABASE_URL, a role that may CREATE DATABASE), Redis (REDIS_URL) and Chromium
// (/usr/bin/chromium or CHROME_PATH). On Debian: apt-get install chromium postgresql redis-server.
// `.ci/run` installs and starts all three itself.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  API_ARGS,
  log,
  mtime,
  newestMtime,
  nodeBin,
  npmCmd,
  root,
  run,
  runAsync,
  startChild,
  waitForHttp,
} from './lib.mjs';

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
// `npm run test:e2e -- web e2e/search.spec.ts --grep …`: arguments after 'web' go to Playwright, and only those
// browser tests run (no proxy fuzz, no hostile phase), so one spec can be iterated on against the built apps.
const playwrightArgs = only === 'web' ? process.argv.slice(3) : [];
if (!only || only === 'api') {
  log('API suite on PostgreSQL + Redis…');
  run('npx', ['vitest', 'run', '--root', 'apps/api'], {
    // The fuzz suite (test/fuzz.test.ts) sends its walk plus this many random requests here (~1,500 in npm test).
    env: {
      TEST_DATABASE_URL: pgUrl,
      REDIS_URL: redisUrl,
      // A streaming replica of TEST_DATABASE_URL's server (scripts/pg-replica.sh): test/replica.pg.test.ts fails
      // without it unless TEST_REPLICA_SKIP=1.
      ...(process.env.TEST_REPLICA_URL ? { TEST_REPLICA_URL: process.env.TEST_REPLICA_URL } : {}),
      FUZZ_REQUESTS: process.env.FUZZ_REQUESTS || '12000',
      FUZZ_BUDGET_S: process.env.FUZZ_BUDGET_S || '420',
    },
  });
}
if (only && only !== 'web') process.exit(0);

const apiSources = newestMtime(['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
if (mtime('apps/api/dist/server.js') < apiSources) run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
if (
  Math.min(mtime('apps/web/.next/BUILD_ID'), mtime('apps/web/dist/server.js')) <
  newestMtime([
    'apps/web/src',
    'apps/web/public',
    'apps/web/next.config.ts',
    'apps/web/build-server.mjs',
    'packages/contract/src',
  ])
) {
  run(npmCmd, ['run', 'build', '-w', '@podbor/web']);
}

// A dedicated database for the browser run, seeded from scratch each time: TEST_DATABASE_URL's name + `_e2e`
// (podbor → podbor_e2e), so runs against different databases of one server stay apart.
const e2eName = `${decodeURIComponent(new URL(pgUrl).pathname.slice(1)) || 'podbor'}_e2e`;
const e2eDb = new URL(pgUrl);
e2eDb.pathname = `/${e2eName}`;
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
  // Codes go out as `send` jobs (issue #16): a worker looks every 0.5 s (pg-boss's minimum) rather than the default
  // 2 s, so the many sign-ups of the suite do not each wait for a poll.
  JOBS_POLL_SECONDS: '0.5',
  // Every browser of the suite comes from 127.0.0.1: at its pace it takes more visitor tokens and leaves more
  // unpaid cash orders than one person would, and hit both per-address limits (CI). The hostile phase below and
  // the API suite test the limits themselves.
  VISITOR_TOKENS_PER_IP: '100000',
  OPEN_ORDERS_PER_IP: '0',
};
await ensureDatabase(pgUrl, e2eName);
log('seeding the e2e database…');
run(nodeBin, ['apps/api/dist/seed.js', '--reset', '--products', '2000'], { env });

const api = startChild('api', nodeBin, API_ARGS, { env });
let web;
let code = 1;
try {
  await waitForHttp(`http://127.0.0.1:${API_PORT}/api/health`);
  // The suite plays a trusted proxy in front of the storefront: tests that sign up name an address of their own
  // in X-Forwarded-For (the API allows 5 code sends per address an hour), as a front proxy names each customer's.
  // The hostile phase below runs the storefront as the edge, its default.
  web = startWeb({ ...env, WEB_TRUST_PROXY: 'loopback' }, API_PORT, PORT);
  await waitForHttp(`http://127.0.0.1:${PORT}/`, 120_000);
  log('browser suite (Playwright, Chromium)…');
  try {
    await runAsync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...playwrightArgs], {
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
  if (!playwrightArgs.length && !(await proxyFuzzPhase())) code = 1;
} finally {
  await stopAll([web, api]);
}
if (!playwrightArgs.length && !(await hostilePhase(env))) code = 1;
process.exit(code);

/** The storefront's own server (apps/web/dist/server.js, as `npm start` runs it) in front of the API at apiPort. */
function startWeb(baseEnv, apiPort, port, name = 'web') {
  return startChild(name, nodeBin, ['apps/web/dist/server.js'], {
    env: {
      ...baseEnv,
      API_URL: `http://127.0.0.1:${apiPort}`,
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
}

async function stopAll(children) {
  const running = children.filter((c) => c && c.exitCode === null);
  for (const c of running) c.kill('SIGTERM');
  await Promise.all(running.map((c) => new Promise((resolve) => c.once('exit', resolve))));
}

// ---- Hostile phase (issue #12): per-address limits behind the storefront ----
// A second pair on the e2e database with per-address limits of 3 orders and 3 registration codes an hour and a
// per-caller order limit out of the way,
// so the tests can show that forged X-Forwarded-For headers do not buy new allowances. Ports:
// E2E_HOSTILE_API_PORT / E2E_HOSTILE_PORT (default: the main pair's plus one).
async function hostilePhase(baseEnv) {
  const apiPort = process.env.E2E_HOSTILE_API_PORT || String(Number(API_PORT) + 1);
  const port = process.env.E2E_HOSTILE_PORT || String(Number(PORT) + 1);
  const limits = {
    ORDERS_PER_IP_PER_HOUR: '3',
    ORDERS_PER_CALLER_PER_HOUR: '1000',
    CODE_SENDS_PER_IP_PER_HOUR: '3',
  };
  const hostileEnv = { ...baseEnv, ...limits, API_PORT: apiPort, WEB_TRUST_PROXY: 'false' };
  log('hostile phase: a second API + storefront with tight per-address limits…');
  const hostileApi = startChild('api-hostile', nodeBin, API_ARGS, { env: hostileEnv });
  let hostileWeb;
  try {
    await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`);
    hostileWeb = startWeb(hostileEnv, apiPort, port, 'web-hostile');
    await waitForHttp(`http://127.0.0.1:${port}/`, 120_000);
    await runAsync('npx', ['playwright', 'test', '-c', 'apps/web/e2e-hostile/playwright.config.ts'], {
      env: {
        ...hostileEnv,
        BASE_URL: `http://127.0.0.1:${port}`,
        API_BASE_URL: `http://127.0.0.1:${apiPort}`,
      },
    });
    return true;
  } catch (e) {
    console.error(e.message);
    return false;
  } finally {
    await stopAll([hostileWeb, hostileApi]);
  }
}

// ---- Fuzz phase (issue #12): generated requests through the storefront's /api proxy ----
// After the browser suite, against the same pair: apps/api/test/fuzz/proxy.ts sends FUZZ_PROXY_REQUESTS (default
// 3000) generated requests and malformed page URLs to the storefront and fails on any 5xx, any /api error
// outside the JSON envelope or any answer slower than 5 s.
async function proxyFuzzPhase() {
  log('fuzz through the storefront proxy…');
  try {
    await runAsync('npx', ['tsx', 'apps/api/test/fuzz/proxy.ts'], {
      env: {
        FUZZ_BASE_URL: `http://127.0.0.1:${PORT}`,
        FUZZ_API_URL: `http://127.0.0.1:${API_PORT}`,
        FUZZ_OUTBOX: path.join(dataDir, 'outbox.jsonl'),
        // The storefront's redirect of an over-long URL repeats it in Location and Refresh: over fetch's 16 KiB.
        NODE_OPTIONS: '--max-http-header-size=65536',
      },
    });
    return true;
  } catch (e) {
    console.error(e.message);
    return false;
  }
}

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
