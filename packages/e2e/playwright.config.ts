import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Browser tests against the real server (embedded PostgreSQL, demo data) serving the built web app
 * (`npm run test:e2e` builds it first). Debian's Chromium drives the pages; nothing is downloaded.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 5123);
const pgPort = Number(process.env.E2E_PG_PORT ?? 5498);
/** a fresh data directory each run: new database, fresh demo organisation */
const dataDir = path.join(here, 'test-output', 'server-data');
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-output/results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // one browser at a time: the machine has 2 cores shared with the server and its database
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: 'test-output/report', open: 'never' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node ../../node_modules/.bin/tsx ../server/src/main.ts`,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
    },
  },
});
