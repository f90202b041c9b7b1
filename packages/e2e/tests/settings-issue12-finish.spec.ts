import { expect, test, type Page } from '@playwright/test';
import { call, token } from '../src/support/api';
import { LANGS, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 12, the last gaps: the users table fits 1,440 x 900 with its row actions; at 390 px the
 * users list is cards and the forms (user, group, node) fit the width; a user's reports and
 * clearing a default dashboard; a series' tags in the node editor.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const NEW_GROUP = { en: 'New group', fr: 'Nouveau groupe', es: 'Nuevo grupo' } as const;

/** The page does not scroll sideways. */
async function expectNoSideScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

for (const lang of LANGS) {
  test(`users table in ${lang} at 1440 x 900: no horizontal scroll, row actions in view`, async ({
    page,
  }) => {
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/settings/users`);
    const table = page.getByTestId('users-table');
    const first = table.getByTestId('user-row').first();
    await expect(first).toBeVisible();
    await expectNoSideScroll(page, 1440);
    // the table itself does not scroll inside its container either
    const overflow = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // every row's last action button lies inside the window
    const rows = await table.getByTestId('user-row').count();
    for (let i = 0; i < rows; i++) {
      const last = table.getByTestId('user-row').nth(i).locator('td').last().locator('a, button').last();
      const box = await last.boundingBox();
      expect(box, `row ${i} actions`).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1440);
    }
    await snap(page, `issue12-users-table-${lang}-1440`);
  });
}

for (const lang of LANGS) {
  test(`forms at 390 px in ${lang}: users list as cards, user, group and node editors fit`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/settings/users`);
    await expect(page.getByTestId('users-list').getByTestId('user-row').first()).toBeVisible();
    await expect(page.getByTestId('users-table')).toHaveCount(0);
    await expectNoSideScroll(page, 390);
    await snap(page, `issue12-users-list-${lang}-390`);

    await page.goto(`/${lang}/settings/users/new`);
    await expect(page.getByTestId('user-edit-page')).toBeVisible();
    await expect(page.getByTestId('user-reports')).toBeVisible();
    await expectNoSideScroll(page, 390);
    await snap(page, `issue12-user-form-${lang}-390`);
    await expectNoSeriousA11yViolations(page, `user form 390 ${lang}`);

    await page.goto(`/${lang}/settings/users/groups`);
    await page.getByRole('button', { name: NEW_GROUP[lang] }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // MUI puts role=dialog on the dialog's paper
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await snap(page, `issue12-group-form-${lang}-390`);
    await dialog.press('Escape');

    await page.goto(`/${lang}/settings/tree`);
    await page.getByTestId('settings-tree-search').fill('Toronto Eaton Centre');
    await page
      .getByTestId('settings-tree-list')
      .getByRole('treeitem')
      .filter({ hasText: 'Toronto Eaton Centre' })
      .first()
      .click();
    const editor = page.locator('#node-tabpanel').getByTestId('business-hours-editor');
    await editor.scrollIntoViewIfNeeded();
    await expect(editor).toBeVisible();
    const panel = await page.locator('#node-tabpanel').boundingBox();
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
    await expectNoSideScroll(page, 390);
    await snap(page, `issue12-node-form-${lang}-390`);
  });
}

test('an admin gives a user reports and clears their default dashboard', async ({ page, request }) => {
  const bearer = await token(request, 'admin');
  const found = await call<{ items: { id: string; username: string }[] }>(
    request,
    bearer,
    'GET',
    '/api/User/search?search=jordan',
  );
  const jordan = found.items[0]!;
  // a default dashboard to clear: the first of the user's dashboards
  const views = await call<{ id: string; defaultDashboard: boolean }[]>(
    request,
    bearer,
    'GET',
    `/api/User/${jordan.id}/dashboards`,
  );
  expect(views.length).toBeGreaterThan(0);
  await call(request, bearer, 'POST', `/api/User/${jordan.id}/defaultDashboard/${views[0]!.id}`);
  // the demo gives every account all the reports: start from none
  await call(request, bearer, 'PUT', `/api/User/${jordan.id}`, { reports: [] });

  await signIn(page, 'admin', 'en');
  await page.goto(`/en/settings/users/${jordan.id}`);
  const reports = page.getByTestId('user-reports');
  await reports.getByRole('checkbox', { name: 'Traffic', exact: true }).check();
  await reports.getByRole('checkbox', { name: 'Dwell time' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(
      async () =>
        (await call<{ reports: string[] }>(request, bearer, 'GET', `/api/User/${jordan.id}`)).reports,
    )
    .toEqual(['dwellReport', 'trafficReport']);
  await page.reload();
  await expect(reports.getByRole('checkbox', { name: 'Traffic', exact: true })).toBeChecked();
  await snap(page, 'issue12-user-reports-en');

  // the default dashboard back to none
  await page.getByLabel('Default dashboard', { exact: true }).click();
  await page.getByRole('option', { name: 'None (the first dashboard)' }).click();
  await expect
    .poll(async () =>
      (
        await call<{ defaultDashboard: boolean }[]>(
          request,
          bearer,
          'GET',
          `/api/User/${jordan.id}/dashboards`,
        )
      ).some((v) => v.defaultDashboard),
    )
    .toBe(false);
  // the reports back to none
  await reports.getByRole('checkbox', { name: 'Traffic', exact: true }).uncheck();
  await reports.getByRole('checkbox', { name: 'Dwell time' }).uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(
      async () =>
        (await call<{ reports: string[] }>(request, bearer, 'GET', `/api/User/${jordan.id}`)).reports,
    )
    .toEqual([]);
});

test('a series gets tags in the node editor; a bad tag is refused', async ({ page, request }) => {
  const bearer = await token(request, 'admin');
  await signIn(page, 'admin', 'en');
  await page.goto('/en/settings/tree');
  await page.getByTestId('settings-tree-search').fill('Toronto Eaton Centre');
  await page
    .getByTestId('settings-tree-list')
    .getByRole('treeitem')
    .filter({ hasText: 'Toronto Eaton Centre' })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Time series' }).click();
  const input = page.getByTestId('series-tags-input').first();
  await expect(input).toBeVisible();
  const item = page.locator('[data-series-id]').first();
  const seriesId = (await item.getAttribute('data-series-id'))!;
  const nodeId = (await page.getByTestId('settings-tree-details').getAttribute('data-node-id'))!;
  const tagsOf = async () =>
    (
      await call<{ timeSeriesId: string; metaTags: string[] }[]>(
        request,
        bearer,
        'GET',
        `/api/TimeSeries/info/${nodeId}`,
      )
    ).find((s) => s.timeSeriesId === seriesId)!.metaTags;
  const before = await tagsOf();

  await input.fill('two words');
  await input.press('Enter');
  await expect(item.getByText('A tag has letters, digits and _ . : - only')).toBeVisible();
  expect(await tagsOf()).toEqual(before);

  await input.fill('');
  await input.click();
  await page.getByRole('option', { name: 'adults' }).click();
  await expect.poll(tagsOf).toEqual([...new Set([...before, 'adults'])].sort());
  await snap(page, 'issue12-series-tags-en');
  // put it back as it was
  await call(request, bearer, 'PUT', `/api/TimeSeries/info/${nodeId}`, [
    { timeSeriesId: seriesId, metaTags: before },
  ]);
});

for (const lang of LANGS) {
  test(`top bar at 390 px in ${lang}: the user menu stays on screen, sections fold into "more"`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/settings/tree`);
    const bar = page.getByTestId('top-toolbar');
    await expect(bar).toBeVisible();
    // nothing in the bar scrolls out of view
    const hidden = await bar.evaluate((b) => b.scrollWidth - b.clientWidth);
    expect(hidden).toBeLessThanOrEqual(0);
    const userMenu = await page.getByTestId('user-menu-button').boundingBox();
    expect(userMenu).not.toBeNull();
    expect(userMenu!.x).toBeGreaterThanOrEqual(0);
    expect(userMenu!.x + userMenu!.width).toBeLessThanOrEqual(390);
    await expectNoSideScroll(page, 390);
    await snap(page, `issue12-topbar-${lang}-390`);
    // the folded menu lists the other sections and leads to them
    await page.getByTestId('toolbar-more').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByTestId('toolbar-settings')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `top bar more menu ${lang} 390`);
    await snap(page, `issue12-topbar-more-${lang}-390`);
    await page.getByTestId('toolbar-dashboard').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard`));
  });
}
