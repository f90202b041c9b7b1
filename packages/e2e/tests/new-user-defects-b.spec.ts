import { expect, test, type Locator, type Page } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { client, token, type ApiClient } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 19, items 3, 5, 6 and 8: what a new user trips over when choosing locations, handling
 * dashboards, sending a snapshot and reading figures. Each test failed on the code before its fix.
 */
interface TreeNode {
  id: string;
  name: string;
  type: string;
  children: TreeNode[];
}
interface AggregatedEntry {
  kpi: string;
  mode: string;
  summary: number | null;
}

type Api = ApiClient;

const ofType = (nodes: TreeNode[], type: string): TreeNode[] =>
  nodes.flatMap((n) => [...(n.type === type ? [n] : []), ...ofType(n.children, type)]);

const widget = (i: string, name: string, kpis: string[], x: number, y: number, w: number, h: number) => ({
  layout: { i, x, y, w, h },
  type: { name, vueComponent: name },
  kpis,
});

async function seedDashboard(
  api: Api,
  name: string,
  selection: string[],
  period = 'yesterday',
  widgets = [widget('kpi', 'kpiCard', ['TrafficIn'], 0, 0, 250, 16)],
) {
  const json = { widgets, selectedTimePeriod: { value: period }, fullTreeViewSelection: selection };
  return api.send<{ id: string }>('POST', '/api/Dashboard', { name, json: JSON.stringify(json) });
}

const norm = (s: string) => s.replace(/[\s\u202f\u00a0]+/g, ' ').trim();
const frInt = (v: number) => new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 0 }).format(v);
const item = (page: Page, id: string) => page.locator(`[role=treeitem][data-node-id="${id}"]`);
const multiSwitch = (page: Page) => page.getByRole('switch', { name: 'Multiple selection' });

/**
 * The `kpi` summary of the next aggregated query the page sends (the widget's own request), for the
 * given nodes when `nodeId` is set (a request for the earlier selection may still be on its way).
 */
async function nextSummary(page: Page, kpi: string, act: () => Promise<unknown>, nodeId?: string) {
  const response = page.waitForResponse((r) => {
    const body = r.request().postData() ?? '';
    return (
      r.url().endsWith('/api/TimeSeries/AggregatedTimeSeries') &&
      r.request().method() === 'POST' &&
      body.includes(`"${kpi}"`) &&
      (nodeId === undefined || body.includes(`"nodeIds":["${nodeId}"]`))
    );
  });
  await act();
  const res = await response;
  const body = (await res.json()) as AggregatedEntry[];
  return {
    request: JSON.parse(res.request().postData() ?? '{}') as { nodeIds: string[] },
    summary: body.find((e) => e.kpi === kpi && e.mode === 'current_period')?.summary ?? null,
  };
}

/** true when the element's text is cut (ellipsis or hidden overflow) */
const isCut = (l: Locator) => l.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

test.describe('item 3: choosing locations', () => {
  test('single selection shows radios; multiple selection shows checkboxes and tri-state parents', async ({
    page,
    request,
  }) => {
    test.slow();
    const api = client(request, await token(request, 'user'));
    const tree = await api.get<TreeNode[]>('/api/OrganizationalTree');
    const group = ofType(tree, 'ClientNodeAttributes')[0]!;
    const stores = group.children.filter((c) => c.type === 'StoreNodeAttributes');
    expect(stores.length).toBeGreaterThan(3);
    const dash = await seedDashboard(api, 'Selection journey', [stores[0]!.id]);
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${dash.id}`);
    await expect(item(page, stores[0]!.id)).toHaveAttribute('aria-selected', 'true');

    // one location chosen: single selection, said by the switch and by radio buttons on the rows
    await expect(multiSwitch(page)).not.toBeChecked();
    await expect(item(page, stores[1]!.id).locator('input[type=radio]')).toHaveCount(1);
    await expect(page.locator('[role=tree] input[type=checkbox]')).toHaveCount(0);
    await item(page, stores[1]!.id).click();
    await item(page, stores[2]!.id).click();
    await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(1);
    await expect(item(page, stores[2]!.id).locator('input[type=radio]')).toBeChecked();

    // multiple selection: checkboxes, three stores stay chosen, their group is partly checked
    await multiSwitch(page).click();
    await expect(page.locator('[role=tree] input[type=radio]')).toHaveCount(0);
    await item(page, stores[0]!.id).click();
    await item(page, stores[1]!.id).click();
    await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(3);
    await expect(item(page, group.id)).toHaveAttribute('aria-checked', 'mixed');
    await expect(page.getByTestId('tree-selection-count')).toHaveText('3 selected');
    await snap(page, 'en-tree-multi-partial');
    await expectNoSeriousA11yViolations(page, 'tree, multiple selection, partly checked group');

    // every store of the group: the group shows checked
    for (const s of stores.slice(3)) await item(page, s.id).click();
    await expect(item(page, group.id)).toHaveAttribute('aria-checked', 'true');
    // the group itself unchecked: nothing under it stays selected
    await item(page, group.id).click();
    await expect(item(page, group.id)).toHaveAttribute('aria-checked', 'false');
    await expect(page.locator('[role=treeitem][aria-checked=true]')).toHaveCount(0);
    // the group checked: its stores show checked, one store unchecked leaves the others
    await item(page, group.id).click();
    await expect(item(page, stores[1]!.id)).toHaveAttribute('aria-checked', 'true');
    await item(page, stores[1]!.id).click();
    await expect(item(page, stores[1]!.id)).toHaveAttribute('aria-checked', 'false');
    await expect(item(page, stores[0]!.id)).toHaveAttribute('aria-checked', 'true');
    await expect(item(page, group.id)).toHaveAttribute('aria-checked', 'mixed');
  });

  test('right after creating a dashboard the selection mode is that of the new dashboard', async ({
    page,
    request,
  }) => {
    const api = client(request, await token(request, 'user'));
    const stores = ofType(await api.get<TreeNode[]>('/api/OrganizationalTree'), 'StoreNodeAttributes');
    const dash = await seedDashboard(api, 'Two stores', [stores[0]!.id, stores[1]!.id]);
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${dash.id}`);
    // two locations chosen: the dashboard opens in multiple selection
    await expect(multiSwitch(page)).toBeChecked();
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/dashboard/${dash.id}$`));
    await expect(page.getByTestId('dashboard-name')).toBeVisible();
    // the new dashboard has nothing selected: single selection, no row chosen
    await expect(multiSwitch(page)).not.toBeChecked();
    await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(0);
  });

  test('devices appear on demand and a device is analysed through the aggregated query', async ({
    page,
    request,
  }) => {
    const api = client(request, await token(request, 'user'));
    const tree = await api.get<TreeNode[]>('/api/OrganizationalTree');
    const store = ofType(tree, 'StoreNodeAttributes').find((s) => s.children.length > 1)!;
    const device = store.children.find((c) => c.type === 'DeviceNodeAttributes')!;
    const dash = await seedDashboard(api, 'Device journey', [store.id], 'last7d');
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${dash.id}`);
    await expect(item(page, store.id)).toBeVisible();
    await expect(item(page, device.id)).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show devices' }).click();
    await expect(item(page, device.id)).toBeVisible();
    await snap(page, 'en-tree-devices');
    await expectNoSeriousA11yViolations(page, 'tree with devices');
    await item(page, device.id).click();
    const { request: sent, summary } = await nextSummary(
      page,
      'TrafficIn',
      () => page.getByTestId('tree-apply').click(),
      device.id,
    );
    expect(sent.nodeIds).toEqual([device.id]);
    expect(summary).not.toBeNull();
    const storeTotal = await api.send<AggregatedEntry[]>('POST', '/api/TimeSeries/AggregatedTimeSeries', {
      ...sent,
      nodeIds: [store.id],
    });
    // one door of several: less than the store
    expect(summary!).toBeLessThan(storeTotal.find((e) => e.mode === 'current_period')!.summary!);
    await expect
      .poll(async () =>
        norm((await page.getByTestId('kpi-card-TrafficIn').getByTestId('kpi-value').textContent()) ?? ''),
      )
      .toBe(norm(frInt(summary!)));
  });
});

test.describe('item 5: dashboard menu', () => {
  test('renames, duplicates and deletes a dashboard after confirmation', async ({ page, request }) => {
    // a long journey (three dialogs, four accessibility checks) on a machine the server shares
    test.slow();
    const api = client(request, await token(request, 'user'));
    const stores = ofType(await api.get<TreeNode[]>('/api/OrganizationalTree'), 'StoreNodeAttributes');
    const dash = await seedDashboard(api, 'Menu journey', [stores[0]!.id]);
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${dash.id}`);
    await expect(page.getByTestId('dashboard-name')).toHaveText('Menu journey');

    // rename
    await page.getByTestId('dashboard-menu').click();
    await expectNoSeriousA11yViolations(page, 'dashboard menu');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename the dashboard' });
    await rename.getByLabel('Dashboard name').fill('');
    await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled();
    await rename.getByLabel('Dashboard name').fill('Renamed journey');
    await snap(page, 'en-dashboard-rename');
    await expectNoSeriousA11yViolations(page, 'rename dialog');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByTestId('dashboard-name')).toHaveText('Renamed journey');
    await expect(page.getByTestId('views-list').getByText('Renamed journey')).toBeVisible();
    expect((await api.get<{ name: string }>(`/api/Dashboard/${dash.id}`)).name).toBe('Renamed journey');

    // duplicate: a new dashboard with the same widgets and selection opens
    await page.getByTestId('dashboard-menu').click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate the dashboard' });
    await expect(duplicate.getByLabel('Dashboard name')).toHaveValue('Copy of Renamed journey');
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/dashboard/${dash.id}$`));
    await expect(page.getByTestId('dashboard-name')).toHaveText('Copy of Renamed journey');
    const copyId = page.url().split('/').pop()!;
    const [original, copy] = await Promise.all([
      api.get<{ json: string }>(`/api/Dashboard/${dash.id}`),
      api.get<{ json: string }>(`/api/Dashboard/${copyId}`),
    ]);
    expect(JSON.parse(copy.json)).toEqual(JSON.parse(original.json));

    // delete the copy: cancel keeps it, confirm removes it
    await page.getByTestId('dashboard-menu').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Copy of Renamed journey');
    await snap(page, 'en-dashboard-delete-confirm');
    await expectNoSeriousA11yViolations(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'No' }).click();
    expect(await api.status(`/api/Dashboard/${copyId}`)).toBe(200);
    await page.getByTestId('dashboard-menu').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/dashboard/${copyId}$`));
    await expect(page.getByTestId('views-list').getByText('Copy of Renamed journey')).toHaveCount(0);
    expect(await api.status(`/api/Dashboard/${copyId}`)).toBe(404);
  });

  test('a read-only user has no rename, duplicate or delete', async ({ page }) => {
    await signIn(page, 'dashboardonly', 'en');
    await page.goto('/en/dashboard');
    await expect(page.getByTestId('dashboard-name')).toBeVisible();
    await page.getByTestId('dashboard-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Send a snapshot' })).toBeVisible();
    for (const name of ['Rename', 'Duplicate', 'Delete'])
      await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
  });

  for (const lang of LANGS)
    test(`the dashboard menu in ${lang}`, async ({ page }) => {
      await signIn(page, 'user', lang);
      await page.goto(`/${lang}/dashboard`);
      await expect(page.getByTestId('dashboard-name')).toBeVisible();
      await page.getByTestId('dashboard-menu').click();
      await expect(page.getByTestId('menu-delete-dashboard')).toBeVisible();
      await snap(page, `${lang}-dashboard-menu`);
      await page.getByTestId('menu-rename-dashboard').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await snap(page, `${lang}-dashboard-rename-dialog`);
    });
});

test.describe('item 6: snapshot without locations', () => {
  test('warns and blocks sending while no location is selected', async ({ page, request }) => {
    const api = client(request, await token(request, 'user'));
    const stores = ofType(await api.get<TreeNode[]>('/api/OrganizationalTree'), 'StoreNodeAttributes');
    const empty = await seedDashboard(api, 'Nothing selected', []);
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${empty.id}`);
    await page.getByTestId('dashboard-menu').click();
    await page.getByTestId('menu-send-snapshot').click();
    const dialog = page.getByRole('dialog', { name: 'Send a snapshot by e-mail' });
    await expect(dialog.getByRole('alert')).toContainText('Select at least one location');
    await dialog.getByTestId('snapshot-recipients').fill('manager@example.com ');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await snap(page, 'en-snapshot-no-location');
    await expectNoSeriousA11yViolations(page, 'snapshot dialog without locations');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // a location applied but not saved: the server draws the saved dashboard, still without locations
    await item(page, stores[0]!.id).click();
    await page.getByTestId('tree-apply').click();
    await page.getByTestId('dashboard-menu').click();
    await page.getByTestId('menu-send-snapshot').click();
    await expect(dialog.getByRole('alert')).toContainText('save it with the locations you applied');
    await dialog.getByTestId('snapshot-recipients').fill('manager@example.com ');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // saved with its location, the snapshot is sent
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('dashboard-page')).not.toHaveAttribute('data-dirty', 'true');
    await page.getByTestId('dashboard-menu').click();
    await page.getByTestId('menu-send-snapshot').click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByTestId('snapshot-recipients').fill('manager@example.com ');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Snapshot sent to 1 recipient')).toBeVisible();
  });

  for (const lang of ['fr', 'es'] as const)
    test(`the warning in ${lang}`, async ({ page, request }) => {
      const api = client(request, await token(request, 'user'));
      const empty = await seedDashboard(api, `Vide ${lang}`, []);
      await signIn(page, 'user', lang);
      await page.goto(`/${lang}/dashboard/${empty.id}`);
      await page.getByTestId('dashboard-menu').click();
      await page.getByTestId('menu-send-snapshot').click();
      await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
      await snap(page, `${lang}-snapshot-no-location`);
    });
});

test.describe('item 8: formatting', () => {
  test('forecasts of visitors are whole numbers equal to the rounded aggregated figure', async ({
    page,
    request,
  }) => {
    const api = client(request, await token(request, 'user'));
    const stores = ofType(await api.get<TreeNode[]>('/api/OrganizationalTree'), 'StoreNodeAttributes');
    const dash = await seedDashboard(api, 'Forecast journey', [stores[0]!.id], 'today');
    await signIn(page, 'user', 'en');
    const { summary } = await nextSummary(page, 'ForecastTrafficIn', () =>
      page.goto(`/en/dashboard/${dash.id}`),
    );
    expect(summary).not.toBeNull();
    // the model averages four weeks: a fraction of a person, unless rounded for display
    expect(Number.isInteger(summary)).toBe(false);
    const forecast = page.getByTestId('kpi-card-TrafficIn').getByText(/^Forecast/);
    await expect
      .poll(async () => norm((await forecast.textContent()) ?? ''))
      .toBe(norm(`Forecast: ${frInt(Math.round(summary!))}`));
  });

  test('a KPI card titled with its KPI does not repeat the label', async ({ page, request }) => {
    // the demo dashboard of an English account: a card "Traffic in" showing the KPI Traffic in (opened
    // by its name: other journeys may have made another dashboard the default)
    const api = client(request, await token(request, 'user'));
    const views = await api.get<{ id: string; name: string }[]>('/api/Dashboard');
    const demo = views.find((v) => v.name === 'Store performance');
    expect(demo).toBeDefined();
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${demo!.id}`);
    const card = page.getByTestId('widget').filter({ has: page.getByTestId('kpi-card-TrafficIn') });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('kpi-value')).toBeVisible();
    // once in the widget's title, not again above the figure ("TRAFFIC IN")
    await expect(card.getByText('Traffic in')).toHaveCount(1);
    await snap(page, 'en-dashboard-kpi-cards');
  });

  for (const lang of LANGS)
    test(`the bottom navigation labels are whole at 390 px in ${lang}`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await signIn(page, 'admin', lang);
      const labels = page.getByTestId('bottom-navigation').locator('.MuiBottomNavigationAction-label');
      await expect(labels).toHaveCount(5);
      for (const label of await labels.all())
        expect(await isCut(label), (await label.textContent()) ?? '').toBe(false);
      await snap(page, `${lang}-mobile-bottom-navigation`);
      await expectNoSeriousA11yViolations(page, `${lang} bottom navigation`);
      await context.close();
    });

  for (const lang of LANGS)
    test(`the operator screen's labels are whole at 390 px in ${lang}`, async ({ page, request }) => {
      const api = client(request, await token(request, 'operator'));
      const views = await api.get<{ id: string }[]>('/api/LiveView');
      expect(views.length).toBeGreaterThan(0);
      await signIn(page, 'operator', lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/${lang}/liveview/authorized/${views[0]!.id}`);
      const controls = page.getByTestId('operator-controls');
      await expect(controls).toBeVisible();
      const label = controls.locator('label');
      await expect(label).toHaveCount(1);
      expect(await isCut(label), (await label.textContent()) ?? '').toBe(false);
      await snap(page, `${lang}-operator-screen-phone`);
      await expectNoSeriousA11yViolations(page, `${lang} operator screen`);
    });
});
