import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * The door screen in a real browser against the real server: a fresh store with one door, a live
 * view with small thresholds, counts ingested over HTTP. The screen must turn amber then red as
 * people come in (pushed by the hub, no reload), and green again after an operator adjustment.
 * Screenshots at phone and TV sizes are kept under test-output/screenshots.
 */
const TV = { width: 1920, height: 1080 };
const PHONE = { width: 390, height: 844 };

async function tokenOf(request: APIRequestContext, username: string) {
  const res = await request.post('/authentication', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A store with a door (in and out series) and a live view: green under 3, amber from 3, red from 5. */
async function makeStore(request: APIRequestContext, token: string, viewName = 'Front door') {
  const me = await call<{ scope: string }>(request, token, 'GET', '/api/User/Current');
  const store = await call<{ id: string }>(request, token, 'POST', '/api/OrganizationalTree', {
    parentId: me.scope,
    name: `E2E live store ${Date.now()}`,
    type: 'location',
    attributes: { timezone: 'America/Toronto', capacity: 6 },
  });
  const door = await call<{ id: string }>(request, token, 'POST', '/api/OrganizationalTree', {
    parentId: store.id,
    name: 'Front door',
    type: 'device',
  });
  const series = async (measurementProtocol: string) =>
    (
      await call<{ timeSeriesId: string }>(request, token, 'POST', '/api/TimeSeries', {
        nodeId: door.id,
        measurementProtocol,
      })
    ).timeSeriesId;
  const trafficIn = await series('TrafficIn');
  await series('TrafficOut');
  const view = await call<{ id: string; occupancyId: string | null }>(
    request,
    token,
    'POST',
    '/api/LiveView',
    {
      name: viewName,
      nodeId: store.id,
      warningThreshold: 3,
      alertThreshold: 5,
    },
  );
  expect(view.occupancyId, 'the store follows its occupancy').not.toBeNull();
  let last = 0;
  const comeIn = async (people: number) => {
    // each count is dated now (the server runs on this machine), strictly after the previous one: a
    // count dated before an operator's adjustment is rightly absorbed by it, so a count must never
    // be back-dated across one
    while (Date.now() <= last) await new Promise((resolve) => setTimeout(resolve, 2));
    last = Date.now();
    return call(request, token, 'POST', '/api/ingest/measurements', {
      measurements: [{ timeSeriesId: trafficIn, occurredOn: new Date(last).toISOString(), value: people }],
    });
  };
  return { view, comeIn };
}

const screen = (page: Page) => page.getByTestId('liveview-screen');

test('a live view turns amber then red as people come in, and green after an adjustment', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'admin');
  const { view, comeIn } = await makeStore(request, token);

  await signIn(page, 'admin');
  await page.setViewportSize(TV);
  await page.goto(`/en/liveview/authorized/${view.id}`);
  await expect(screen(page)).toHaveAttribute('data-level', 'normal');
  await expect(page.getByRole('status').first()).toHaveAttribute('data-live-status', 'acknowledged');
  await expect(page.getByTestId('liveview-title')).toHaveText('Welcome, come in');
  await snap(page, 'liveview-tv-green');
  await expectNoSeriousA11yViolations(page, 'liveview-tv-green');

  await comeIn(3);
  await expect(screen(page)).toHaveAttribute('data-level', 'warning');
  await expect(page.getByTestId('liveview-count')).toHaveText('3');
  await comeIn(2);
  await expect(screen(page)).toHaveAttribute('data-level', 'alert');
  await expect(page.getByTestId('liveview-title')).toHaveText('Please wait');
  await expect(page.getByTestId('liveview-left')).toHaveText('0');
  await snap(page, 'liveview-tv-red');
  await expectNoSeriousA11yViolations(page, 'liveview-tv-red');

  // the operator sees people leave through the side door and sets the count
  await page.getByTestId('operator-set-input').fill('1');
  await page.getByRole('button', { name: 'Set' }).click();
  await expect(screen(page)).toHaveAttribute('data-level', 'normal');
  await expect(page.getByTestId('liveview-count')).toHaveText('1');

  // the same screen on a phone, in French (inside the mobile layout)
  await page.setViewportSize(PHONE);
  await page.goto(`/fr/liveview/${view.id}`);
  await expect(screen(page)).toHaveAttribute('data-level', 'normal');
  await expect(page.getByTestId('liveview-title')).toHaveText('Bienvenue, entrez');
  await snap(page, 'liveview-phone-fr-green');
  await expectNoSeriousA11yViolations(page, 'liveview-phone-fr-green');
  await comeIn(5);
  await expect(screen(page)).toHaveAttribute('data-level', 'alert');
  await snap(page, 'liveview-phone-fr-red');
  await expectNoSeriousA11yViolations(page, 'liveview-phone-fr-red');
});

test('a public link shows one live view without signing in, until it is revoked', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'admin');
  const { view, comeIn } = await makeStore(request, token);
  const share = await call<{ path: string }>(request, token, 'POST', `/api/LiveView/${view.id}/share`);
  await page.setViewportSize(PHONE);
  await page.goto(`/es${share.path}`);
  await expect(screen(page)).toHaveAttribute('data-level', 'normal');
  await expect(page.getByTestId('liveview-title')).toHaveText('Bienvenido, pase');
  await comeIn(4);
  await expect(screen(page)).toHaveAttribute('data-level', 'warning');
  await snap(page, 'liveview-public-phone-es-amber');
  await expectNoSeriousA11yViolations(page, 'liveview-public-phone-es-amber');
  await page.setViewportSize(TV);
  await snap(page, 'liveview-public-tv-es-amber');
  await expectNoSeriousA11yViolations(page, 'liveview-public-tv-es-amber');

  const res = await request.fetch(`/api/LiveView/${view.id}/share`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(204);
  await page.reload();
  await expect(page.getByTestId('liveview-message')).toContainText('ya no es válido');
  await expectNoSeriousA11yViolations(page, 'revoked public live view (es)');
});

test('queue and customer screens draw at TV size', async ({ page, request }) => {
  const token = await tokenOf(request, 'admin');
  // named to be the first live view (by name) of the admin's scope: the Verizon screen shows the first
  // one, and a demo store's may be black at this hour (outside its business hours)
  const { view } = await makeStore(request, token, '0 E2E TV screen');
  await signIn(page, 'admin');
  await page.setViewportSize(TV);
  for (const [route, name] of [
    [`/en/liveview/queue/${view.id}/fr`, 'queue-fr'],
    [`/en/liveview/queue/hekla/${view.id}`, 'queue-hekla'],
    [`/en/liveview/customQueue/${view.id}`, 'queue-custom'],
    [`/en/liveview/familiprix/${view.id}`, 'familiprix'],
    ['/en/liveview/verizon/customersassistance', 'verizon'],
  ] as const) {
    await page.goto(route);
    await expect(
      page.locator('[data-testid="liveview-queue"], [data-testid="liveview-screen"]'),
    ).toBeVisible();
    if (name === 'queue-fr') await expect(page.getByText('Personnes en attente')).toBeVisible();
    await snap(page, `liveview-tv-${name}`);
    await expectNoSeriousA11yViolations(page, `liveview-tv-${name}`);
  }
});

test('showtimes list the day with live occupancy, over capacity, and import sessions from CSV', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'admin');
  const { view, comeIn } = await makeStore(request, token);
  const store = await call<{ nodeId: string }>(request, token, 'GET', `/api/LiveView/${view.id}`);
  const event = await call<{ id: string }>(request, token, 'POST', '/api/SiteEvent', {
    name: `E2E hall ${Date.now()}`,
    nodeId: store.nodeId,
  });
  // a session running now in Toronto time, with 2 tickets sold
  const local = (d: Date) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Toronto',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(d)
      .replace(',', '');
  const now = new Date();
  await call(request, token, 'POST', `/api/SiteEvent/${event.id}/sessions`, {
    title: 'Matinee',
    start: local(new Date(now.getTime() - 30 * 60_000)),
    durationMinutes: 120,
    occupancySold: 2,
    occupancyMax: 6,
    alertsRaw: 'VIP; Wheelchair',
  });
  await comeIn(3);

  await signIn(page, 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/en/orgtreeevent');
  const block = page.getByTestId('showtimes-event').filter({ hasText: 'E2E hall' }).last();
  await expect(block.getByTestId('session-row')).toHaveCount(1);
  await expect(block.getByTestId('over-capacity')).toBeVisible();
  await expect(block.getByTestId('event-occupancy')).toHaveText('3');

  // CSV import through the page: a bad line imports nothing and names the line
  const today = local(now).slice(0, 10);
  await block.getByTestId('showtimes-import-input').setInputFiles({
    name: 'sessions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`date;time;title;duration\n${today};23:00;Late show;60\n${today};25:00;Broken;60\n`),
  });
  await expect(block.getByTestId('showtimes-import-errors')).toContainText('Line 3');
  await block.getByTestId('showtimes-import-input').setInputFiles({
    name: 'sessions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`date;time;title;duration;occupancySold\n${today};23:00;Late show;60;40\n`),
  });
  await expect(block.getByTestId('session-row')).toHaveCount(2);
  await snap(page, 'showtimes-desktop');
  await expectNoSeriousA11yViolations(page, 'showtimes-desktop');

  await page.setViewportSize(PHONE);
  await page.reload();
  const mobileBlock = page.getByTestId('showtimes-event').filter({ hasText: 'E2E hall' }).last();
  await expect(mobileBlock.getByTestId('session-card')).toHaveCount(2);
  await expect(mobileBlock.getByTestId('over-capacity')).toBeVisible();
  await snap(page, 'showtimes-phone');
  await expectNoSeriousA11yViolations(page, 'showtimes-phone');
});
