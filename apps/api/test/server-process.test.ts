import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@podbor/contract';
import { describe, expect, it } from 'vitest';

const apiRoot = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** The readiness answers seen while waiting, in order (status and body). */
  probes: { status: number; body: unknown }[];
  cleanup: () => void;
}

/**
 * The real entry point as `npm start` runs it, on an empty data directory: it listens at once and migrates
 * while listening; resolves once GET /api/health/ready answers 200.
 */
async function start(): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-proc-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      METRICS_TOKEN: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (b) => (output += b));
  child.stderr!.on('data', (b) => (output += b));
  const cleanup = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const probes: Started['probes'] = [];
  // Migrating a new embedded database takes seconds alone and a minute on a busy two-core machine.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      probes.push({ status: res.status, body: await res.json() });
      if (res.ok) return { child, port, output: () => output, probes, cleanup };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  cleanup();
  throw new Error(`the API did not get ready: ${output}`);
}

describe('server process', () => {
  it('starts on an empty data directory, gets ready once migrated, answers health, and exits 0 on SIGINT', async () => {
    const api = await start();
    try {
      // PGlite migrates on this process's own thread, so the probe mostly gets no answer until it is done; a
      // 503 is seen on PostgreSQL (server-process.pg.test.ts). Whatever was answered before ready was a 503.
      for (const probe of api.probes.slice(0, -1))
        expect(probe).toEqual({ status: 503, body: { errors: { detail: MESSAGES.serviceStarting } } });
      expect(api.probes.at(-1)).toEqual({ status: 200, body: { status: 'ok', database: 'pglite' } });
      const health = await fetch(`http://127.0.0.1:${api.port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
      const exited = new Promise<number | null>((r) => api.child.once('exit', (code) => r(code)));
      api.child.kill('SIGINT');
      expect(await exited, api.output()).toBe(0);
    } finally {
      api.cleanup();
    }
  }, 150_000);

  it('on SIGTERM finishes a request in flight, answers it, and exits 0', async () => {
    const api = await start();
    try {
      const body = JSON.stringify({ page: 1 });
      // A request whose body arrives slowly: in flight when the signal comes.
      const req = request({
        host: '127.0.0.1',
        port: api.port,
        method: 'POST',
        path: '/api/v1/catalog/no-such-category/products/',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent: false,
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (b) => (text += b));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
      });
      req.write(body.slice(0, 3));
      await new Promise((r) => setTimeout(r, 300));
      const exited = new Promise<number | null>((r) => api.child.once('exit', (code) => r(code)));
      api.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1_000));
      // Still running: it waits for the request.
      expect(api.child.exitCode, api.output()).toBeNull();
      req.end(body.slice(3));
      const res = await answer;
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ errors: { detail: MESSAGES.notFound } });
      expect(await exited, api.output()).toBe(0);
    } finally {
      api.cleanup();
    }
  }, 150_000);
});
