import { expect, test, type Page } from '@playwright/test';
import type { AggregatedSeries, NodeSummary, TreeNode } from '@footfall/domain';
import { LANGS, signIn, snap } from '../src/support/shell';
import { client, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Settings > Organisational structure, a device's Sensor panel (issue 17): the admin turns on the
 * direction swap and saves it (the node's sensorSettings attribute), creates a push URL (key shown
 * once), a Xovis sensor pushes to it and its counts land swapped in the device's location; a bad
 * Irisys register row is refused under the row; the URL is revoked and the sensor refused. Then the
 * panel in en/fr/es, axe clean.
 */
const run = Date.now().toString(36).slice(-5);
const door = `E2E Sensor Door ${run}`;
const details = (page: Page) => page.getByTestId('settings-tree-details');
const panel = (page: Page) => page.locator('#node-tabpanel');
const TAB = { en: 'Sensor', fr: 'Capteur', es: 'Sensor' } as const;

/** One Xovis logics record (built here; the cited vendor samples are tested in the server's sensors tests). */
function xovisPush(from: number) {
  return {
    logics_data: {
      package_info: { version: '5.0', id: 1 },
      sensor_info: { serial_number: `E2E-${run}` },
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

async function openDevice(page: Page, lang: (typeof LANGS)[number]) {
  await page.goto(`/${lang}/settings/tree`);
  await page.getByTestId('settings-tree-search').fill(door);
  await page
    .getByTestId('settings-tree-list')
    .getByRole('treeitem')
    .filter({ hasText: door })
    .first()
    .click();
  await expect(details(page).getByRole('heading', { name: door })).toBeVisible();
  await details(page).getByRole('tab', { name: TAB[lang] }).click();
}

test.describe.configure({ mode: 'serial', timeout: 150_000 });
let deviceId = '';

test.beforeAll(async ({ request }) => {
  const admin = client(request, await token(request, 'admin'));
  const tree = await admin.get<TreeNode[]>('/api/OrganizationalTree');
  const location = tree[0]!.children.find((n) => n.type === 'StoreNodeAttributes')!;
  const made = await admin.send<NodeSummary>('POST', '/api/OrganizationalTree', {
    parentId: location.id,
    name: door,
    type: 'DeviceNodeAttributes',
    // the sensor names itself by serial number in its pushes; the key only limits it to this device
    attributes: { serialNumber: `E2E-${run}` },
  });
  deviceId = made.id;
});

test('an admin swaps directions, creates a push URL a Xovis sensor uses, and revokes it', async ({
  page,
  request,
}) => {
  const admin = client(request, await token(request, 'admin'));
  await signIn(page, 'admin', 'en');
  await openDevice(page, 'en');
  await expect(panel(page).getByText('No push URL yet.')).toBeVisible();

  // the swap, saved in the node's attributes
  await panel(page)
    .getByRole('switch', { name: /Swap in and out/ })
    .check();
  // a register row whose target is not a measurement name: refused under its row, nothing saved
  await panel(page).getByRole('button', { name: 'Add a register' }).click();
  await panel(page).getByRole('textbox', { name: 'Register' }).fill('0');
  await panel(page).getByRole('textbox', { name: 'Counts as' }).fill('traffic in!');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(panel(page).getByText('Enter a measurement name such as TrafficIn, or ignore')).toBeVisible();
  let node = await admin.get<NodeSummary>(`/api/OrganizationalTree/node/${deviceId}`);
  expect(node.attributes?.sensorSettings).toBeUndefined();
  await panel(page).getByRole('button', { name: 'Remove row 1' }).click();
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect
    .poll(async () => (await admin.get<NodeSummary>(`/api/OrganizationalTree/node/${deviceId}`)).attributes)
    .toMatchObject({ sensorSettings: { swapDirections: true } });

  // a push URL, shown once, for the brand chosen
  await panel(page).getByRole('button', { name: 'Create a push URL' }).click();
  const shown = page.getByTestId('push-key-created');
  await expect(shown).toContainText('the key is shown only once');
  const url = (await shown.getByTestId('push-url').textContent())!.trim();
  expect(url).toMatch(/\/api\/ingest\/k\/[^/]+\/xovis$/);
  await snap(page, `sensor-panel-url-en-1440`);
  // 10:00-10:01 local in Toronto on 10 March 2020 (EDT): fw 7 and bw 3, swapped: 3 in and 7 out
  const pushed = await request.post(new URL(url).pathname, { data: xovisPush(Date.UTC(2020, 2, 10, 14, 0)) });
  expect(pushed.status(), await pushed.text()).toBe(200);
  expect((await pushed.json()).deviceIds).toEqual([deviceId]);
  const series = await admin.send<AggregatedSeries[]>('POST', '/api/TimeSeries/AggregatedTimeSeries', {
    nodeIds: [deviceId],
    aggregateFunctionsByKpi: [
      { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
      { kpi: 'TrafficOut', aggregateFunctions: ['Sum'] },
    ],
    from: '2020-03-10 00:00',
    to: '2020-03-11 00:00',
    aggregation: 'P1D',
  });
  expect(Object.fromEntries(series.map((s) => [s.kpi, s.summary]))).toEqual({ TrafficIn: 3, TrafficOut: 7 });

  // revoked: the sensor is refused
  await panel(page).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(panel(page).getByText(/^Revoked/)).toBeVisible();
  const refused = await request.post(new URL(url).pathname, {
    data: xovisPush(Date.UTC(2020, 2, 10, 15, 0)),
  });
  expect(refused.status()).toBe(401);
  node = await admin.get<NodeSummary>(`/api/OrganizationalTree/node/${deviceId}`);
  expect(node.attributes).toMatchObject({
    serialNumber: `E2E-${run}`,
    sensorSettings: { swapDirections: true },
  });
});

for (const lang of LANGS) {
  test(`the sensor panel in ${lang}, axe clean`, async ({ page }) => {
    await signIn(page, 'admin', lang);
    await openDevice(page, lang);
    await expect(panel(page).getByTestId('sensor-settings-form')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `sensor panel ${lang}`);
    await snap(page, `sensor-panel-${lang}-1440`);
  });
}
