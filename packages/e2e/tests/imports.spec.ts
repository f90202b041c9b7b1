import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AggregatedSeries, ImportRun, ImportTask } from '@footfall/domain';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { signIn, snap } from '../src/support/shell';
import { call, client, token } from '../src/support/api';

/**
 * Issue 16, external data imports: the demo superadmin finds the demo's point-of-sale task with its
 * history, creates a task, chooses a CSV with one bad row (the preview names the row and column),
 * imports it anyway (rejected, nothing written, error report downloadable), fixes the file and imports
 * it: the history shows both runs and the aggregated query's sales equal the file's sum. The editor
 * with the preview in en, fr and es, with axe.
 */
test.describe.configure({ timeout: 180_000, mode: 'serial' });

interface TreeNode {
  id: string;
  name: string;
  referenceId: string | null;
  children: TreeNode[];
}
const find = (nodes: TreeNode[], f: (n: TreeNode) => boolean): TreeNode | null => {
  for (const n of nodes) {
    if (f(n)) return n;
    const hit = find(n.children, f);
    if (hit) return hit;
  }
  return null;
};

// a day long before the demo history, so the file's figures are the only ones
const DAY = '2020-01-15';
const rows = Array.from({ length: 8 }, (_, i) => ({
  time: `${String(10 + i).padStart(2, '0')}:00`,
  sales: 100 + i * 12.5,
  tx: 3 + i,
}));
const csv = (bad: boolean) =>
  ['store,date,time,sales,transactions']
    .concat(rows.map((r, i) => `DR-TOR-001,${DAY},${r.time},${bad && i === 1 ? 'abc' : r.sales},${r.tx}`))
    .join('\n') + '\n';

async function chooseFile(page: Page, name: string, body: string, chooseLabel: string) {
  await page.getByLabel(chooseLabel).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(body) });
}

let taskUrl = '';

test('superadmin imports a CSV: the bad row is previewed and rejected, the fixed file lands', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = client(request, await token(request, 'superadmin'));
  const tree = await api.get<TreeNode[]>('/api/OrganizationalTree');
  const store = find(tree, (n) => n.referenceId === 'DR-TOR-001')!;
  const retail = tree.find((n) => n.name === 'Demo Retail')!;

  await signIn(page, 'superadmin', 'en');
  await page.goto('/en/settings/imports');
  await expect(page.getByRole('heading', { name: 'Data imports', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Demo Retail' });
  await expect(section.getByRole('link', { name: 'Point of sale – daily export' })).toBeVisible();
  await expect(section.getByText('Imported')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'imports list en');
  await snap(page, 'imports-list-en');

  await section.getByRole('link', { name: 'New task for Demo Retail' }).click();
  await expect(page.getByRole('heading', { name: 'New import task', level: 1 })).toBeVisible();
  await page.getByLabel('Name').fill('E2E point of sale');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Import task saved')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/en/settings/imports/${retail.id}/[0-9a-f-]{36}$`));
  taskUrl = new URL(page.url()).pathname.replace(/^\/en/, '');
  const taskId = taskUrl.split('/').pop()!;

  // the file with one bad row: the preview names it
  await chooseFile(page, 'sales-bad.csv', csv(true), 'Choose a file');
  await expect(page.getByTestId('preview-row-3')).toContainText('Row 3, column sales: “abc” is not a number');
  await expect(page.getByText('1 problem in the rows shown')).toBeVisible();
  await expect(page.getByTestId('preview-row-2')).toContainText(store.name);
  await page.getByRole('button', { name: 'Import sales-bad.csv' }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByTestId('import-run').first()).toContainText('Rejected');
  await expect(history.getByTestId('import-run').first()).toContainText('sales-bad.csv');
  const query = () =>
    api.send<AggregatedSeries[]>('POST', '/api/TimeSeries/AggregatedTimeSeries', {
      nodeIds: [store.id],
      aggregateFunctionsByKpi: [{ kpi: 'Sales', aggregateFunctions: ['Sum'] }],
      from: `${DAY} 00:00`,
      to: '2020-01-16 00:00',
      aggregation: 'P1D',
    });
  expect((await query())[0]!.summary ?? 0).toBe(0);
  const download = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Download the error report of sales-bad.csv' }).click();
  const report = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(report).toContain('3,sales,value_invalid,abc,');

  // fixed: the preview is clean, the import lands and the history shows both runs
  await chooseFile(page, 'sales.csv', csv(false), 'Choose a file');
  await expect(page.getByText('The rows shown are valid.')).toBeVisible();
  await page.getByRole('button', { name: 'Import sales.csv' }).click();
  await expect(history.getByTestId('import-run').first()).toContainText('Imported');
  await expect(history.getByTestId('import-run')).toHaveCount(2);
  const runs = await api.get<ImportRun[]>(`/api/ExternalDataImportTask/${taskId}/runs`);
  expect(runs.map((r) => [r.status, r.rowsWritten, r.rowsRejected])).toEqual([
    ['succeeded', rows.length, 0],
    ['rejected', 0, 1],
  ]);
  const expected = rows.reduce((s, r) => s + r.sales, 0);
  expect((await query())[0]!.summary).toBeCloseTo(expected, 6);
  await expect(history.getByTestId('import-run').first()).toContainText(String(rows.length));

  const task = await api.get<ImportTask>(`/api/ExternalDataImportTask/${taskId}`);
  expect(task.lastRun!.status).toBe('succeeded');
  await expectNoSeriousA11yViolations(page, 'import task en');
});

test('the task editor with a preview in en, fr and es', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'superadmin', 'en');
  const words = {
    en: { heading: 'Import a file', choose: 'Choose a file', error: 'is not a number' },
    fr: { heading: 'Importer un fichier', choose: 'Choisir un fichier', error: 'n’est pas un nombre' },
    es: { heading: 'Importar un archivo', choose: 'Elegir un archivo', error: 'no es un número' },
  } as const;
  for (const lang of ['en', 'fr', 'es'] as const) {
    await page.goto(`/${lang}${taskUrl}`);
    await expect(page.getByRole('heading', { name: words[lang].heading })).toBeVisible();
    await chooseFile(page, 'sales-bad.csv', csv(true), words[lang].choose);
    await expect(page.getByTestId('preview-row-3')).toContainText(words[lang].error);
    await expectNoSeriousA11yViolations(page, `import task ${lang}`);
    await snap(page, `imports-task-${lang}`);
  }
});

test('an SFTP source in en, fr and es: the address, user and sealed password are saved', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const bearer = await token(request, 'superadmin');
  const api = client(request, bearer);
  const tree = await api.get<TreeNode[]>('/api/OrganizationalTree');
  const retail = tree.find((n) => n.name === 'Demo Retail')!;
  await signIn(page, 'superadmin', 'en');
  const words = {
    en: { source: 'Source', sftp: 'Daily download (SFTP)', url: 'Address', name: 'Name' },
    fr: { source: 'Source', sftp: 'Téléchargement quotidien (SFTP)', url: 'Adresse', name: 'Nom' },
    es: { source: 'Origen', sftp: 'Descarga diaria (SFTP)', url: 'Dirección', name: 'Nombre' },
  } as const;
  for (const lang of ['fr', 'es', 'en'] as const) {
    await page.goto(`/${lang}/settings/imports/${retail.id}`);
    await page.getByRole('combobox', { name: words[lang].source }).click();
    await page.getByRole('option', { name: words[lang].sftp }).click();
    const url = page.getByLabel(words[lang].url, { exact: true });
    await expect(url).toHaveAttribute('placeholder', 'sftp://host/path/file.csv');
    await page.getByRole('textbox', { name: words[lang].name, exact: true }).fill(`E2E SFTP ${lang}`);
    await url.fill('sftp://pos.example.com:2222/exports/sales.csv');
    await expectNoSeriousA11yViolations(page, `import task sftp ${lang}`);
    await snap(page, `imports-sftp-${lang}`);
  }
  await page.getByLabel('User name').fill('pos');
  await page.getByLabel('Password', { exact: true }).fill('e2e-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Import task saved')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/en/settings/imports/${retail.id}/[0-9a-f-]{36}$`));
  const saved = await api.get<ImportTask>(`/api/ExternalDataImportTask/${page.url().split('/').pop()}`);
  expect(saved.source).toEqual({
    kind: 'sftp',
    url: 'sftp://pos.example.com:2222/exports/sales.csv',
    username: 'pos',
    hasPassword: true,
    pullAt: '06:00',
    // no host key pinned in this journey: pulls are refused until one is entered
    hostKeyFingerprint: null,
  });
  await call(request, bearer, 'DELETE', `/api/ExternalDataImportTask/${saved.id}`);
});
