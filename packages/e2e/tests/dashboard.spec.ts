import { expect, test, type Page } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { client, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Desktop dashboard journeys against the real server and its demo data: the figures shown are the
 * API's figures for the same period and locations; edits, defaults and templates reach the server.
 */
interface TreeNode {
  id: string;
  name: string;
  type: string;
  children: TreeNode[];
}

const locations = (nodes: TreeNode[]): TreeNode[] =>
  nodes.flatMap((n) => [...(n.type === 'StoreNodeAttributes' ? [n] : []), ...locations(n.children)]);

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 00:00`;
function daysAgo(n: number) {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - n);
  return d;
}
/** the preset ranges the page resolves in the browser's (= this machine's) local time */
const RANGES = {
  yesterday: { from: localDay(daysAgo(1)), to: localDay(daysAgo(0)), aggregation: 'PT1H' },
  last7d: { from: localDay(daysAgo(7)), to: localDay(daysAgo(0)), aggregation: 'P1D' },
} as const;

/** numbers are formatted in French (fr-CA) whatever the language; spaces normalised */
const frInt = (v: number) => new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 0 }).format(v);
const norm = (s: string) => s.replace(/[\s\u202f\u00a0]+/g, ' ').trim();

async function trafficIn(
  api: ReturnType<typeof client>,
  nodeIds: string[],
  range: (typeof RANGES)[keyof typeof RANGES],
) {
  const series = await api.send<{ kpi: string; mode: string; summary: number | null }[]>(
    'POST',
    '/api/TimeSeries/AggregatedTimeSeries',
    {
      nodeIds,
      aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
      from: range.from,
      to: range.to,
      aggregation: range.aggregation,
      businessHoursOnly: true,
      modes: ['current_period'],
    },
  );
  return series.find((s) => s.kpi === 'TrafficIn' && s.mode === 'current_period')?.summary ?? 0;
}

interface Series {
  id: string;
}
/** Hourly traffic for the last 8 days on the first device of each location (admin, bearer ingest). */
async function seedCounts(api: ReturnType<typeof client>, tree: TreeNode[], locs: TreeNode[]) {
  const now = Date.now();
  for (const [index, loc] of locs.entries()) {
    const device = loc.children.find((c) => c.type === 'DeviceNodeAttributes');
    if (!device) continue;
    for (const protocol of ['TrafficIn', 'TrafficOut']) {
      const existing = await api.get<Series[]>(
        `/api/TimeSeries?nodeId=${device.id}&measurementProtocol=${protocol}`,
      );
      const id =
        existing[0]?.id ??
        (
          await api.send<{ timeSeriesId: string }>('POST', '/api/TimeSeries', {
            nodeId: device.id,
            measurementProtocol: protocol,
            intervalSeconds: 3600,
          })
        ).timeSeriesId;
      const start = Math.floor(now / 3_600_000) * 3_600_000 - 8 * 86_400_000;
      const measurements = [];
      for (let t = start, i = 0; t < now - 3_600_000; t += 3_600_000, i++) {
        const value = (index + 1) * (3 + (i % 11)) + (protocol === 'TrafficOut' ? -1 : 0);
        measurements.push({ timeSeriesId: id, occurredOn: new Date(t).toISOString(), value });
      }
      await api.send('POST', '/api/ingest/measurements', { measurements });
    }
  }
  void tree;
}

const widget = (i: string, name: string, kpis: string[], x: number, y: number, w: number, h: number) => ({
  layout: { i, x, y, w, h },
  type: { name, vueComponent: name },
  kpis,
});

async function seedDashboard(api: ReturnType<typeof client>, name: string, selection: string[]) {
  const json = {
    widgets: [
      widget('kpi', 'kpiCard', ['TrafficIn', 'ConversionRate'], 0, 0, 250, 16),
      widget('line', 'lineChart', ['TrafficIn', 'TrafficOut'], 250, 0, 250, 32),
      widget('heat', 'heatMap', ['TrafficIn'], 0, 16, 250, 32),
    ],
    selectedTimePeriod: { value: 'yesterday' },
    fullTreeViewSelection: selection,
  };
  return api.send<{ id: string }>('POST', '/api/Dashboard', { name, json: JSON.stringify(json) });
}

const kpiValue = (page: Page, kpi = 'TrafficIn') =>
  page.getByTestId(`kpi-card-${kpi}`).getByTestId('kpi-value');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const admin = client(request, await token(request, 'admin'));
  const tree = await admin.get<TreeNode[]>('/api/OrganizationalTree');
  await seedCounts(admin, tree, locations(tree).slice(0, 3));
});

test.describe('desktop dashboard', () => {
  test('shows the API figures for the period and locations chosen', async ({ page, request }) => {
    const api = client(request, await token(request, 'user'));
    const me = await api.get<{ id: string }>('/api/User/Current');
    const locs = locations(await api.get<TreeNode[]>('/api/OrganizationalTree'));
    expect(locs.length).toBeGreaterThan(1);
    const [a, b] = locs as [TreeNode, TreeNode];
    const dash = await seedDashboard(api, 'Journey dashboard', [a.id]);
    await api.send('POST', `/api/User/${me.id}/defaultDashboard/${dash.id}`, {});

    await signIn(page, 'user', 'en');
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL(new RegExp(`/en/dashboard/${dash.id}$`));
    await expect(page.getByTestId('dashboard-name')).toHaveText('Journey dashboard');
    // the default view is first, with its home icon
    await expect(page.getByTestId('views-list').locator('a').first()).toHaveAttribute(
      'data-view-id',
      dash.id,
    );

    const yesterday = await trafficIn(api, [a.id], RANGES.yesterday);
    expect(yesterday).toBeGreaterThan(0);
    await expect
      .poll(async () => norm((await kpiValue(page).textContent()) ?? ''))
      .toBe(norm(frInt(yesterday)));
    await expect(page.locator('canvas').first()).toBeVisible();
    await snap(page, 'en-dashboard-yesterday');
    await expectNoSeriousA11yViolations(page, 'en-dashboard-yesterday');

    // change the period: last 7 days
    await page.getByTestId('period-button').click();
    await expect(page.getByLabel('Last 7 days')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'period form');
    await page.getByLabel('Last 7 days').check();
    await page.getByTestId('period-form').getByRole('button', { name: 'Apply' }).click();
    const week = await trafficIn(api, [a.id], RANGES.last7d);
    await expect.poll(async () => norm((await kpiValue(page).textContent()) ?? '')).toBe(norm(frInt(week)));

    // change the tree selection to another location, then Apply
    await page.locator(`[role=treeitem][data-node-id="${b.id}"]`).click();
    await page.getByTestId('tree-apply').click();
    const weekB = await trafficIn(api, [b.id], RANGES.last7d);
    await expect.poll(async () => norm((await kpiValue(page).textContent()) ?? '')).toBe(norm(frInt(weekB)));
  });

  test('edits widgets (add, move, resize, remove) and saves them', async ({ page, request }) => {
    const api = client(request, await token(request, 'user'));
    const [a] = locations(await api.get<TreeNode[]>('/api/OrganizationalTree')) as [TreeNode];
    const dash = await seedDashboard(api, 'Edit journey', [a.id]);
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${dash.id}`);
    await expect(page.getByTestId('widget')).toHaveCount(3);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add widget' }).click();
    await expect(page.getByRole('menuitem', { name: 'Text', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard edit mode, add widget menu');
    await page.getByRole('menuitem', { name: 'Text', exact: true }).click();
    await expect(page.getByTestId('widget')).toHaveCount(4);
    // the menu fades out over the page: a mouse press on its backdrop would start no drag
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.locator('.MuiBackdrop-root')).toHaveCount(0);
    const added = page.locator('[data-widget-type=text]');
    const id = await added.getAttribute('data-widget-id');
    await added.scrollIntoViewIfNeeded();
    const before = (await added.boundingBox())!;
    // move: drag the handle 300 px to the right
    const handle = added.locator('.widget-drag-handle');
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x + 150, hb.y + 10, { steps: 8 });
    await page.mouse.move(hb.x + 300, hb.y + 10, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await added.boundingBox())!.x - before.x).toBeGreaterThan(200);
    // resize: drag the south-east corner
    const corner = added.locator('.react-resizable-handle');
    const cb = (await corner.boundingBox())!;
    await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
    await page.mouse.down();
    await page.mouse.move(cb.x + 100, cb.y + 60, { steps: 8 });
    await page.mouse.move(cb.x + 200, cb.y + 120, { steps: 8 });
    await page.mouse.up();
    // remove the heat map
    await page.locator('[data-widget-id=heat]').getByRole('button', { name: 'Remove widget' }).click();
    await expect(page.getByTestId('widget')).toHaveCount(3);
    await snap(page, 'en-dashboard-edit');
    await expectNoSeriousA11yViolations(page, 'en-dashboard-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();

    const saved = await api.get<{ json: string }>(`/api/Dashboard/${dash.id}`);
    const widgets = (JSON.parse(saved.json) as { widgets: { layout: Record<string, number | string> }[] })
      .widgets;
    expect(widgets.map((w) => w.layout.i).sort()).toEqual([id, 'kpi', 'line'].sort());
    const text = widgets.find((w) => w.layout.i === id)!.layout;
    expect(text.x).toBeGreaterThan(0);
    expect(text.w).toBeGreaterThan(125);
    expect(text.h).toBeGreaterThan(12);
  });

  test('creates a dashboard from the pane and sets it as the default', async ({ page, request }) => {
    const api = client(request, await token(request, 'user'));
    await signIn(page, 'user', 'en');
    await page.goto('/en/dashboard');
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    const before = page.url();
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await expect(page).not.toHaveURL(before);
    await expect(page.getByText('This dashboard has no widgets yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'new empty dashboard');
    const id = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Set as default dashboard' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard menu');
    await page.getByRole('menuitem', { name: 'Set as default dashboard' }).click();
    await expect(page.getByTestId('views-list').locator('a').first()).toHaveAttribute('data-view-id', id);
    const views = await api.get<{ id: string; defaultDashboard: boolean }[]>('/api/Dashboard');
    expect(views.filter((v) => v.defaultDashboard).map((v) => v.id)).toEqual([id]);
  });

  test('mails a snapshot of the dashboard to the recipients typed in its dialog', async ({
    page,
    request,
  }) => {
    const api = client(request, await token(request, 'user'));
    const [a] = locations(await api.get<TreeNode[]>('/api/OrganizationalTree')) as [TreeNode];
    const dash = await seedDashboard(api, 'Snapshot journey', [a.id]);
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${dash.id}`);
    await expect(page.getByTestId('widget')).toHaveCount(3);
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: 'Send a snapshot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a snapshot by e-mail' });
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeDisabled();
    const stamp = Date.now();
    const input = dialog.getByTestId('snapshot-recipients');
    await input.fill(`ana.${stamp}@example.com, not-an-address `);
    await expect(dialog.getByText('Some addresses are not valid e-mail addresses')).toBeVisible();
    await expect(send).toBeDisabled();
    // the invalid chip is removed with Backspace, a valid address is typed instead
    await input.press('Backspace');
    await input.fill(`bo.${stamp}@example.com`);
    await expect(send).toBeEnabled();
    await snap(page, 'en-dashboard-snapshot');
    await expectNoSeriousA11yViolations(page, 'en-dashboard-snapshot');
    await send.click();
    await expect(page.getByText('Snapshot sent to 2 recipients')).toBeVisible();
    await expect(dialog).toBeHidden();

    const admin = client(request, await token(request, 'superadmin'));
    const { items: mails } = await admin.get<{
      items: { to: string[]; subject: string; attachments: string[] }[];
    }>('/api/outbox');
    const mine = mails.filter((m) => m.to.some((to) => to.includes(String(stamp))));
    expect(mine.flatMap((m) => m.to).sort()).toEqual([`ana.${stamp}@example.com`, `bo.${stamp}@example.com`]);
    for (const m of mine) {
      expect(m.subject).toMatch(/^Dashboard snapshot: Snapshot journey \(\d{4}-\d\d-\d\d 00:00 - /);
      expect(m.attachments.some((f) => f.endsWith('.pdf'))).toBe(true);
    }
  });

  test('applies a template and asks before applying filters on a linked dashboard', async ({
    page,
    request,
  }) => {
    const api = client(request, await token(request, 'superadmin'));
    const group = await api.send<{ id: string }>('POST', '/api/UserGroup', { name: 'Template journey' });
    const tpl = {
      widgets: [
        widget('rank', 'ranking', ['TrafficIn'], 0, 0, 250, 32),
        widget('inout', 'stackedInOut', [], 250, 0, 250, 32),
      ],
      selectedTimePeriod: { value: 'last7d' },
    };
    await api.send('POST', '/api/Template', {
      name: '  Weekly traffic  ',
      dashboard: JSON.stringify(tpl),
      userGroupId: group.id,
    });
    const locs = locations(await api.get<TreeNode[]>('/api/OrganizationalTree'));
    const dash = await seedDashboard(api, 'Template journey', [locs[0]!.id]);
    await signIn(page, 'superadmin', 'en');
    await page.goto(`/en/dashboard/${dash.id}`);
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: 'Weekly traffic' }).click();
    await expect(page.locator('[data-widget-type=ranking]')).toBeVisible();
    await expect(page.getByTestId('widget')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'dashboard from a template');
    // linked_local: applying filters asks confirm_link_dashboard
    await page.locator(`[role=treeitem][data-node-id="${locs[1]!.id}"]`).click();
    await page.getByTestId('tree-apply').click();
    await expect(page.getByRole('dialog')).toContainText('will be linked to the template Weekly traffic');
    await snap(page, 'en-dashboard-link-confirmation');
    await expectNoSeriousA11yViolations(page, 'en-dashboard-link-confirmation');
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.locator('[data-widget-type=ranking] li').first()).toBeVisible();
    const linkedName = async () =>
      (await api.get<{ linkedTemplateName: string | null }>(`/api/Dashboard/${dash.id}`)).linkedTemplateName;
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();
    expect(await linkedName()).toBe('Weekly traffic');
    // an edit breaks the local link: unlinked_local asks confirm_unlink_dashboard
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('[data-widget-id=inout]').getByRole('button', { name: 'Remove widget' }).click();
    await page.getByTestId('tree-apply').click();
    await expect(page.getByRole('dialog')).toContainText('will no longer follow the template Weekly traffic');
    await page.getByRole('button', { name: 'No' }).click();
    // the first save's message may still be on screen: wait for the second save itself
    const saving = page.waitForResponse(
      (r) => r.request().method() !== 'GET' && r.url().includes('/api/Dashboard') && r.ok(),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await saving;
    expect(await linkedName()).toBeNull();
  });

  for (const lang of LANGS) {
    test(`demo dashboard screens (${lang})`, async ({ page }) => {
      await signIn(page, 'admin', lang);
      await page.goto(`/${lang}/dashboard`);
      await expect(page.getByTestId('dashboard-page')).toBeVisible();
      await expect(page.locator('canvas').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await snap(page, `${lang}-dashboard-demo`);
      await expectNoSeriousA11yViolations(page, `${lang}-dashboard-demo`);
      await page.getByTestId('period-button').click();
      await page.getByTestId('period-form').locator('input[value=custom]').check();
      await snap(page, `${lang}-dashboard-period`);
      await expectNoSeriousA11yViolations(page, `${lang}-dashboard-period`);
      // Escape sent to the form itself (the page's focus can be elsewhere after the full-page screenshot)
      await page.getByTestId('period-form').locator('input[value=custom]').press('Escape');
      await expect(page.getByTestId('period-form')).toBeHidden();
      await page.locator('aside button').last().click();
      await snap(page, `${lang}-dashboard-pane-semi-closed`);
      await expectNoSeriousA11yViolations(page, `${lang}-dashboard-pane-semi-closed`);
      await page.locator('aside button').last().click();
      await snap(page, `${lang}-dashboard-pane-closed`);
      await expectNoSeriousA11yViolations(page, `${lang}-dashboard-pane-closed`);
      await page.locator('aside button').last().click();
      // the snapshot dialog, with one valid and one invalid recipient
      await page.getByTestId('dashboard-menu').click();
      await page.getByTestId('menu-send-snapshot').click();
      await page.getByTestId('snapshot-recipients').fill('ana@example.com, not-an-address ');
      await expect(page.getByRole('dialog').locator('.MuiChip-colorError')).toHaveCount(1);
      await snap(page, `${lang}-dashboard-snapshot-dialog`);
      await expectNoSeriousA11yViolations(page, `${lang}-dashboard-snapshot-dialog`);
      await page.keyboard.press('Escape');
    });
  }
});
