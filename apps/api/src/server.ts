import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { migrate } from './db/migrate';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './lib/rate-limit';
import path from 'node:path';

/** Production entry: config → database (migrated) → Redis (optional) → HTTP; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const handle = await createDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
  });
  await migrate(handle);
  let limiter: RateLimiter = new MemoryRateLimiter();
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    limiter = new RedisRateLimiter(redis);
  }
  const app = await buildApp({ config, handle, limiter });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await handle.close();
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
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
