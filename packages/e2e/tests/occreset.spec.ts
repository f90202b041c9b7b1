import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { LANGS, signIn, snap } from '../src/support/shell';
import { call, token } from '../src/support/api';
import { pickerField, typeTime12h } from '../src/support/pickers';

/**
 * Issue 16: the superAdmin schedules an occupancy reset at the current minute of a demo store's own
 * clock and sees the scheduler reset it at that local instant, resets a store now (the screen shows
 * what the API answered), removes the location and deletes the schedule with the spec's messages;
 * an admin creates a live view with the 50/25 defaults and a public link, then revokes it; the
 * showtime settings list the demo events. Screens in en/fr/es with axe.
 */
test.describe.configure({ timeout: 180_000 });

interface Schedule {
  scheduleDto: { id: string; name: string; time: string };
  locations: { id: string; name: string }[];
}
interface OccupancyConfig {
  occupancyValue: number;
  lastResetOn: string;
}

/** The wall-clock `HH:mm` of instant `ms` in `timeZone`. */
const localHhmm = (timeZone: string, ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    ms,
  );

const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a reset scheduled at the store’s local time runs then; reset now; remove and delete', async ({
  page,
  request,
}) => {
  const bearer = await token(request, 'superadmin');
  // a demo store of the nightly schedule, and its own time zone
  const demo = await call<Schedule[]>(request, bearer, 'GET', '/api/Schedule/occupancy-reset');
  expect(demo.length).toBeGreaterThan(0);
  const store = demo[0]!.locations.find((l) => l.name.length > 0)!;
  const attrs = await call<{ timezone: string }>(
    request,
    bearer,
    'GET',
    `/api/OrganizationalTree/Attributes/${store.id}`,
  );

  await signIn(page, 'superadmin', 'en');
  await page.goto('/en/settings/occReset');
  await expect(page.getByRole('heading', { name: 'Occupancy resets', level: 1 })).toBeVisible();
  await expect(page.getByTestId('occ-reset-schedule').first()).toBeVisible();

  // the minute now on the store's clock (if the minute turns while typing, the next one is used)
  let now = Date.now();
  if (now % 60_000 > 45_000) {
    await page.waitForTimeout(60_000 - (now % 60_000) + 500);
    now = Date.now();
  }
  const minute = Math.floor(now / 60_000) * 60_000;
  const hhmm = localHhmm(attrs.timezone, minute);
  await page.getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New reset schedule' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E reset');
  await typeTime12h(pickerField(dialog, 'Time of day'), hhmm);
  await dialog.getByRole('combobox', { name: 'Locations' }).fill(store.name);
  await page.getByRole('option', { name: store.name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'The reset schedule was created.')).toBeVisible();
  const card = page.getByTestId('occ-reset-schedule').filter({ hasText: 'E2E reset' });
  await expect(card).toContainText(hhmm);
  await expect(card).toContainText('Every day');

  // the scheduler (ticking each second) resets the store at that minute of its own clock
  await expect
    .poll(
      async () =>
        (await call<OccupancyConfig>(request, bearer, 'GET', `/api/Occupancy/config/${store.id}`))
          .lastResetOn,
      { timeout: 30_000 },
    )
    .toBe(new Date(minute).toISOString());

  // reset now, from the screen: the figure shown is what the API answered
  await page.getByRole('combobox', { name: 'Location', exact: true }).fill(store.name);
  await page.getByRole('option', { name: store.name, exact: true }).click();
  await page.getByRole('button', { name: 'Reset now' }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/Schedule/occupancy-reset/now'));
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  const result = (await (await answer).json()) as OccupancyConfig & { resetOn: string };
  await expect(notice(page, `The occupancy of ${store.name} was reset.`)).toBeVisible();
  await expect(page.getByTestId('occ-reset-now-result')).toContainText(
    `${store.name}: occupancy ${result.occupancyValue} since`,
  );
  expect(
    (await call<OccupancyConfig>(request, bearer, 'GET', `/api/Occupancy/config/${store.id}`)).lastResetOn,
  ).toBe(result.resetOn);
  const log = await call<{ items: { command: string; requester: string }[] }>(
    request,
    bearer,
    'GET',
    '/api/EventLog?commands=Occupancy.Reset&pageSize=5',
  );
  expect(log.items[0]).toMatchObject({ command: 'Occupancy.Reset', requester: 'superadmin' });

  await snap(page, 'en-occreset-1440');
  await expectNoSeriousA11yViolations(page, 'occupancy resets (en)');

  // remove the location (removedId: a new schedule id), then delete the schedule
  await card.getByRole('button', { name: `Remove ${store.name} from this schedule` }).click();
  await expect(notice(page, 'The location was removed from the reset schedule.')).toBeVisible();
  await expect(card).toContainText('No location: this schedule resets nothing.');
  await card.getByRole('button', { name: 'Delete E2E reset' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(notice(page, 'The reset schedule was deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);
  const left = await call<Schedule[]>(request, bearer, 'GET', '/api/Schedule/occupancy-reset');
  expect(left.some((s) => s.scheduleDto.name === 'E2E reset')).toBe(false);
});

test('an admin creates a live view with the 50/25 defaults and a public link, then revokes it', async ({
  page,
  request,
}) => {
  const bearer = await token(request, 'admin');
  await signIn(page, 'admin', 'en');
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByTestId('settings-menu').getByRole('link', { name: 'Live views' }).click();
  await expect(page).toHaveURL(/\/en\/settings\/liveviews$/);
  const place = page.getByTestId('lv-settings-location').first();
  await expect(place).toBeVisible();
  const placeName = (await place.getByRole('heading').textContent())!;
  await place.getByRole('button', { name: 'New live view' }).click();
  const form = page.getByRole('dialog', { name: 'New live view' });
  await expect(form.getByRole('textbox', { name: 'Warning threshold' })).toHaveValue('25');
  await expect(form.getByRole('textbox', { name: 'Alert threshold' })).toHaveValue('50');
  const name = `E2E door ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Threshold delta' }).fill('10');
  await form.getByRole('switch', { name: 'Delta in percent' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const item = place.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Warning 25 · alert 50');
  const views = await call<
    { id: string; name: string; nodeName: string; thresholdDelta: number; isDeltaPercentage: boolean }[]
  >(request, bearer, 'GET', '/api/LiveView');
  const made = views.find((v) => v.name === name)!;
  expect(made).toMatchObject({ nodeName: placeName, thresholdDelta: 10, isDeltaPercentage: true });

  await item.getByRole('button', { name: 'Create public link' }).click();
  const link = item.getByRole('textbox', { name: 'Public link' });
  await expect(link).toHaveValue(/\/liveview\/public\/lvs_/);
  const url = await link.inputValue();
  const shareToken = url.split('/').pop()!;
  expect((await request.get(`/api/LiveView/public/${shareToken}`)).status()).toBe(200);
  await snap(page, 'en-liveview-settings-1440');
  await expectNoSeriousA11yViolations(page, 'live view settings (en)');
  // the door screen opens from the link without signing in
  const guest = await page.context().browser()!.newPage();
  await guest.goto(new URL(url).pathname);
  await expect(guest.getByTestId('liveview-title')).toBeVisible();
  await guest.close();

  await item.getByRole('button', { name: 'Remove public link' }).click();
  await expect(notice(page, 'Public link removed')).toBeVisible();
  expect((await request.get(`/api/LiveView/public/${shareToken}`)).status()).toBe(404);
  await call(request, bearer, 'DELETE', `/api/LiveView/${made.id}`);
});

test('an admin creates a showtime event and a session, cancels it and imports a CSV schedule', async ({
  page,
  request,
}) => {
  const bearer = await token(request, 'superadmin');
  const run = Date.now();
  const tomorrow = new Date(run + 86_400_000).toISOString().slice(0, 10);
  await signIn(page, 'superadmin', 'en');
  await page.goto('/en/settings/events');
  // the day field is in the page's language (month first in English): its sections are typed in
  const [year, month, day] = tomorrow.split('-');
  await page.getByRole('group', { name: 'Sessions of' }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${month}${day}${year}`);
  await page.getByRole('button', { name: 'New event' }).click();
  const eventForm = page.getByRole('dialog', { name: 'New event' });
  await eventForm.getByRole('textbox', { name: 'Event name' }).fill(`E2E programme ${run}`);
  await eventForm.getByRole('combobox', { name: 'Location or group' }).fill('Paris Bercy Arena');
  await page.getByRole('option', { name: 'Paris Bercy Arena', exact: true }).click();
  await eventForm.getByRole('button', { name: 'Save' }).click();
  await expect(eventForm).toBeHidden();
  const card = page.getByTestId('ev-settings-event').filter({ hasText: `E2E programme ${run}` });
  await expect(card).toContainText(`${tomorrow} · local time, Europe/Paris`);

  await card.getByRole('button', { name: 'Add a session' }).click();
  const sessionForm = page.getByRole('dialog', { name: 'Add a session' });
  await sessionForm.getByRole('textbox', { name: 'Title' }).fill('E2E show');
  await typeTime12h(pickerField(sessionForm, 'Time'), '21:00');
  await sessionForm.getByRole('textbox', { name: 'Duration (minutes)' }).fill('abc');
  await sessionForm.getByRole('button', { name: 'Save' }).click();
  await expect(sessionForm.getByText('This value is not accepted.')).toBeVisible();
  await sessionForm.getByRole('textbox', { name: 'Duration (minutes)' }).fill('60');
  await sessionForm.getByRole('textbox', { name: 'Expected attendance' }).fill('300');
  await sessionForm.getByRole('textbox', { name: 'Capacity' }).fill('400');
  await sessionForm.getByRole('button', { name: 'Save' }).click();
  await expect(sessionForm).toBeHidden();
  const row = card.getByTestId('ev-settings-session').filter({ hasText: 'E2E show' });
  await expect(row).toContainText('21:00');
  await expect(row).toContainText('60 min');
  await row.getByRole('button', { name: 'Cancel session' }).click();
  await expect(row).toContainText('Cancelled');

  // a CSV schedule: a bad line refuses the whole file, then the good file adds its session
  const input = card.getByTestId('showtimes-import-input');
  const csv = (lines: string[]) => ({
    name: 'schedule.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['date,time,title,duration,occupancySold,occupancyMax', ...lines].join('\n')),
  });
  await input.setInputFiles(
    csv([`${tomorrow},18:00,E2E matinee,90,150,400`, `${tomorrow},25:00,Bad,90,1,2`]),
  );
  await expect(card.getByTestId('showtimes-import-errors')).toContainText('Nothing was imported');
  await input.setInputFiles(csv([`${tomorrow},18:00,E2E matinee,90,150,400`]));
  await expect(card.getByText('1 session imported.')).toBeVisible();
  await expect(card.getByTestId('ev-settings-session')).toHaveCount(2);

  const events = await call<
    {
      id: string;
      name: string;
      schedules: {
        title: string;
        time: string;
        occupancySold: number;
        occupancyMax: number;
        isCancelled: boolean;
      }[];
    }[]
  >(request, bearer, 'GET', `/api/SiteEvent/orgtreeevents?date=${tomorrow}`);
  const made = events.find((e) => e.name === `E2E programme ${run}`)!;
  expect(
    made.schedules.map((s) => [s.time, s.title, s.occupancySold, s.occupancyMax, s.isCancelled]),
  ).toEqual([
    ['18:00', 'E2E matinee', 150, 400, false],
    ['21:00', 'E2E show', 300, 400, true],
  ]);
  await call(request, bearer, 'DELETE', `/api/SiteEvent/${made.id}`);
});

const ADD_SESSION = { en: 'Add a session', fr: 'Ajouter une séance', es: 'Añadir una sesión' } as const;

for (const lang of LANGS) {
  test(`reset, live view and showtime settings screens (${lang})`, async ({ page }) => {
    await signIn(page, 'superadmin', lang);
    await page.goto(`/${lang}/settings/occReset`);
    await expect(page.getByTestId('occ-reset-schedule').first()).toBeVisible();
    await snap(page, `${lang}-occreset-list-1440`);
    await expectNoSeriousA11yViolations(page, `occupancy resets (${lang})`);
    await page.goto(`/${lang}/settings/liveviews`);
    await expect(page.getByTestId('lv-settings-location').first()).toBeVisible();
    await snap(page, `${lang}-liveview-settings-list-1440`);
    await expectNoSeriousA11yViolations(page, `live view settings (${lang})`);
    await page.goto(`/${lang}/settings/events`);
    await expect(page.getByTestId('ev-settings-event').first()).toBeVisible();
    await snap(page, `${lang}-event-settings-1440`);
    await expectNoSeriousA11yViolations(page, `event settings (${lang})`);
    await page
      .getByTestId('ev-settings-event')
      .first()
      .getByRole('button', { name: ADD_SESSION[lang] })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await snap(page, `${lang}-event-session-dialog-1440`);
    await expectNoSeriousA11yViolations(page, `session dialog (${lang})`);
  });
}
