import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
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

/** The real entry point as `npm start` runs it: migrates an empty embedded database, serves, stops on Ctrl-C. */
describe('server process', () => {
  it('starts on an empty data directory, answers health, and exits 0 on SIGINT', async () => {
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
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b) => (output += b));
    child.stderr.on('data', (b) => (output += b));
    try {
      let health: unknown;
      // Migrating a new embedded database takes seconds alone and a minute on a busy two-core machine.
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline && child.exitCode === null) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          health = await res.json();
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      expect(health, output).toEqual({ status: 'ok', database: 'pglite' });
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
