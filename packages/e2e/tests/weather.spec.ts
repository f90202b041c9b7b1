import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { signIn, snap } from '../src/support/shell';
import { client, token } from '../src/support/api';

/**
 * Issue 16, weather on widgets (`includeWeatherIcons`): without an OpenWeatherMap key (the suite's
 * server) the option is not offered in a line chart's settings; a second server started here with a
 * key and the base address of a local server speaking One Call 3.0's documented "timemachine" format
 * offers it, and once switched on the line chart shows one icon per day with the provider's words.
 */
test.describe.configure({ timeout: 420_000, mode: 'serial' });

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 5123) + 5;
const pgPort = Number(process.env.E2E_PG_PORT ?? 5498) + 5;
const calls: URL[] = [];

/** GET /data/3.0/onecall/timemachine?lat&lon&dt&appid -> {lat, lon, timezone, data: [{dt, temp, weather}]} */
function fakeOpenWeatherMap(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(url);
    if (url.pathname !== '/data/3.0/onecall/timemachine') return void res.writeHead(404).end();
    if (url.searchParams.get('appid') !== 'e2e-key') return void res.writeHead(401).end();
    const dt = Number(url.searchParams.get('dt'));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        lat: Number(url.searchParams.get('lat')),
        lon: Number(url.searchParams.get('lon')),
        timezone: 'America/Toronto',
        timezone_offset: -18000,
        data: [
          {
            dt,
            temp: 21.4,
            humidity: 50,
            weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01d' }],
          },
        ],
      }),
    );
  });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'footfall-e2e-weather-'));
  const child = spawn(process.execPath, ['--enable-source-maps', '../server/dist/main.js'], {
    cwd: path.resolve(here, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      LIVE_DEMO_GENERATOR: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A dashboard with one line chart on the first demo location with coordinates, the default view. */
async function lineChartDashboard(request: APIRequestContext) {
  const api = client(request, await token(request, 'user'));
  const tree = await api.get<{ id: string; type: string; children: unknown[] }[]>('/api/OrganizationalTree');
  const flat = (nodes: { id: string; type: string; children: unknown[] }[]): { id: string; type: string }[] =>
    nodes.flatMap((n) => [n, ...flat(n.children as typeof nodes)]);
  const store = flat(tree).find((n) => n.type === 'StoreNodeAttributes')!;
  const json = {
    widgets: [
      {
        layout: { i: 'line', x: 0, y: 0, w: 500, h: 32 },
        type: { name: 'lineChart', vueComponent: 'lineChart' },
        kpis: ['TrafficIn'],
      },
    ],
    selectedTimePeriod: { value: 'last7d' },
    fullTreeViewSelection: [store.id],
  };
  return api.send<{ id: string }>('POST', '/api/Dashboard', { name: 'Weather', json: JSON.stringify(json) });
}

async function openLineSettings(page: Page, dashboardId: string) {
  await page.goto(`/en/dashboard/${dashboardId}`);
  await expect(page.getByTestId('widget')).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Configure widget' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

test('without a key the weather option is hidden, never an error', async ({ page, request }) => {
  const dash = await lineChartDashboard(request);
  const api = client(request, await token(request, 'user'));
  expect(await api.get('/api/OpenWeatherMap/status')).toEqual({ enabled: false });
  await signIn(page, 'user', 'en');
  await openLineSettings(page, dash.id);
  await expect(page.getByRole('dialog').getByText('Indicators on the right axis').first()).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Weather icons')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('widget-weather')).toHaveCount(0);
});

test('with a key the line chart shows the provider’s weather of each day', async ({
  browser,
  playwright,
}) => {
  const fake = fakeOpenWeatherMap();
  await new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok));
  const server = await startServer({
    OPENWEATHERMAP_API_KEY: 'e2e-key',
    OPENWEATHERMAP_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  });
  try {
    const baseURL = `http://localhost:${port}`;
    const request = await playwright.request.newContext({ baseURL });
    const api = client(request, await token(request, 'user'));
    expect(await api.get('/api/OpenWeatherMap/status')).toEqual({ enabled: true });
    const dash = await lineChartDashboard(request);
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'user', 'en');
    await openLineSettings(page, dash.id);
    await page.getByRole('dialog').getByText('Weather icons').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const strip = page.getByTestId('widget-weather');
    await expect(strip).toBeVisible();
    // the last 7 days, one icon each, in the provider's words, the temperature rounded
    await expect(strip.getByRole('listitem')).toHaveCount(7);
    await expect(strip.getByRole('listitem').first()).toHaveAttribute('aria-label', /: clear sky, 21 °C$/);
    expect(calls.some((u) => u.searchParams.get('appid') === 'e2e-key')).toBe(true);
    await snap(page, 'weather-line-chart-en');
    await expectNoSeriousA11yViolations(page, 'weather-line-chart-en');
    await context.close();
    await request.dispose();
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    await new Promise<void>((ok) => fake.close(() => ok()));
  }
});
