import { expect, test, type Page } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { pickerField, pickerInput, typeTime12h } from '../src/support/pickers';

/**
 * Settings > Organisational structure, the node editors (issue 12): an admin edits a device's MAC
 * address (a bad one refused under the field, then a good one saved), a location's coordinates, time
 * zone found from them, business hours with two intervals copied from Monday to every day; creates the
 * location's occupancy configuration, an ingest key (shown once) that a Xovis sensor then pushes
 * counts with, toggles a resulting series' usedByFormula, puts the series in the occupancy, creates a
 * live view with a public link, and revokes the key (the sensor is refused afterwards). Then the
 * panels in en/fr/es at 1440x900 and at 390 px, axe clean.
 */
const run = Date.now().toString(36).slice(-5);
const names = { store: `E2E Editors Store ${run}`, door: `E2E Editors Door ${run}` };
// a MAC address of our own, so the sensor push finds our door
const mac = `02:E2:${run.slice(0, 2).padStart(2, '0')}:00:00:01`.toUpperCase().replace(/[^0-9A-F:]/g, '0');

const row = (page: Page, name: string) =>
  page.getByTestId('settings-tree-list').getByRole('treeitem').filter({ hasText: name }).first();
const details = (page: Page) => page.getByTestId('settings-tree-details');
const panel = (page: Page) => page.locator('#node-tabpanel');

async function select(page: Page, name: string) {
  await page.getByTestId('settings-tree-search').fill(name);
  await row(page, name).click();
  await expect(details(page).getByRole('heading', { name })).toBeVisible();
}

async function create(page: Page, parent: string, kind: string, name: string) {
  await select(page, parent);
  await details(page).getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New node' });
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(details(page).getByRole('heading', { name })).toBeVisible();
}

const tab = (page: Page, name: string) => details(page).getByRole('tab', { name }).click();
const saved = (page: Page) => expect(page.getByRole('alert').filter({ hasText: /^Saved$/ })).toBeVisible();

/**
 * A Xovis logics push for our door, built here (the vendor formats and their cited samples are tested
 * in the server's sensors tests): one logic, one minute, 7 in (fw) and 3 out (bw), epoch milliseconds.
 */
function xovisPush() {
  const from = Date.UTC(2025, 2, 10, 14, 0);
  return {
    logics_data: {
      package_info: { version: '5.0', id: 1 },
      sensor_info: { serial_number: mac },
      logics: [
        {
          id: 0,
          name: 'Main door line',
          records: [
            {
              from,
              to: from + 60_000,
              counts: [
                { id: 0, name: 'fw', value: 7 },
                { id: 1, name: 'bw', value: 3 },
              ],
            },
          ],
        },
      ],
    },
  };
}

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 20_000 });
// axe over the whole settings page takes long on the shared 2-core machine
test.setTimeout(150_000);

test('an admin edits attributes, business hours, time zone, series, occupancy, live views and ingest keys', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', 'en');
  await page.goto('/en/settings/tree');
  await expect(row(page, 'Demo Retail')).toBeVisible();
  await create(page, 'Demo Retail', 'Location', names.store);
  await create(page, names.store, 'Device', names.door);

  // the device: a bad MAC address is refused under the field, nothing is sent; a good one is saved
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/OrganizationalTree/')) puts.push(r.url());
  });
  const macField = panel(page).getByRole('textbox', { name: 'MAC address' });
  await macField.fill('02:E2:00');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(panel(page).getByText('Enter a MAC address such as AA:BB:CC:DD:EE:FF')).toBeVisible();
  expect(puts).toHaveLength(0);
  await macField.fill(mac);
  await panel(page).getByRole('textbox', { name: 'Serial number' }).fill(`SN-${run}`);
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await saved(page);
  expect(puts).toHaveLength(1);
  await expect(panel(page).getByText('Enter a MAC address such as AA:BB:CC:DD:EE:FF')).toHaveCount(0);

  // the store: coordinates, time zone found from them, business hours with two intervals on Monday
  await select(page, names.store);
  await panel(page).getByRole('textbox', { name: 'Latitude' }).fill('43.6544');
  await panel(page).getByRole('textbox', { name: 'Longitude' }).fill('-79.3807');
  await panel(page).getByRole('button', { name: 'Find the time zone from the coordinates' }).click();
  await expect(panel(page).getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Toronto');
  await panel(page).getByRole('switch', { name: 'Business hours' }).check();
  const monday = panel(page).getByRole('group', { name: 'Monday' });
  await typeTime12h(pickerField(monday, 'Monday 1 To'), '12:00');
  await monday.getByRole('button', { name: 'Add interval' }).click();
  await expect(pickerInput(pickerField(monday, 'Monday 2 From'))).toHaveValue('01:00 PM');
  await expect(pickerInput(pickerField(monday, 'Monday 2 To'))).toHaveValue('05:00 PM');
  await expect(
    panel(page).getByRole('group', { name: 'Sunday' }).getByRole('checkbox', { name: 'Closed' }),
  ).toBeChecked();
  await panel(page).getByRole('button', { name: 'Copy Monday to all days' }).click();
  const sunday = panel(page).getByRole('group', { name: 'Sunday' });
  await expect(sunday.getByRole('checkbox', { name: 'Closed' })).not.toBeChecked();
  await expect(pickerInput(pickerField(sunday, 'Sunday 2 To'))).toHaveValue('05:00 PM');
  // an overlapping interval is refused per day
  await typeTime12h(pickerField(sunday, 'Sunday 2 From'), '11:00');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(sunday.getByText('Intervals of one day must not overlap')).toBeVisible();
  await typeTime12h(pickerField(sunday, 'Sunday 2 From'), '13:00');
  await panel(page).getByRole('textbox', { name: 'Capacity' }).fill('250');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await saved(page);

  // stored: after a reload the store shows what was saved
  await page.reload();
  await select(page, names.store);
  await expect(panel(page).getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Toronto');
  await expect(panel(page).getByRole('textbox', { name: 'Capacity' })).toHaveValue('250');
  const saturday = panel(page).getByRole('group', { name: 'Saturday' });
  await expect(pickerInput(pickerField(saturday, 'Saturday 1 To'))).toHaveValue('12:00 PM');
  await expect(pickerInput(pickerField(saturday, 'Saturday 2 From'))).toHaveValue('01:00 PM');

  // occupancy: the new store has none; created with its floor value
  await tab(page, 'Occupancy');
  await expect(panel(page).getByText('This node has no occupancy configuration yet.')).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Floor value' }).fill('2');
  await panel(page).getByRole('button', { name: 'Create occupancy configuration' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Occupancy configuration created' })).toBeVisible();
  await expect(panel(page).getByText('Current occupancy: 2')).toBeVisible();

  // an ingest key for the store, shown once; a Xovis sensor pushes with it and finds the door by MAC
  await tab(page, 'Ingest keys');
  await expect(panel(page).getByText('No ingest key writes under this node.')).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Key name' }).fill(`E2E key ${run}`);
  await panel(page).getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('ingest-key-created');
  await expect(shown).toContainText('it will not be shown again');
  const key = (await shown.locator('code').textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);
  const push = await page.request.post('/api/ingest/xovis', {
    data: xovisPush(),
    headers: { 'X-Api-Key': key },
  });
  expect(push.status(), await push.text()).toBeLessThan(300);

  // its series appear with their last value; usedByFormula toggled off and stored
  await tab(page, 'Time series');
  const inSeries = panel(page)
    .getByRole('listitem')
    .filter({ hasText: `${names.door} - TrafficIn` });
  await expect(inSeries).toContainText('Last value');
  const used = inSeries.getByRole('switch', { name: `Used by formulas ${names.door} - TrafficIn` });
  await expect(used).toBeChecked();
  await used.click();
  await saved(page);
  await tab(page, 'Attributes');
  await tab(page, 'Time series');
  await expect(
    panel(page)
      .getByRole('listitem')
      .filter({ hasText: `${names.door} - TrafficIn` })
      .getByRole('switch'),
  ).not.toBeChecked();

  // occupancy: now updated with the door's in and out series
  await tab(page, 'Occupancy');
  await expect(panel(page).getByRole('button', { name: 'Save' })).toBeVisible();
  await panel(page).getByRole('combobox', { name: 'In series' }).click();
  await page.getByRole('option', { name: `${names.door} - TrafficIn` }).click();
  await page.keyboard.press('Escape');
  await panel(page).getByRole('combobox', { name: 'Out series' }).click();
  await page.getByRole('option', { name: `${names.door} - TrafficOut` }).click();
  await page.keyboard.press('Escape');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await saved(page);

  // a live view: warning above alert refused, then created, then a public link
  await tab(page, 'Live views');
  await expect(panel(page).getByText('This node has no live view.')).toBeVisible();
  await panel(page).getByRole('button', { name: 'New live view' }).click();
  const form = page.getByRole('dialog', { name: 'New live view' });
  await form.getByRole('textbox', { name: 'Name' }).fill(`E2E screen ${run}`);
  await form.getByRole('textbox', { name: 'Warning threshold' }).fill('80');
  await form.getByRole('textbox', { name: 'Alert threshold' }).fill('60');
  await form.getByRole('switch', { name: 'Black screen outside business hours' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The warning threshold must not be above the alert threshold')).toBeVisible();
  await form.getByRole('textbox', { name: 'Alert threshold' }).fill('100');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const view = panel(page)
    .getByRole('listitem')
    .filter({ hasText: `E2E screen ${run}` });
  await expect(view).toContainText('Warning 80 · alert 100');
  await expect(view).toContainText('Black screen outside business hours');
  await view.getByRole('button', { name: 'Create public link' }).click();
  await expect(view.getByRole('textbox', { name: 'Public link' })).toHaveValue(/\/lvs_/);
  const link = await view.getByRole('textbox', { name: 'Public link' }).inputValue();
  const publicScreen = await page.request.get(`/api/LiveView/public/${link.split('/').pop()}`);
  expect(publicScreen.status()).toBe(200);

  // revoke the key: the sensor is refused from then on
  await tab(page, 'Ingest keys');
  await panel(page).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Key revoked' })).toBeVisible();
  await expect(panel(page).getByText(/^Revoked /)).toBeVisible();
  const refused = await page.request.post('/api/ingest/xovis', {
    data: xovisPush(),
    headers: { 'X-Api-Key': key },
  });
  expect(refused.status()).toBe(401);
});

const TABS = {
  en: ['Attributes', 'Live views'],
  fr: ['Attributs', 'Vues en direct'],
  es: ['Atributos', 'Vistas en directo'],
} as const;

for (const lang of LANGS) {
  test(`the node editors in ${lang} at 1440x900, axe clean`, async ({ page }) => {
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/settings/tree`);
    await select(page, 'Toronto Eaton Centre');
    await expect(panel(page).getByTestId('business-hours-editor')).toBeVisible();
    await snap(page, `settings-node-editors-${lang}-1440`);
    await expectNoSeriousA11yViolations(page, `node editors ${lang}`);
    await tab(page, TABS[lang][1]);
    await expect(panel(page).getByRole('listitem').first()).toBeVisible();
    await snap(page, `settings-node-editors-live-views-${lang}-1440`);
    await expectNoSeriousA11yViolations(page, `node editors live views ${lang}`);
  });
}

test('the node editors at 390x844', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', 'en');
  await page.goto('/en/settings/tree');
  await page.getByTestId('settings-tree-search').fill('Toronto Eaton Centre');
  await row(page, 'Toronto Eaton Centre').click();
  const editor = panel(page).getByTestId('business-hours-editor');
  await editor.scrollIntoViewIfNeeded();
  await expect(editor).toBeVisible();
  const box = await panel(page).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await snap(page, 'settings-node-editors-en-390');
  await expectNoSeriousA11yViolations(page, 'node editors 390');
});
