import { defineConfig } from '@playwright/test';

// The hostile phase of `npm run test:e2e`: scripts/test-e2e.mjs starts a second API + storefront pair with tight
// per-address limits (exhausting them would block the main suite, which comes from the same address) and passes
// BASE_URL, API_BASE_URL, DATABASE_URL, REDIS_URL and ORDERS_PER_IP_PER_HOUR. HTTP only: no browser is started.
export default defineConfig({
  testDir: '.',
  outputDir: '../../../test-results/web-hostile',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: { baseURL: process.env.BASE_URL || 'http://127.0.0.1:3000' },
});
