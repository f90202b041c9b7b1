import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { LANGS, signIn, snap } from '../src/support/shell';
import { client, token } from '../src/support/api';

/**
 * The event log (`/settings/logs`) as the superAdmin on fresh demo data: filter by command and by
 * text, sort, page through with the full count, and export the current filter as CSV (the file holds
 * exactly the rows the filter counts); then screenshots in the three languages at desktop and phone
 * width, with axe.
 */
const rows = (page: Page) => page.getByTestId('event-log-row');
const pagination = (page: Page) => page.getByTestId('event-log-pagination');

/** The "from–to of count" label of the pagination, as numbers. */
async function shown(page: Page) {
  const text = (await pagination(page).locator('.MuiTablePagination-displayedRows').textContent()) ?? '';
  const [from = NaN, to = NaN, count = NaN] = (text.match(/\d+/g) ?? []).map(Number);
  return { from, to, count };
}

async function pickCommand(page: Page, label: string) {
  await page.getByTestId('logs-commands').getByRole('combobox').fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('superAdmin filters the event log by command and text, pages, and exports CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'superadmin', 'en');
  await page.goto('/en/settings/logs');
  await expect(page.getByRole('heading', { name: 'Event logs' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  const all = await shown(page);
  expect(all.count).toBeGreaterThan(10);

  // the demo saved templates in each client group (other journeys on this server may save more): the
  // screen shows what the API answers for the same filter
  type Page1 = {
    items: { requester: string; onBehalfOf: string | null; command: string; target: string | null }[];
    fullCount: number;
  };
  const api = client(request, await token(request, 'superadmin'));
  const saved = await api.get<Page1>('/api/EventLog?commands=Template.Save&page=1&pageSize=50');
  expect(saved.fullCount).toBeGreaterThanOrEqual(6);
  expect(saved.fullCount).toBeLessThanOrEqual(50);
  await pickCommand(page, 'Template saved');
  await expect(pagination(page)).toContainText(`1–${saved.fullCount} of ${saved.fullCount}`);
  await expect(rows(page)).toHaveCount(saved.fullCount);
  for (const chip of await rows(page).getByText('Template saved').all()) await expect(chip).toBeVisible();

  // free text on top: the demo's "Traffic overview" templates
  const traffic = await api.get<Page1>(
    '/api/EventLog?commands=Template.Save&search=traffic%20overview&page=1&pageSize=50',
  );
  expect(traffic.fullCount).toBeGreaterThanOrEqual(2);
  await page.getByLabel('Search').fill('traffic overview');
  await expect(pagination(page)).toContainText(`1–${traffic.fullCount} of ${traffic.fullCount}`);
  await expect(rows(page)).toHaveCount(traffic.fullCount);
  for (const r of await rows(page).all()) await expect(r).toContainText('Traffic overview');

  // export the current filter: the file holds those rows, UTF-8 with a BOM
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const bytes = fs.readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('occurredOn,requester,onBehalfOf,command,target,details');
  expect(lines.slice(1).map((l) => l.split(',').slice(1, 5))).toEqual(
    traffic.items.map((e) => [e.requester, e.onBehalfOf ?? '', e.command, e.target ?? '']),
  );

  // clear the filters: paging with the full count, 25 a page
  await page.getByLabel('Search').fill('');
  // Backspace in the empty field removes the last chosen command
  await page.getByTestId('logs-commands').getByRole('combobox').press('Backspace');
  await page.keyboard.press('Escape');
  // the log grows while the test runs (jobs write entries): counts are at least the first one read
  await expect(pagination(page)).toContainText(/ of \d+/);
  await pagination(page).getByRole('combobox').click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(rows(page)).toHaveCount(25);
  await pagination(page).getByRole('button', { name: 'Next page' }).click();
  await expect(pagination(page)).toContainText(/26–50 of \d+/);
  await pagination(page).getByRole('button', { name: 'Last page' }).click();
  const last = await shown(page);
  expect(last.to).toBe(last.count);
  expect(last.count).toBeGreaterThanOrEqual(all.count);
  await expect(rows(page)).toHaveCount(last.to - last.from + 1);

  // sort by requester, ascending: the first page starts with the smallest name
  await page.getByRole('button', { name: 'Requester' }).click();
  await expect(pagination(page)).toContainText(/1–25 of \d+/);
  await page.getByRole('button', { name: 'Requester' }).click();
  const firstRequesters = await rows(page).locator('td:nth-child(2) span:first-child').allTextContents();
  // the page is in the order its header announces (the clicks toggle the direction)
  const header = page.getByRole('columnheader', { name: 'Requester' });
  const order = await header.getAttribute('aria-sort');
  expect(['ascending', 'descending']).toContain(order);
  const ascending = [...firstRequesters].sort((a, b) => a.localeCompare(b));
  expect(firstRequesters).toEqual(order === 'ascending' ? ascending : ascending.reverse());
});

test('an impersonated action shows the actor and the user acted for', async ({ page }) => {
  await signIn(page, 'superadmin', 'en');
  await page.goto('/en/settings/logs');
  // impersonate the demo admin through the API with the page's session, then act as them
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local')?.replace(/^Bearer /, ''));
  expect(token).not.toBeNull();
  const imp = await page.request.post('/authentication/impersonate', {
    headers: { authorization: `Bearer ${token}` },
    data: { targetUsername: 'admin' },
  });
  expect(imp.ok()).toBe(true);
  const asAdmin = (await imp.json()) as { token: string };
  const created = await page.request.post('/api/UserGroup', {
    headers: { authorization: `Bearer ${asAdmin.token}` },
    data: { name: 'Made while impersonating' },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await pickCommand(page, 'User group created');
  await page.getByLabel('Search').fill('Made while impersonating');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('superadmin');
  await expect(rows(page)).toContainText('on behalf of admin');
});

for (const lang of LANGS) {
  test(`event log screens (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, 'superadmin', lang);
    await page.goto(`/${lang}/settings/logs`);
    // the first page of the log waits on a database shared with the other tests' servers
    await expect(page.getByTestId('event-log-table')).toBeVisible({ timeout: 45_000 });
    await snap(page, `${lang}-settings-logs`);
    await expectNoSeriousA11yViolations(page, `${lang}-settings-logs`);
    await page.getByTestId('logs-commands').getByRole('combobox').click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await snap(page, `${lang}-settings-logs-commands`);
    await expectNoSeriousA11yViolations(page, `${lang}-settings-logs-commands`);
  });

  test(`event log at phone width (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'superadmin', lang);
    await page.goto(`/${lang}/settings/logs`);
    await expect(page.getByTestId('event-log-list')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('event-log-table')).toHaveCount(0);
    await snap(page, `${lang}-settings-logs-mobile`);
    await expectNoSeriousA11yViolations(page, `${lang}-settings-logs-mobile`);
  });
}
