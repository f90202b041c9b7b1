import { expect, test } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { client, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * The dashboard's "data incomplete for N of M locations" mark (issue 13) against the demo data: the
 * demo's deliberate outage (DEMO_SENSOR_FAULTS: Ottawa Rideau's parking door, 3 days ago) makes a
 * week's widget incomplete for that store, a healthy store's widget carries no mark. What the mark
 * says is compared with the aggregated query's own completeness for the same body.
 */
interface TreeNode {
  id: string;
  name: string;
  type: string;
  children: TreeNode[];
}
interface Completeness {
  nodeId: string;
  ratio: number | null;
}
const locations = (nodes: TreeNode[]): TreeNode[] =>
  nodes.flatMap((n) => [...(n.type === 'StoreNodeAttributes' ? [n] : []), ...locations(n.children)]);

const json = (selection: string[]) =>
  JSON.stringify({
    widgets: [
      {
        layout: { i: 'kpi', x: 0, y: 0, w: 250, h: 16 },
        type: { name: 'kpiCard', vueComponent: 'kpiCard' },
        kpis: ['TrafficIn'],
      },
    ],
    selectedTimePeriod: { value: 'last7d' },
    fullTreeViewSelection: selection,
  });

test.describe.configure({ mode: 'serial' });

test('marks a week with the demo outage as incomplete, and a healthy store not at all', async ({
  page,
  request,
}) => {
  test.slow();
  const api = client(request, await token(request, 'admin'));
  const stores = locations(await api.get<TreeNode[]>('/api/OrganizationalTree'));
  const ottawa = stores.find((s) => s.name === 'Ottawa Rideau')!;
  const queenWest = stores.find((s) => s.name === 'Toronto Queen West')!;
  const incomplete = await api.send<{ id: string }>('POST', '/api/Dashboard', {
    name: 'Completeness mark',
    json: json([ottawa.id, queenWest.id]),
  });
  const healthy = await api.send<{ id: string }>('POST', '/api/Dashboard', {
    name: 'Completeness healthy',
    json: json([queenWest.id]),
  });

  await signIn(page, 'admin', 'en');
  // the widget's own request and answer: the mark must say what the answer says
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/TimeSeries/AggregatedTimeSeries') && r.request().method() === 'POST',
  );
  await page.goto(`/en/dashboard/${incomplete.id}`);
  const response = await answered;
  expect(response.request().postDataJSON().includeCompleteness).toBe(true);
  const nodes = ((await response.json()) as { completeness?: Completeness[] }[]).find(
    (s) => s.completeness,
  )!.completeness!;
  const low = nodes.filter((n) => n.ratio !== null && n.ratio < 0.99);
  expect(low.map((n) => n.nodeId)).toEqual([ottawa.id]);
  const mark = page.getByTestId('completeness-mark');
  await expect(mark).toHaveText(
    `Data incomplete for 1 of ${nodes.filter((n) => n.ratio !== null).length} locations`,
  );
  await mark.focus();
  await expect(page.getByRole('tooltip')).toContainText('Ottawa Rideau');
  await snap(page, 'en-dashboard-completeness-mark');
  await expectNoSeriousA11yViolations(page, 'dashboard with the completeness mark');

  await page.goto(`/en/dashboard/${healthy.id}`);
  await expect(page.getByTestId('widget')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('completeness-mark')).toHaveCount(0);
});

for (const lang of LANGS.filter((l) => l !== 'en')) {
  test(`the mark in ${lang}`, async ({ page, request }) => {
    const api = client(request, await token(request, 'admin'));
    const stores = locations(await api.get<TreeNode[]>('/api/OrganizationalTree'));
    const ottawa = stores.find((s) => s.name === 'Ottawa Rideau')!;
    const d = await api.send<{ id: string }>('POST', '/api/Dashboard', {
      name: `Completeness ${lang}`,
      json: json([ottawa.id]),
    });
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/dashboard/${d.id}`);
    const mark = page.getByTestId('completeness-mark');
    await expect(mark).toHaveText(
      lang === 'fr'
        ? // French and Spanish put the counts last, so one location reads as well as several
          'Emplacements aux données incomplètes : 1 sur 1'
        : 'Ubicaciones con datos incompletos: 1 de 1',
    );
    await mark.focus();
    await expect(page.getByRole('tooltip')).toContainText('Ottawa Rideau');
    await snap(page, `${lang}-dashboard-completeness-mark`);
    await expectNoSeriousA11yViolations(page, `${lang} dashboard with the completeness mark`);
  });
}
