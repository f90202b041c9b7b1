import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { DEMO_PASSWORD, LANGS, signIn, snap, type DemoUser } from '../src/support/shell';

/**
 * Monitoring screens (issue 13) against the real server and its demo data. The incidents are made the
 * way a real one happens: a device whose clock runs ahead sends an interval stamped three hours in the
 * future, and the detection job (every minute) raises a clockDrift incident for it. The figures the
 * screens show are compared with the API's answers for the same user.
 */
interface DeviceHealth {
  deviceId: string;
  name: string;
  macAddress: string | null;
  locationName: string | null;
  status: string;
  openIncidents: number;
}
interface Incident {
  id: string;
  rule: string;
  severity: string;
  status: string;
  deviceId: string | null;
  deviceName: string | null;
  ticketNumber: string | null;
  review: unknown;
}
interface SeriesInfo {
  timeSeriesId: string;
  measurementProtocol: string;
  metaTags: string[];
}

async function api(request: APIRequestContext, username: DemoUser) {
  const res = await request.post('/authentication', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    async get<T>(url: string): Promise<T> {
      const r = await request.get(url, { headers });
      expect(r.ok(), `${url} ${r.status()}`).toBeTruthy();
      return (await r.json()) as T;
    },
    async post<T>(url: string, data: unknown): Promise<T> {
      const r = await request.post(url, { headers, data });
      expect(r.ok(), `${url} ${r.status()} ${await r.text()}`).toBeTruthy();
      return (await r.json()) as T;
    },
  };
}
type Api = Awaited<ReturnType<typeof api>>;

/** A clock three hours ahead on `device`: one TrafficIn interval stamped in the future. */
async function driftClock(superadmin: Api, device: DeviceHealth) {
  const series = await superadmin.get<SeriesInfo[]>(`/api/TimeSeries/info/${device.deviceId}`);
  const trafficIn = series.find((s) => s.measurementProtocol === 'TrafficIn' && s.metaTags.length === 0)!;
  const future = new Date(Date.now() + 3 * 3600_000);
  future.setUTCSeconds(0, 0);
  await superadmin.post('/api/ingest/measurements', {
    measurements: [{ timeSeriesId: trafficIn.timeSeriesId, occurredOn: future.toISOString(), value: 1 }],
  });
}

/** Waits for the detection job to raise an open clockDrift incident on each device. */
async function driftIncidents(superadmin: Api, devices: DeviceHealth[]): Promise<Incident[]> {
  let found: Incident[] = [];
  await expect
    .poll(
      async () => {
        const page = await superadmin.get<{ items: Incident[] }>(
          '/api/Monitoring/Incidents?openOnly=true&rule=clockDrift&limit=100',
        );
        found = devices.map((d) => page.items.find((i) => i.deviceId === d.deviceId && i.status === 'open')!);
        return found.every(Boolean);
      },
      { timeout: 240_000, intervals: [5_000] },
    )
    .toBe(true);
  return found;
}

const drawer = (page: Page) => page.getByTestId('monitoring-drawer');

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let devices: DeviceHealth[] = [];
let incidents: Incident[] = [];

test.beforeAll(async ({ request }) => {
  const superadmin = await api(request, 'superadmin');
  // two devices without an open incident, so that the new ones are theirs
  devices = (await superadmin.get<DeviceHealth[]>('/api/Monitoring/devices'))
    .filter((d) => d.openIncidents === 0)
    .slice(0, 2);
  expect(devices).toHaveLength(2);
  for (const d of devices) await driftClock(superadmin, d);
  incidents = await driftIncidents(superadmin, devices);
});

test('approve an incident into a ticket, comment, then close it with a note', async ({ page, request }) => {
  const superadmin = await api(request, 'superadmin');
  const incident = incidents[0]!;
  await signIn(page, 'superadmin');
  await page.goto('/en/monitoring/tickets?tab=review');
  const row = page.getByTestId('incident-row').filter({ hasText: incident.deviceName! });
  await row.getByRole('button').first().click();
  await expect(drawer(page).getByTestId('incident-summary')).toContainText('Clock drift');
  await drawer(page).getByRole('button', { name: 'Approve' }).click();
  await drawer(page).getByLabel('Comment (optional)').fill('Clock ahead by 3 h, technician booked.');
  await drawer(page).getByRole('button', { name: 'Open a ticket' }).click();

  // the drawer now shows the new ticket, whose number the server gave
  await expect(drawer(page).getByRole('heading', { name: /^Ticket T-\d{6,}$/ })).toBeVisible();
  const approved = (
    await superadmin.get<{ items: Incident[] }>('/api/Monitoring/Incidents?rule=clockDrift&limit=100')
  ).items.find((i) => i.id === incident.id)!;
  expect(approved.ticketNumber).toMatch(/^T-\d{6,}$/);
  const ticket = approved.ticketNumber!;
  await expect(drawer(page).getByRole('heading', { name: `Ticket ${ticket}` })).toBeVisible();
  await expect(drawer(page).getByTestId('ticket-timeline')).toContainText('Approved, ticket opened');
  await expect(drawer(page).getByTestId('ticket-timeline')).toContainText('Clock ahead by 3 h');

  await drawer(page).getByLabel('Comment', { exact: true }).fill('Firmware clock resynchronised.');
  await drawer(page).getByRole('button', { name: 'Add comment' }).click();
  await expect(drawer(page).getByTestId('ticket-comments')).toContainText('Firmware clock resynchronised.');

  // closing needs a note: none sends nothing and says so
  await drawer(page).getByTestId('ticket-close').click();
  await drawer(page).getByRole('button', { name: 'Close the ticket' }).click();
  await expect(drawer(page).getByText('Say how the ticket was resolved.')).toBeVisible();
  const stillOpen = await superadmin.get<{ status: string }>(`/api/Monitoring/Tickets/${ticket}`);
  expect(stillOpen.status).toBe('open');
  await drawer(page).getByLabel('Resolution note').fill('Clock fixed on site.');
  await drawer(page).getByRole('button', { name: 'Close the ticket' }).click();
  await expect(drawer(page).getByTestId('ticket-status-closed')).toBeVisible();
  const closed = await superadmin.get<{ status: string; closeNote: string }>(
    `/api/Monitoring/Tickets/${ticket}`,
  );
  expect(closed).toMatchObject({ status: 'closed', closeNote: 'Clock fixed on site.' });

  // the closed ticket is in the history, no longer among the open ones
  await drawer(page).getByRole('button', { name: 'Close the panel' }).click();
  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('ticket-row').filter({ hasText: ticket })).toBeVisible();
  await page.getByTestId('tab-open').click();
  await expect(page.getByTestId('ticket-row').filter({ hasText: ticket })).toHaveCount(0);
});

test('discard an incident as a false alarm, with a reason', async ({ page, request }) => {
  const superadmin = await api(request, 'superadmin');
  const incident = incidents[1]!;
  await signIn(page, 'devicemanager');
  await page.goto('/en/monitoring/tickets?tab=review');
  await page
    .getByTestId('incident-row')
    .filter({ hasText: incident.deviceName! })
    .getByRole('button')
    .first()
    .click();
  await drawer(page).getByRole('button', { name: 'Discard' }).click();
  await drawer(page).getByRole('button', { name: 'Discard as a false alarm' }).click();
  await expect(drawer(page).getByText('Give the reason it is a false alarm.')).toBeVisible();
  await drawer(page).getByLabel('Reason').fill('Test clock set by the installer.');
  await drawer(page).getByRole('button', { name: 'Discard as a false alarm' }).click();
  await expect(page.getByText('Incident discarded.')).toBeVisible();
  await expect(page.getByTestId('incident-row').filter({ hasText: incident.deviceName! })).toHaveCount(0);
  const after = (
    await superadmin.get<{ items: Incident[] }>('/api/Monitoring/Incidents?rule=clockDrift&limit=100')
  ).items.find((i) => i.id === incident.id)!;
  expect(after.status).toBe('discarded');
  expect(after.review).toMatchObject({ decision: 'discarded', text: 'Test clock set by the installer.' });
});

test('the badge shows the open tickets count, and 99+ above 99', async ({ page, request }) => {
  const admin = await api(request, 'admin');
  await signIn(page, 'admin');
  const counted = page.waitForResponse((r) => r.url().includes('/api/Monitoring/GetNbOpenTickets'));
  await page.goto('/en/settings/tree');
  const { count } = (await (await counted).json()) as { count: number };
  expect(count).toBe((await admin.get<{ count: number }>('/api/Monitoring/GetNbOpenTickets')).count);
  const badge = page.getByTestId('ticket-badge').locator('.MuiBadge-badge');
  if (count === 0) await expect(badge).toHaveClass(/MuiBadge-invisible/);
  else await expect(badge).toHaveText(count > 99 ? '99+' : String(count));

  await page.route('**/api/Monitoring/GetNbOpenTickets', (route) => route.fulfill({ json: { count: 150 } }));
  await page.reload();
  await expect(badge).toHaveText('99+');
  await page.getByRole('link', { name: 'Open monitoring tickets' }).click();
  await expect(page).toHaveURL(/\/en\/monitoring\/tickets$/);
});

test('devices: the list is the API list, search and status filter, then one device', async ({
  page,
  request,
}) => {
  const manager = await api(request, 'devicemanager');
  const all = await manager.get<DeviceHealth[]>('/api/Monitoring/devices');
  await signIn(page, 'devicemanager');
  await page.goto('/en/monitoring/devices');
  await expect(page.getByTestId('device-row')).toHaveCount(all.length);
  await expect(page.getByTestId('sparkline').first().locator('canvas')).toBeVisible();

  const target = all.find((d) => d.macAddress) ?? all[0]!;
  await page
    .getByTestId('device-search')
    .getByRole('textbox')
    .fill(target.macAddress ?? target.name);
  await expect(page.getByTestId('device-row')).toHaveCount(1);
  await expect(page.getByTestId('device-row')).toContainText(target.name);
  await page.getByTestId('device-search').getByRole('textbox').fill('');
  await expect(page.getByTestId('device-row')).toHaveCount(all.length);

  const status = all[0]!.status;
  const ofStatus = all.filter((d) => d.status === status).length;
  await page.getByTestId('device-status-filter').click();
  await page
    .getByRole('option')
    .nth(1 + ['online', 'late', 'offline', 'noDataExpected', 'neverReported'].indexOf(status))
    .click();
  await expect(page.getByTestId('device-row')).toHaveCount(ofStatus);

  await page.getByTestId('device-row').filter({ hasText: all[0]!.name }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/en/monitoring/devices/${all[0]!.deviceId}$`));
  await expect(page.getByRole('heading', { level: 1, name: all[0]!.name })).toBeVisible();
  if (all[0]!.macAddress) await expect(page.getByText(all[0]!.macAddress)).toBeVisible();
  await expect(page.getByTestId('activity-chart').locator('canvas')).toBeVisible();
  const history = await manager.get<{ fullCount: number }>(
    `/api/Monitoring/Incidents?nodeIds=${all[0]!.deviceId}&limit=10`,
  );
  if (history.fullCount === 0) await expect(page.getByTestId('incident-row-empty')).toBeVisible();
  else await expect(page.getByTestId('incident-row')).toHaveCount(Math.min(10, history.fullCount));

  // a device outside the scope, or unknown, says so
  await page.goto('/en/monitoring/devices/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('device-not-found')).toBeVisible();
});

test('incidents: filters narrow the list as the API does', async ({ page, request }) => {
  const superadmin = await api(request, 'superadmin');
  const count = async (q: string) =>
    (await superadmin.get<{ fullCount: number }>(`/api/Monitoring/Incidents?limit=25${q}`)).fullCount;
  await signIn(page, 'superadmin');
  await page.goto('/en/monitoring/incidents');
  const shown = page.getByTestId('incidents-count');
  await expect(shown).toHaveText(`${await count('&openOnly=true')} incidents`);

  await page.getByTestId('filter-open-only').click();
  await expect(shown).toHaveText(`${await count('')} incidents`);
  await page.getByTestId('filter-rule').click();
  await page.getByRole('option', { name: 'Clock drift' }).click();
  await expect(shown).toHaveText(`${await count('&rule=clockDrift')} incidents`);
  const rows = page.getByTestId('incident-row');
  await expect(rows.first()).toContainText('Clock drift');
  for (const text of await rows.allTextContents()) expect(text).toContain('Clock drift');
  await page.getByTestId('filter-severity').click();
  await page.getByRole('option', { name: 'Error' }).click();
  await expect(shown).toHaveText(`${await count('&rule=clockDrift&severity=error')} incidents`);
  await page.getByTestId('filter-severity').click();
  await page.getByRole('option', { name: 'All' }).click();
  await page.getByTestId('filter-scope').click();
  await page.getByRole('option', { name: 'Location' }).click();
  await expect(shown).toHaveText(`${await count('&rule=clockDrift&scopeType=1')} incidents`);
  await page.getByTestId('filter-scope').click();
  await page.getByRole('option', { name: 'Device' }).click();
  await expect(shown).toHaveText(`${await count('&rule=clockDrift&scopeType=0')} incidents`);

  // the approved incident opens under its ticket's URL; closing the panel keeps the filters
  await rows
    .filter({ hasText: /T-\d{6}/ })
    .first()
    .getByRole('button')
    .first()
    .click();
  await expect(page).toHaveURL(/\/en\/monitoring\/incidents\/T-\d{6,}$/);
  await expect(drawer(page).getByTestId('ticket-timeline')).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Close the panel' }).click();
  await expect(page).toHaveURL(/\/en\/monitoring\/incidents$/);
  await expect(shown).toHaveText(`${await count('&rule=clockDrift&scopeType=0')} incidents`);
});

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'mobile', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

// one test per width and language: twelve screens and three drawers in one test outran its time on the loaded machine
for (const width of WIDTHS) {
  for (const lang of LANGS) {
    test(`screens in ${lang} at ${width.name} width, with no serious axe violation`, async ({ browser }) => {
      test.slow();
      const { name: _n, ...options } = width;
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await signIn(page, 'superadmin');
      const device = devices[0]!;
      {
        const screens: [string, string, string][] = [
          ['tickets', `/${lang}/monitoring/tickets?tab=history`, 'tab-history'],
          ['devices', `/${lang}/monitoring/devices`, 'device-row'],
          ['device', `/${lang}/monitoring/devices/${device.deviceId}`, 'activity-chart'],
          ['incidents', `/${lang}/monitoring/incidents`, 'incident-filters'],
        ];
        for (const [name, url, ready] of screens) {
          await page.goto(url);
          await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
          await expect(page.locator('.MuiCircularProgress-indeterminate')).toHaveCount(0, {
            timeout: 30_000,
          });
          await snap(page, `monitoring-${name}-${lang}-${width.name}`);
          await expectNoSeriousA11yViolations(page, `monitoring ${name} ${lang} (${width.name})`);
        }
        // the ticket drawer, from the history
        await page.goto(`/${lang}/monitoring/tickets?tab=history`);
        await expect(page.locator('.MuiCircularProgress-indeterminate')).toHaveCount(0, { timeout: 30_000 });
        // the journeys above closed a ticket; run alone, the history may be empty
        if ((await page.getByTestId('ticket-row').count()) > 0) {
          await page.getByTestId('ticket-row').first().getByRole('button').first().click();
          await expect(drawer(page).getByTestId('ticket-timeline')).toBeVisible();
          await snap(page, `monitoring-ticket-drawer-${lang}-${width.name}`);
          await expectNoSeriousA11yViolations(page, `monitoring ticket drawer ${lang} (${width.name})`);
        }
      }
      await context.close();
    });
  }
}
