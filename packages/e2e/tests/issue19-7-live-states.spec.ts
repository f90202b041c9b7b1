import { expect, test } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { call, token as tokenOf } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 19, item 7: live states that looked broken. A live view outside business hours keeps its
 * black screen but shows a discreet clock and when the place opens; showtimes show no red
 * "disconnected" dot to a user who simply has no events.
 */
const ZONE = 'America/Toronto';
const hourIn = (zone: string, ms: number) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(ms));
const hh = (h: number) => String(h % 24).padStart(2, '0');
const CLOSED = { en: 'Closed', fr: 'Fermé', es: 'Cerrado' } as const;
const NO_EVENTS = {
  en: 'No event is scheduled in your locations.',
  fr: 'Aucun événement n’est prévu dans vos emplacements.',
  es: 'No hay eventos programados en sus ubicaciones.',
} as const;

test('a closed live view: black, with a clock and the opening time', async ({ page, request }) => {
  test.slow(); // three languages, each with an axe run, on a shared machine
  const token = await tokenOf(request, 'admin');
  const me = await call<{ scope: string }>(request, token, 'GET', '/api/User/Current');
  // open one hour a day, three hours from now: closed now whatever the hour of the run
  const opens = (hourIn(ZONE, Date.now()) + 3) % 24;
  const window: [string, string] = [`${hh(opens)}:00`, opens === 23 ? '24:00' : `${hh(opens + 1)}:00`];
  const businessHours = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), [window]]));
  const store = await call<{ id: string }>(request, token, 'POST', '/api/OrganizationalTree', {
    parentId: me.scope,
    name: `E2E closed store ${Date.now()}`,
    type: 'location',
    attributes: { timezone: ZONE, capacity: 10, businessHours },
  });
  const view = await call<{ id: string }>(request, token, 'POST', '/api/LiveView', {
    name: 'Closed door',
    nodeId: store.id,
    warningThreshold: 5,
    alertThreshold: 8,
    blackScreenOutsideBusinessHours: true,
  });

  await signIn(page, 'admin');
  for (const lang of LANGS) {
    await page.goto(`/${lang}/liveview/${view.id}`);
    const black = page.getByTestId('liveview-black');
    await expect(black).toBeVisible();
    await expect(black.getByTestId('liveview-closed')).toContainText(CLOSED[lang]);
    await expect(black.getByTestId('liveview-closed')).toContainText(`${hh(opens)}:00`);
    await expect(black.getByTestId('liveview-clock')).toHaveText(/^\d{2}:\d{2}$/);
    // the screen stays black: no count, no colour
    await expect(page.getByTestId('liveview-screen')).toHaveCount(0);
    await expect(black).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await snap(page, `issue19-7-liveview-closed-${lang}`);
    await expectNoSeriousA11yViolations(page, `closed live view (${lang})`);
  }
});

test('showtimes without any event: no red disconnected dot', async ({ page }) => {
  test.slow(); // three languages, each with an axe run, on a shared machine
  // the Demo Retail user has showtimes access but no event in scope (the demo events are the venues')
  await signIn(page, 'user');
  for (const lang of LANGS) {
    await page.goto(`/${lang}/orgtreeevent`);
    await expect(page.getByTestId('showtimes-empty')).toHaveText(NO_EVENTS[lang]);
    await expect(page.locator('.MuiLinearProgress-root')).toHaveCount(0);
    await expect(page.locator('[data-live-status]')).toHaveCount(0);
    await snap(page, `issue19-7-showtimes-no-events-${lang}`);
    await expectNoSeriousA11yViolations(page, `showtimes without events (${lang})`);
  }
});
