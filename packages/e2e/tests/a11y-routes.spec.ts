import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { signIn, snap } from '../src/support/shell';

/**
 * Every route of the app (packages/web/src/app/router/routes.tsx) checked with axe-core (WCAG 2.1
 * A/AA) at desktop and phone width, as a signed-out visitor and as the demo admin: no serious or
 * critical violation. Routes the admin may not open are checked on the screen they lead to.
 * Parameterised routes are opened with a made-up id (the screen says what it would show); the ten
 * report viewers share one route element, so one of them stands for all; /report/dashboard/{id}
 * needs a saved view and is checked by reports.spec.ts.
 */
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'mobile', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

const SIGNED_OUT = [
  'login',
  'login/desjardins',
  'forgot-password',
  'recover-password?token=abcdefghijklmnop',
  'logout',
  'liveview/public/not-a-share-token',
];

const SIGNED_IN = [
  'password-change',
  'unauthorizedAccess?redirectFrom=%2Fen%2Fsettings%2Fimports',
  'performance',
  'ranking',
  'orgtreeevent',
  'liveviews',
  'liveview',
  'liveview/authorized',
  'liveview/customQueue',
  'liveview/familiprix',
  'liveview/queue',
  'liveview/queue/hekla',
  'liveview/verizon/customersassistance',
  'reports',
  'reportViewer/trafficReport',
  'report/new',
  'report/scheduled',
  'report/trafficReport',
  'track/Player',
  'track/Viewer',
  'track/HeatMap',
  'track/Attendance',
  'track/FloorPlan',
  'settings/tree',
  'settings/users',
  'settings/users/groups',
  'settings/users/new',
  'settings/alerts',
  'settings/alerts/some-alert',
  'settings/logs',
  'settings/objectives',
  'settings/imports',
  'settings/imports/some-node',
  'settings/occReset',
  'settings/liveviews',
  'settings/events',
  'settings/sso',
  'monitoring/tickets',
  'monitoring/devices',
  'monitoring/devices/some-device',
  'monitoring/incidents',
  'monitoring/incidents/42',
  'tests/anything',
];

/** the screen has drawn: its heading, or the live screen, and no page-level loading bar */
async function settled(page: Page) {
  await expect(
    page
      .locator(
        'h1, [data-testid=liveview-screen], [data-testid=liveview-queue], [data-testid=liveview-message], [data-testid=liveview-black]',
      )
      .first(),
  ).toBeVisible();
  await expect(
    page.locator('.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate'),
  ).toHaveCount(0);
}

/** The dashboard with all its widgets drawn (no widget still loading). */
async function dashboardSettled(page: Page) {
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page.getByTestId('widget').first()).toBeVisible();
  // on a phone, the cards below the first screen fill in as they come near: scroll past each one
  for (const widget of await page.getByTestId('widget').all()) await widget.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(
    page.locator('.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate'),
  ).toHaveCount(0);
}

/**
 * Opens `route` inside the running app (history push and popstate, as the browser's back button
 * does), by way of the 404 page: once the 404 heading is gone the new route has rendered. Reloading
 * the whole app for each route took most of this spec's time.
 */
async function goInApp(page: Page, route: string) {
  const push = (to: string) =>
    page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  const notFound = page.getByRole('heading', { name: 'This page could not be found' });
  await push('/en/a11y-no-such-page');
  await expect(notFound).toBeVisible();
  await push(`/en/${route}`);
  await expect(notFound).toHaveCount(0);
  await settled(page);
}

async function open(browser: Browser, width: (typeof WIDTHS)[number]) {
  const { name: _name, ...options } = width;
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

test.describe.configure({ timeout: 240_000 });

for (const width of WIDTHS) {
  test(`signed-out routes pass axe at ${width.name} width`, async ({ browser }) => {
    const { context, page } = await open(browser, width);
    // the 404 page first: it is also the step between two routes below
    await page.goto('/en/no-such-page');
    await settled(page);
    await expectNoSeriousA11yViolations(page, `/no-such-page (${width.name})`);
    for (const route of SIGNED_OUT) {
      await goInApp(page, route);
      await expectNoSeriousA11yViolations(page, `/${route} (${width.name})`);
    }
    await context.close();
  });

  test(`the dashboard passes axe as the demo admin at ${width.name} width`, async ({ browser }) => {
    const { context, page } = await open(browser, width);
    await signIn(page, 'admin');
    await page.goto('/en/dashboard');
    await dashboardSettled(page);
    await snap(page, `a11y-dashboard-${width.name}`);
    await expectNoSeriousA11yViolations(page, `/dashboard (${width.name})`);
    await context.close();
  });

  test(`signed-in routes pass axe as the demo admin at ${width.name} width`, async ({ browser }) => {
    const { context, page } = await open(browser, width);
    await signIn(page, 'admin');
    for (const route of SIGNED_IN) {
      await goInApp(page, route);
      await expectNoSeriousA11yViolations(page, `/${route} (${width.name})`);
    }
    await context.close();
  });
}
