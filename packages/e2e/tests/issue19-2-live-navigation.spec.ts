import { expect, test } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { call, token as tokenOf } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 19, item 2: live views and showtimes reachable from the desktop navigation. The toolbar
 * has a live views entry (occupancy access) leading to the list of the user's live views, each with
 * its door screen, the operator screen for operators, and a public link for admins; and a showtimes
 * entry for those who may read showtimes. On a phone the Occupancy tab opens the operator screen
 * for operators.
 */
const LIVE_VIEWS = { en: 'Live views', fr: 'Écrans en direct', es: 'Pantallas en directo' } as const;

test('an operator opens the operator screen of a live view from the toolbar', async ({ page, request }) => {
  test.slow(); // dashboard and live screen loads on a shared machine
  const token = await tokenOf(request, 'operator');
  const views = await call<{ id: string; name: string }[]>(request, token, 'GET', '/api/LiveView');
  expect(views.length).toBeGreaterThan(0);
  await signIn(page, 'operator');
  await page.goto('/en/dashboard');
  await page.getByTestId('top-toolbar').getByRole('link', { name: 'Live views' }).click();
  await expect(page).toHaveURL(/\/en\/liveviews$/);
  const rows = page.getByTestId('live-view-row');
  await expect(rows).toHaveCount(views.length);
  const first = rows.filter({ hasText: views[0]!.name }).first();
  await expect(first.getByRole('link', { name: /Door screen/ })).toHaveAttribute(
    'href',
    `/en/liveview/${views[0]!.id}`,
  );
  // operators do not manage public links
  await expect(first.getByRole('button', { name: /public link/i })).toHaveCount(0);
  await first.getByRole('link', { name: /Operator screen/ }).click();
  await expect(page).toHaveURL(new RegExp(`/en/liveview/authorized/${views[0]!.id}$`));
  await expect(page.getByTestId('operator-set-input')).toBeVisible();
  // the operator has no showtimes access: no entry for it
  await page.goto('/en/dashboard');
  await expect(page.getByTestId('top-toolbar').getByRole('link', { name: 'Showtimes' })).toHaveCount(0);
});

test('an admin reaches showtimes, and makes a public link of a live view', async ({ page }) => {
  test.slow(); // two browser pages and the public screen's first load on a shared machine
  await signIn(page, 'admin');
  await page.goto('/en/dashboard');
  await page.getByTestId('top-toolbar').getByRole('link', { name: 'Showtimes' }).click();
  await expect(page).toHaveURL(/\/en\/orgtreeevent$/);
  await expect(page.getByTestId('showtimes')).toBeVisible();

  await page.getByTestId('top-toolbar').getByRole('link', { name: 'Live views' }).click();
  const row = page.getByTestId('live-view-row').first();
  await row.getByRole('button', { name: /public link/i }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create the link' }).click();
  const link = dialog.getByTestId('live-view-share-url');
  await expect(link).toHaveValue(/\/liveview\/public\/lvs_/);
  const url = await link.inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // the link works without signing in
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(url);
  await expect(
    visitor.locator('[data-testid="liveview-screen"], [data-testid="liveview-black"]'),
  ).toBeVisible();
  await visitor.close();
});

test('on a phone the Occupancy tab opens the operator screen for an operator-admin', async ({ page }) => {
  test.slow(); // dashboard and live screen loads on a shared machine
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await page.goto('/en/dashboard');
  await page.getByTestId('bottom-navigation').getByRole('link', { name: 'Occupancy' }).click();
  await expect(page).toHaveURL(/\/en\/liveview\/authorized/);
  await expect(page.getByTestId('bottom-navigation')).toBeVisible();
  await expect(
    page.locator('[data-testid="operator-set-input"], [data-testid="liveview-black"]'),
  ).toBeVisible();
});

for (const lang of LANGS) {
  test(`live views list and toolbar (${lang})`, async ({ page }) => {
    test.slow(); // sign-in, a dashboard and axe runs on a shared machine
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/dashboard`);
    await page.getByTestId('top-toolbar').getByRole('link', { name: LIVE_VIEWS[lang] }).click();
    await expect(page.getByTestId('live-view-row').first()).toBeVisible();
    await snap(page, `issue19-2-live-views-${lang}`);
    await expectNoSeriousA11yViolations(page, `live views list (${lang})`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('live-view-row').first()).toBeVisible();
    await snap(page, `issue19-2-live-views-phone-${lang}`);
    await expectNoSeriousA11yViolations(page, `live views list phone (${lang})`);
  });
}
