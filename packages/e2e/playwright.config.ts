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
/**
 * One server per worker, each with its own embedded PostgreSQL and fresh demo organisation, so
 * parallel spec files never see each other's writes. Worker N talks to server N: Playwright gives
 * each worker process its slot in TEST_PARALLEL_INDEX (0 in the main process, which starts them).
 */
const servers = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % servers;
const urlOf = (i: number) => `http://localhost:${port + i}`;
const baseURL = urlOf(slot);

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-output/results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: servers,
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
    // recording a trace costs every test CPU time (screencast frames, DOM snapshots); in CI a failed test
    // is retried once with the trace on, locally a failed test keeps the trace it recorded
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: servers }, (_, i) => {
    /** a fresh data directory each run: new database, fresh demo organisation (named by port, so that
     * two runs on different ports never remove each other's database) */
    const dataDir = path.join(here, 'test-output', `server-data-${port + i}`);
    return {
      command: `rm -rf "${dataDir}" && node --enable-source-maps ../server/dist/main.js`,
      url: `${urlOf(i)}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(port + i),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort + i),
        PUBLIC_URL: urlOf(i),
        LOG_LEVEL: 'warn',
      },
    };
  }),
});
