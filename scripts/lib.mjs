// Small helpers shared by the root scripts (start, seed, bench, test:e2e). Plain Node, no dependencies,
// because `npm start` runs them before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const nodeBin = process.execPath;
export const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Node's arguments for the API process (`node …API_ARGS`). A larger young generation: the API allocates per request
 * (rows, the answer's objects, its JSON), and with V8's default semi-space scavenges took a tenth of its CPU under
 * load; 32 MB cut its CPU per uncached listing by about a tenth (issue #18). deploy/Dockerfile.api starts it so too.
 */
export const API_ARGS = ['--max-semi-space-size=32', 'apps/api/dist/server.js'];

/** Chromium's flags for every headless run here (Playwright suites, screenshots, Lighthouse): no sandbox as root, no
 * GPU, and nothing that reaches the network on its own (only npm and apt are reachable from this machine). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function log(msg) {
  console.log(`\x1b[36m[podbor]\x1b[0m ${msg}`);
}

/** Runs a command to completion, inheriting stdio; throws on a non-zero exit. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: root,
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${res.status ?? res.signal}`);
}

/**
 * `run` without blocking this process: for commands that run while children started by `startChild` are up.
 * spawnSync would stop this process reading their piped output, and a child whose stdout pipe fills (the
 * storefront's access log) then blocks in its write and stops answering.
 */
export function runAsync(cmd, args, opts = {}) {
  const child = spawn(cmd, args, {
    stdio: 'inherit',
    cwd: root,
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** Starts a long-running child; its output is prefixed so the two servers can be told apart. */
export function startChild(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, {
    cwd: root,
    ...opts,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) =>
    stream.on('data', (buf) => {
      for (const line of buf.toString().split('\n')) if (line) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  let lastErr;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastErr = new Error(`HTTP ${res.status}`);
    } catch (e) {
      lastErr = e;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${lastErr?.message}`);
}

/** Newest modification time under the given paths (skipping build output and dependencies). */
export function newestMtime(paths) {
  let newest = 0;
  const skip = new Set(['node_modules', '.next', 'dist', 'e2e', 'test-results']);
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (!skip.has(name)) walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}

export function mtime(p) {
  const full = path.join(root, p);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}
