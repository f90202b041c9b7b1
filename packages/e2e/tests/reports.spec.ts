import { expect, test, type Page, type Response } from '@playwright/test';
import ExcelJS from 'exceljs';
import { LANGS, signIn, snap } from '../src/support/shell';
import { call, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 14, reports: the catalogue, the traffic report run from it, sorted on the server, exported as
 * XLSX (parsed: the same figures as the screen), saved as a report view, in en/fr/es at 1440 x 900
 * as the demo admin. The figures on screen are the report API's, and the API's are checked against
 * the aggregated query for the same parameters.
 */

type Cell = number | string | null;
interface Section {
  id: string;
  columns: { key: string; label: string }[];
  rowCount: number;
  rows: Record<string, Cell>[];
  totals: Record<string, Cell> | null;
}
interface ReportDoc {
  title: string;
  from: string;
  to: string;
  aggregation: string;
  sections: Section[];
}
interface Params {
  nodeIds: string[];
  from: string;
  to: string;
  businessHoursOnly: boolean;
}
interface Series {
  mode: string;
  summary: number | null;
  data: { key: string; value: number | null }[];
}

const TITLE = { en: 'Reports', fr: 'Rapports', es: 'Informes' } as const;
const TRAFFIC = { en: 'Traffic', fr: 'Achalandage', es: 'Tráfico' } as const;
const isReport = (r: Response) =>
  new URL(r.url()).pathname === '/api/Report/trafficReport' && r.status() === 200;
const isRows = (r: Response) => new URL(r.url()).pathname === '/api/AgGrid/get-rows' && r.status() === 200;

/** The page's report answer and the parameters it sent. */
async function reportOf(page: Page, action: () => Promise<unknown>) {
  const [res] = await Promise.all([page.waitForResponse(isReport), action()]);
  return { params: res.request().postDataJSON() as Params, doc: (await res.json()) as ReportDoc };
}

test.describe('reports at 1440 x 900 as admin', () => {
  test('catalogue, traffic report, sort, XLSX, saved view, in three languages', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const bearer = await token(page.request, 'admin');

    await page.goto('/en/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByTestId('reports-catalogue').getByRole('listitem')).toHaveCount(10);

    const { params, doc } = await reportOf(page, () => page.getByTestId('report-card-trafficReport').click());
    await expect(page).toHaveURL(/\/en\/report\/new\/traffic$/);
    const section = doc.sections[0]!;
    expect(section.rowCount).toBeGreaterThan(0);

    // the totals are the aggregated query's summary for the same parameters, and each day too
    const series = await call<Series[]>(
      page.request,
      bearer,
      'POST',
      '/api/TimeSeries/AggregatedTimeSeries',
      {
        nodeIds: params.nodeIds,
        aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
        from: params.from,
        to: params.to,
        aggregation: doc.aggregation,
        businessHoursOnly: params.businessHoursOnly,
      },
    );
    expect(section.totals!.trafficIn).toBe(series[0]!.summary);

    // the screen shows the document: the first rows and the totals, written as the domain writes them
    const table = page.getByTestId('report-table-rows');
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(25, section.rowCount));
    const inAt = section.columns.findIndex((c) => c.key === 'trafficIn');
    const shown = async (row: number) =>
      Number(
        (await table.locator('tbody tr').nth(row).locator('td').nth(inAt).innerText()).replace(/\s/g, ''),
      );
    expect(await shown(0)).toBe(section.rows[0]!.trafficIn);
    const totalText = await page.getByTestId('report-totals').locator('td').nth(inAt).innerText();
    expect(Number(totalText.replace(/\s/g, ''))).toBe(section.totals!.trafficIn);

    // sort by traffic in on the server: numbers sort highest first on the first click, then lowest
    const header = page.getByTestId('sort-trafficIn');
    const sortedBy = async () => {
      const [res] = await Promise.all([page.waitForResponse(isRows), header.click()]);
      return {
        sortModel: res.request().postDataJSON().sortModel as unknown,
        rows: ((await res.json()) as { rows: Record<string, Cell>[] }).rows.map((r) => r.trafficIn as number),
      };
    };
    const desc = await sortedBy();
    expect(desc.sortModel).toEqual([{ colId: 'trafficIn', sort: 'desc' }]);
    expect(desc.rows).toEqual([...desc.rows].sort((a, b) => b - a));
    if (section.rows.length === section.rowCount)
      expect(desc.rows[0]).toBe(Math.max(...section.rows.map((r) => r.trafficIn as number)));
    await expect.poll(() => shown(0)).toBe(desc.rows[0]);
    await expect(table.locator('thead th[aria-sort=descending]')).toHaveCount(1);
    const asc = await sortedBy();
    expect(asc.sortModel).toEqual([{ colId: 'trafficIn', sort: 'asc' }]);
    expect(asc.rows).toEqual([...asc.rows].sort((a, b) => a - b));
    expect(asc.rows[0]!).toBeLessThanOrEqual(desc.rows[0]!);
    await expect.poll(() => shown(0)).toBe(asc.rows[0]);

    // XLSX: the same figures as the screen
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^traffic-report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(5).getCell(inAt + 1).value).toBe(section.columns[inAt]!.label);
    expect(sheet.getRow(6).getCell(inAt + 1).value).toBe(section.rows[0]!.trafficIn);
    expect(sheet.getRow(6 + section.rowCount).getCell(inAt + 1).value).toBe(section.totals!.trafficIn);
    await expect(page.getByTestId('export-error')).toHaveCount(0);

    await expectNoSeriousA11yViolations(page, 'traffic report en');
    await snap(page, 'reports-traffic-desktop-en');

    // saved under a custom title: a report view opening at /report/dashboard/{id}
    await page.getByTestId('report-save').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Monday traffic');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/en\/report\/dashboard\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Monday traffic' })).toBeVisible();
    await expect(page.getByTestId('report-table-rows').locator('tbody tr').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'saved report en');
    await snap(page, 'reports-saved-view-en');

    // a dashboard opened in report mode: the dashboard itself, the left pane unchanged
    const views = await call<{ id: string; kind: string }[]>(page.request, bearer, 'GET', '/api/Dashboard');
    const dashboard = views.find((v) => v.kind === 'dashboard')!;
    await page.goto(`/en/report/dashboard/${dashboard.id}`);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await expect(page.locator('aside')).toBeVisible();

    for (const lang of LANGS) {
      await page.goto(`/${lang}/reports`);
      await expect(page.getByRole('heading', { level: 1, name: TITLE[lang] })).toBeVisible();
      await expect(page.getByTestId('reports-saved')).toContainText('Monday traffic');
      await expectNoSeriousA11yViolations(page, `reports catalogue ${lang}`);
      await snap(page, `reports-catalogue-${lang}`);
      await reportOf(page, () => page.goto(`/${lang}/reportViewer/trafficReport`));
      await expect(page.getByRole('heading', { level: 1, name: TRAFFIC[lang] })).toBeVisible();
      await expect(page.getByTestId('report-table-rows').locator('tbody tr').first()).toBeVisible();
      await expect(page.locator('.MuiLinearProgress-indeterminate')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `traffic report ${lang}`);
      await snap(page, `reports-traffic-viewer-${lang}`);
    }
  });
});
