import { defineConfig } from 'vitest/config';

// One `npm test` runs every Node-only suite: the contract rules, the API on PGlite, the web unit tests.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
  },
});
