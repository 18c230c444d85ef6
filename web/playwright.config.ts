// End-to-end tests in Debian's Chromium (/usr/bin/chromium, installed by `make`):
// each worker starts its own `cardtable serve` on a free port with a fresh database
// (e2e/fixtures.ts). `npm run screenshots` makes the pictures of docs/screenshots.

import { defineConfig } from '@playwright/test';

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    ...chromium,
    viewport: { width: 1280, height: 860 },
    locale: 'en-GB',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'e2e', testIgnore: /screenshots\.spec\.ts/ },
    { name: 'screenshots', testMatch: /screenshots\.spec\.ts/ },
  ],
});
