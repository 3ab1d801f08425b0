import { defineConfig } from 'vitest/config';

// The same suite runs on embedded PGlite (npm test) and on PostgreSQL (npm run test:e2e sets TEST_DATABASE_URL).
// Suites that need a Redis server (*.redis.test.ts) run only where REDIS_URL is given (test:e2e, CI).
// Suites that only mean something on a PostgreSQL server (*.pg.test.ts) run only with TEST_DATABASE_URL.
const withRedis = Boolean(process.env.REDIS_URL);
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'api-postgres' : 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      ...(withRedis ? [] : ['**/*.redis.test.ts']),
      ...(withPostgres ? [] : ['**/*.pg.test.ts']),
    ],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Each file starts its own database copy (~500 MB for PGlite); two at a time suit this 2-core machine.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
