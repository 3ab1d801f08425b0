import { Redis } from 'ioredis';
import { buildApp, closeApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { replicaObserver } from './lib/metrics';
import { migrate } from './db/migrate';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './lib/rate-limit';
import { Readiness } from './lib/readiness';
import path from 'node:path';

/** How long a shutdown waits for in-flight requests before it gives up and exits 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Production entry: config → database → HTTP, then the migrations while already listening (GET
 * /api/health/ready answers 503 and every other call 503 «Сервис запускается» until they are done) → Redis
 * (optional); stops cleanly on SIGINT/SIGTERM, letting in-flight requests finish.
 */
async function main() {
  const config = loadConfig();
  const handle = await createDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    replicas: config.databaseReplicas,
    replicaObserver,
  });
  let limiter: RateLimiter = new MemoryRateLimiter();
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    limiter = new RedisRateLimiter(redis);
  }
  const readiness = new Readiness(true);
  const app = await buildApp({ config, handle, limiter, readiness });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.stop();
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    try {
      // Stops accepting, lets in-flight requests and handlers finish, then closes jobs, Redis and the pool in order.
      await closeApp(app, handle);
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info('applying migrations');
  await migrate(handle);
  readiness.migrated();
  app.log.info('migrations applied; ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
