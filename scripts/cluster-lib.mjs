// The cluster topology of deploy/compose.yaml without Docker, for `npm run test:cluster` and `npm run bench:cluster`:
// a streaming replica of the PostgreSQL server (pg_basebackup), API and storefront processes from the built apps,
// and Debian's nginx with deploy/nginx.conf, its upstream addresses replaced by 127.0.0.1 ports.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_ARGS, log, mtime, newestMtime, nodeBin, npmCmd, root, run, startChild } from './lib.mjs';

export const NGINX_BIN = process.env.NGINX_BIN || '/usr/sbin/nginx';

/** Builds the API (and the storefront) when their sources are newer than the build (as test:e2e does). */
export function buildIfStale({ web = true } = {}) {
  const apiSources = newestMtime(['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
  if (mtime('apps/api/dist/server.js') < apiSources) run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
  if (!web) return;
  const webSources = newestMtime([
    'apps/web/src',
    'apps/web/public',
    'apps/web/next.config.ts',
    'apps/web/build-server.mjs',
    'packages/contract/src',
  ]);
  if (Math.min(mtime('apps/web/.next/BUILD_ID'), mtime('apps/web/dist/server.js')) < webSources)
    run(npmCmd, ['run', 'build', '-w', '@podbor/web']);
}

/** The newest PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin), or PG_BIN. */
export function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base).filter((d) => existsSync(path.join(base, d, 'bin')))
    : [];
  if (!majors.length)
    throw new Error('PostgreSQL binaries not found: apt-get install postgresql, or set PG_BIN');
  return path.join(base, majors.sort((a, b) => Number(a) - Number(b)).at(-1), 'bin');
}

/**
 * Runs a PostgreSQL binary as the `postgres` user when this process is root (PostgreSQL refuses to run as root;
 * CI runs as root), else as whoever runs this.
 */
function pgRun(bin, args, { allowFail = false } = {}) {
  const cmd = path.join(pgBin(), bin);
  const res =
    process.getuid?.() === 0
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map(shellQuote).join(' ')], {
          encoding: 'utf8',
        })
      : spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.status !== 0 && !allowFail)
    throw new Error(`${bin} ${args.join(' ')} failed (${res.status}): ${res.stderr || res.stdout}`);
  return res;
}

function shellQuote(s) {
  return `'${String(s).replace(/'/g, `'\\''`)}'`;
}

/** A private work directory the `postgres` user may enter (its data directory lives inside). */
export function workDir(name) {
  const dir = path.join('/tmp', `podbor-${name}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  return dir;
}

/**
 * A streaming replica of the server of `primaryUrl` on `port`: pg_basebackup -R (standby.signal and
 * primary_conninfo written for it), WAL streamed during the copy, then started. The primary's server needs
 * replication connections allowed in pg_hba.conf (Debian's and initdb's defaults allow them from loopback).
 */
export async function startReplica(primaryUrl, port, dir) {
  const u = new URL(primaryUrl);
  // A standby refuses to start with fewer of these than its primary has (CI's primary runs with 300 connections).
  const { default: pg } = await import('pg');
  // The server's own `postgres` database: the one the URL names need not exist (CI's `podbor` does not).
  const serverUrl = new URL(primaryUrl);
  serverUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  const { rows } = await client.query(
    `select name, setting from pg_settings where name in ('max_connections', 'max_worker_processes',
       'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
  );
  await client.end();
  const settings = rows.map((r) => `-c ${r.name}=${r.setting}`).join(' ');
  const data = path.join(dir, 'replica');
  mkdirSync(data, { recursive: true });
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', data]);
  chmodSync(data, 0o700);
  const user = decodeURIComponent(u.username) || 'postgres';
  pgRun('pg_basebackup', [
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
    '-U',
    user,
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  pgRun('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'replica.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c hot_standby=on ${settings}`,
    'start',
  ]);
  const replica = new URL(primaryUrl);
  replica.port = String(port);
  return {
    /** DATABASE_REPLICA_URL for a database of the primary: the same name on the replica. */
    urlFor: (dbUrl) => {
      const r = new URL(dbUrl);
      r.hostname = '127.0.0.1';
      r.port = String(port);
      return r.toString();
    },
    stop: () => pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'], { allowFail: true }),
  };
}

/** Drops and creates the database `name` on the server of `url`; returns its URL. */
export async function freshDatabase(url, name) {
  const { default: pg } = await import('pg');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
  const db = new URL(url);
  db.pathname = `/${name}`;
  return db.toString();
}

/**
 * deploy/nginx.conf with the upstream servers replaced by 127.0.0.1 ports and its file paths moved under `dir`;
 * checked with `nginx -t`. Returns the config's path.
 */
export function renderNginx(dir, { shopPort, apiPort, webPorts, apiPorts }) {
  let conf = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
  const servers = (ports) =>
    ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    ');
  const replace = (re, to) => {
    if (!re.test(conf))
      throw new Error(`deploy/nginx.conf: ${re} not found (the harness's template markers)`);
    conf = conf.replace(re, to);
  };
  replace(/(upstream podbor_web \{\n)(\s*server web-\d:\d+[^\n]*\n)+/, `$1    ${servers(webPorts)}\n`);
  replace(/(upstream podbor_api \{\n)(\s*server api-\d:\d+[^\n]*\n)+/, `$1    ${servers(apiPorts)}\n`);
  replace(/listen 80; # harness: shop port/, `listen 127.0.0.1:${shopPort};`);
  replace(/listen 8080; # harness: api port/, `listen 127.0.0.1:${apiPort};`);
  replace(/pid [^;]+; # harness: pid/, `pid ${path.join(dir, 'nginx.pid')};`);
  replace(/error_log [^;]+; # harness: error_log/, `error_log ${path.join(dir, 'error.log')} warn;`);
  replace(/access_log [^;]+; # harness: access_log/, `access_log ${path.join(dir, 'access.log')} main;`);
  replace(/include mime\.types; # harness: mime\.types/, 'include /etc/nginx/mime.types;');
  conf = conf.replace(/(\w+_temp_path) \/tmp\/([\w-]+); # harness: temp/g, (_, key, name) => {
    const p = path.join(dir, name);
    mkdirSync(p, { recursive: true });
    // Workers of an nginx started as root run as nobody and write request bodies and buffered answers here.
    chmodSync(p, 0o777);
    return `${key} ${p};`;
  });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const test = spawnSync(NGINX_BIN, ['-t', '-p', dir, '-c', file], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  return file;
}

export function startNginx(dir, file) {
  return startChild('nginx', NGINX_BIN, ['-p', dir, '-c', file, '-g', 'daemon off;']);
}

/** An API process of the built app (`npm start`'s dist/server.js). */
export function startApi(name, port, env) {
  return startChild(name, nodeBin, API_ARGS, { env: { ...env, API_PORT: String(port) } });
}

/** A storefront process (its own server, dist/server.js) calling the API at `apiUrl`. */
export function startWeb(name, port, apiUrl, publicUrl, env) {
  return startChild(name, nodeBin, ['apps/web/dist/server.js'], {
    env: { ...env, PORT: String(port), API_URL: apiUrl, PUBLIC_URL: publicUrl, WEB_TRUST_PROXY: 'loopback' },
  });
}

/** Sends `signal` and resolves when the process has exited. */
export function stop(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill(signal);
  });
}

export { log };
