// `npm start`: install what is missing, build what is stale, migrate and seed the embedded database on first
// run, then serve the API (API_PORT, default 4000) and the storefront (PORT, default 3000). Ctrl-C stops both.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
  startChild,
  waitForHttp,
} from './lib.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const PORT = process.env.PORT || '3000';
const API_PORT = process.env.API_PORT || '4000';
const API_URL = process.env.API_URL || `http://127.0.0.1:${API_PORT}`;
// The shop's address as customers see it, for both apps (redirects, payment returns).
const PUBLIC_URL = process.env.PUBLIC_URL || `http://localhost:${PORT}`;

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  log('installing dependencies (npm ci)…');
  run(npmCmd, ['ci', '--no-audit', '--no-fund']);
}

const apiSources = newestMtime([
  'apps/api/src',
  'apps/api/drizzle',
  'apps/api/build.mjs',
  'packages/contract/src',
]);
if (mtime('apps/api/dist/server.js') < apiSources || mtime('apps/api/dist/seed.js') < apiSources) {
  log('building the API…');
  run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
}
const webSources = newestMtime([
  'apps/web/src',
  'apps/web/public',
  'apps/web/next.config.ts',
  'apps/web/build-server.mjs',
  'packages/contract/src',
]);
if (Math.min(mtime('apps/web/.next/BUILD_ID'), mtime('apps/web/dist/server.js')) < webSources) {
  log('building the storefront (next build, about a minute)…');
  run(npmCmd, ['run', 'build', '-w', '@podbor/web']);
}

// Migrates, and seeds the demo shop only when the database is empty.
log('preparing the database…');
run(nodeBin, ['apps/api/dist/seed.js', '--if-empty']);

// The demo shop's back office: on the embedded database (never on a DATABASE_URL deployment), one administrator
// with a generated password and authenticator key, written once to DATA_DIR/demo-admin.txt and shown on every start.
const DEMO_ADMIN_PHONE = '+79000000000';
const demoAdminFile = path.resolve(root, process.env.DATA_DIR || 'data', 'demo-admin.txt');
if (!process.env.DATABASE_URL && !existsSync(demoAdminFile)) {
  log('creating the demo back-office administrator…');
  const out = execFileSync(
    nodeBin,
    [
      'apps/api/dist/staff.js',
      '--phone',
      DEMO_ADMIN_PHONE,
      '--role',
      'admin',
      '--name',
      'Демо Администратор',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  writeFileSync(demoAdminFile, out, { mode: 0o600 });
}

const api = startChild('api', nodeBin, API_ARGS, { env: { API_PORT, PUBLIC_URL } });
let web;
const children = () => [api, web].filter(Boolean);
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children()) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
  Promise.all(
    children().map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
api.on('exit', (code) => {
  if (!stopping) {
    log(`API exited (${code}); stopping`);
    stop(code || 1);
  }
});

await waitForHttp(`http://127.0.0.1:${API_PORT}/api/health`, 120_000);
// The storefront's own server (not `next start`): it tells the app the customer's real address.
web = startChild('web', nodeBin, ['apps/web/dist/server.js'], {
  env: { API_URL, PORT, PUBLIC_URL },
});
web.on('exit', (code) => {
  if (!stopping) {
    log(`storefront exited (${code}); stopping`);
    stop(code || 1);
  }
});
await waitForHttp(`http://127.0.0.1:${PORT}/`, 120_000).catch((e) => log(e.message));
log(`shop: http://localhost:${PORT}   API: ${API_URL}/api/v1/   API docs: ${API_URL}/api/docs`);
if (!process.env.DATABASE_URL && existsSync(demoAdminFile)) {
  log(
    `back office: http://localhost:${PORT}/admin — demo administrator (from ${path.relative(root, demoAdminFile)}):\n` +
      readFileSync(demoAdminFile, 'utf8').trimEnd() +
      `\n  no authenticator app at hand? The current code: npm run staff -- --phone ${DEMO_ADMIN_PHONE} --code`,
  );
}
