import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO_PASSWORD, LANGS, signIn, snap } from '../src/support/shell';
import { call, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 15, ranking: /ranking at 1440 x 900 as `admin` and at 390 x 844 as `user`, in en/fr/es. The
 * figures on screen are the ranking API's, and the API's are checked against the aggregated query
 * for the same parameters (other journeys add stores to the shared server, so nothing is counted
 * in advance: every expectation is read from the API).
 */

interface Row {
  nodeId: string;
  name: string;
  rank: number | null;
  rankChange: number | null;
  value: number | null;
  previousValue: number | null;
  lastYearValue: number | null;
  own: boolean;
}
interface Ranking {
  kpi: string;
  aggregateFunction: string;
  aggregation: string;
  rows: Row[];
}
interface Series {
  kpi: string;
  mode: string;
  nodes?: { nodeId: string; summary: number | null }[];
}
interface TreeNode {
  id: string;
  name: string;
  type: string;
  children: TreeNode[];
}

const TITLE = { en: 'Ranking', fr: 'Classement', es: 'Clasificación' } as const;
const isRanking = (r: Response) => new URL(r.url()).pathname === '/api/Ranking' && r.status() === 200;

/** The page's ranking answer and the query it asked. */
async function rankingOf(page: Page, action: () => Promise<unknown>) {
  const [res] = await Promise.all([page.waitForResponse(isRanking), action()]);
  return { url: new URL(res.url()), data: (await res.json()) as Ranking };
}

/** The same figures from POST /api/TimeSeries/AggregatedTimeSeries, per location and mode. */
async function expectEqualsAggregated(page: Page, bearer: string, url: URL, data: Ranking) {
  const q = url.searchParams;
  const nodeIds = data.rows.map((r) => r.nodeId);
  if (nodeIds.length === 0) return;
  // a conversion rate over a period without traffic (its formula's divisor) is no value in the
  // ranking, where the engine's formula evaluates to 0: the traffic is asked in the same query
  const divisor = data.kpi === 'ConversionRate' ? 'TrafficIn' : null;
  const series = await call<Series[]>(page.request, bearer, 'POST', '/api/TimeSeries/AggregatedTimeSeries', {
    nodeIds,
    aggregateFunctionsByKpi: [
      { kpi: data.kpi, aggregateFunctions: [data.aggregateFunction] },
      ...(divisor ? [{ kpi: divisor, aggregateFunctions: ['Sum'] }] : []),
    ],
    from: q.get('from'),
    to: q.get('to'),
    aggregation: data.aggregation,
    businessHoursOnly: q.get('businessHoursOnly') === 'true',
    modes: ['current_period', 'compared_last_period', 'compared_last_year'],
    breakdownByNode: true,
  });
  const summary = (kpi: string, mode: string, id: string) =>
    series.find((s) => s.kpi === kpi && s.mode === mode)!.nodes!.find((n) => n.nodeId === id)!.summary;
  const of = (mode: string, id: string) =>
    divisor && !summary(divisor, mode, id) ? null : summary(data.kpi, mode, id);
  for (const r of data.rows) {
    expect(r.value, r.name).toBe(of('current_period', r.nodeId));
    expect(r.previousValue, r.name).toBe(of('compared_last_period', r.nodeId));
    expect(r.lastYearValue, r.name).toBe(of('compared_last_year', r.nodeId));
  }
}

/** The locations of the caller's tree, in tree order. */
async function locationsOf(page: Page, bearer: string): Promise<TreeNode[]> {
  const tree = await call<TreeNode[]>(page.request, bearer, 'GET', '/api/OrganizationalTree');
  const out: TreeNode[] = [];
  const walk = (ns: TreeNode[]) =>
    ns.forEach((n) => (n.type === 'StoreNodeAttributes' ? out.push(n) : walk(n.children ?? [])));
  walk(tree);
  return out;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('desktop 1440 x 900 as admin', () => {
  test('ranks the locations with the aggregated query figures, in three languages', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const bearer = await token(page.request, 'admin');
    const first = await rankingOf(page, () => page.goto('/en/ranking'));
    expect(first.data.kpi).toBe('TrafficIn');
    expect(first.data.rows.length).toBeGreaterThan(1);
    await expectEqualsAggregated(page, bearer, first.url, first.data);

    const table = page.getByTestId('ranking-table');
    await expect(table.locator('tbody tr')).toHaveCount(first.data.rows.length);
    // rows in rank order, each with its rank, name and move as the API gave them
    for (const [i, r] of first.data.rows.entries()) {
      const row = table.locator('tbody tr').nth(i);
      await expect(row).toHaveAttribute('data-node-id', r.nodeId);
      await expect(row.locator('td').first()).toHaveText(r.rank === null ? '–' : String(r.rank));
      await expect(row.locator('th')).toContainText(r.name);
      if (r.rankChange !== null)
        await expect(row.locator('[data-rank-change]')).toHaveAttribute(
          'data-rank-change',
          String(r.rankChange),
        );
    }
    await expect(page.getByTestId('ranking-chart').getByRole('img')).toBeVisible();

    // yesterday through the shared period selector: a whole past day
    const yesterday = await rankingOf(page, async () => {
      await page.getByTestId('period-button').click();
      await page.getByRole('radio', { name: 'Yesterday' }).check();
      await page.getByRole('button', { name: 'Apply' }).click();
    });
    await expect(page.getByTestId('period-button')).toHaveText('Yesterday');
    expect(yesterday.url.searchParams.get('to')!.slice(0, 10)).toBe(
      first.url.searchParams.get('from')!.slice(0, 10),
    );
    await expectEqualsAggregated(page, bearer, yesterday.url, yesterday.data);

    // another KPI: a new ranking, again the aggregated query's figures
    const conv = await rankingOf(page, async () => {
      await page.getByLabel('Rank by').click();
      await page.getByRole('option', { name: 'Conversion rate' }).click();
    });
    expect(conv.data.kpi).toBe('ConversionRate');
    await expectEqualsAggregated(page, bearer, conv.url, conv.data);
    await expect(table.locator('thead')).toContainText('Conversion rate');

    // lowest first: the same locations, values rising (ties keep the name order, so no plain reverse)
    const asc = await rankingOf(page, () => page.getByRole('button', { name: 'Lowest first' }).click());
    const values = (d: Ranking) => d.rows.filter((r) => r.value !== null).map((r) => r.value!);
    expect(values(asc.data)).toEqual([...values(asc.data)].sort((a, b) => a - b));
    expect(values(conv.data)).toEqual([...values(conv.data)].sort((a, b) => b - a));
    expect(asc.data.rows.map((r) => r.nodeId).sort()).toEqual(conv.data.rows.map((r) => r.nodeId).sort());
    await expectEqualsAggregated(page, bearer, asc.url, asc.data);

    for (const lang of LANGS) {
      await page.goto(`/${lang}/ranking`);
      await expect(page.getByRole('heading', { level: 1, name: TITLE[lang] })).toBeVisible();
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `ranking desktop ${lang}`);
      await snap(page, `ranking-desktop-admin-${lang}`);
    }
  });

  test('picks one location in the shared tree', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    await rankingOf(page, () => page.goto('/en/ranking'));
    await page.getByTestId('ranking-locations').click();
    const dialog = page.getByRole('dialog', { name: 'Locations to rank' });
    await expect(dialog).toBeVisible();
    // the first location of the tree alone
    const bearer = await token(page.request, 'admin');
    const target = (await locationsOf(page, bearer))[0]!;
    await dialog.getByRole('textbox').first().fill(target.name);
    await dialog.getByText(target.name, { exact: true }).first().click();
    const one = await rankingOf(page, () => page.getByTestId('ranking-locations-apply').click());
    expect(one.url.searchParams.get('nodeIds')).toBe(target.id);
    expect(one.data.rows.map((r) => r.nodeId)).toEqual([target.id]);
    await expect(page.getByTestId('ranking-table').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('ranking-locations')).toContainText(target.name);
  });
});

test.describe('mobile 390 x 844 as user', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('reads as a list at 390 px, in three languages', async ({ page }) => {
    test.slow();
    await signIn(page, 'user');
    const bearer = await token(page.request, 'user');
    const first = await rankingOf(page, () => page.goto('/en/ranking'));
    await expectEqualsAggregated(page, bearer, first.url, first.data);
    const list = page.getByTestId('ranking-list');
    await expect(list.getByRole('listitem')).toHaveCount(first.data.rows.length);
    await expect(list.getByRole('listitem').first()).toContainText(first.data.rows[0]!.name);
    await expect(page.getByTestId('ranking-table')).toHaveCount(0);
    for (const lang of LANGS) {
      await page.goto(`/${lang}/ranking`);
      await expect(list.getByRole('listitem').first()).toBeVisible();
      await noHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page, `ranking mobile ${lang}`);
      await snap(page, `ranking-mobile-user-${lang}`);
    }
  });
});

test.describe("a store manager's own location", () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    test(`is highlighted (${label})`, async ({ page, browser }) => {
      test.slow();
      const admin = await token(page.request, 'admin');
      const store = (await locationsOf(page, admin))[0]!;
      const username = `manager-${label}-${Date.now()}`;
      await call(page.request, admin, 'POST', '/api/User', {
        username,
        firstName: 'Store',
        lastName: 'Manager',
        email: `${username}@example.com`,
        language: 'en',
        roles: ['User'],
        scope: store.id,
        password: DEMO_PASSWORD,
        mobileSettings: { hasAccessRanking: true, hasAccessDashboard: true },
      });
      const context = await browser.newContext({ viewport });
      const p = await context.newPage();
      await p.goto('/en/login');
      await p.locator('input[name=username]').fill(username);
      await p.locator('input[name=password]').fill(DEMO_PASSWORD);
      await p.getByRole('button', { name: 'Sign in' }).click();
      await expect(p).not.toHaveURL(/\/login/);
      const mine = await rankingOf(p, () => p.goto('/en/ranking'));
      const own = mine.data.rows.filter((r) => r.own);
      expect(own.length).toBe(1);
      const row = p.locator(`[data-node-id="${own[0]!.nodeId}"]`);
      await expect(row).toHaveAttribute('data-own', 'true');
      await expect(row).toContainText('Your location');
      await expectNoSeriousA11yViolations(p, `ranking own ${label}`);
      await snap(p, `ranking-own-${label}-en`);
      await context.close();
    });
  }
});

test('without the ranking mobile flag the page and the API are refused', async ({ page }) => {
  await signIn(page, 'dashboardonly');
  const bearer = await token(page.request, 'dashboardonly');
  const res = await page.request.get(
    '/api/Ranking?kpi=TrafficIn&from=2024-03-09%2000:00&to=2024-03-10%2000:00',
    {
      headers: { authorization: `Bearer ${bearer}` },
    },
  );
  expect(res.status()).toBe(403);
  await page.goto('/en/ranking');
  await expect(page).toHaveURL(/unauthorizedAccess/);
});
