import { defineConfig } from '@playwright/test';
// @ts-expect-error -- plain ESM of the root scripts, without type declarations
import { CHROMIUM_ARGS as chromeArgs } from '../../scripts/lib.mjs';

// Browser suite of the storefront. scripts/test-e2e.mjs starts the seeded API and the storefront's server
// (dist/server.js) and passes BASE_URL, API_BASE_URL, DATABASE_URL and CHROME_PATH; against dev servers the
// defaults below apply.

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/web',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { outputFolder: '../../playwright-report', open: 'never' }]],
  use: {
    baseURL: process.env.BASE_URL || 'http://127.0.0.1:3000',
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // Recording a trace of every test (DOM snapshots and screencast frames of each step) costs CPU on the 2-core CI
    // machine for every passing test; in CI the retry of a failed test records one instead, locally every failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: chromeArgs },
  },
  projects: [
    // Tests tagged @desktop or @phone describe one layout only and run only in that project. Tests whose subject
    // does not depend on the width (HTTP answers and headers, redirects, cookies, structured data, search ranking,
    // server-side texts) are tagged @desktop too, so CI runs them once. Back-office tests
    // tagged @tablet run once, on the tablet, and save their screenshots at both widths (e2e/admin-support.ts).
    {
      name: 'desktop',
      grepInvert: /@phone|@tablet/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grepInvert: /@desktop/,
      // The back office is built for desks and tablets (issue #14): its specs run on desktop and tablet.
      testIgnore: /admin-.*\.spec\.ts/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: 'tablet',
      testMatch: /admin-.*\.spec\.ts/,
      grepInvert: /@desktop/,
      use: { browserName: 'chromium', viewport: { width: 1024, height: 768 }, hasTouch: true },
    },
  ],
});
