import { expect, test } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Screenshots of every page of the frame in the three languages, kept under
 * test-output/screenshots for review: the frame must look like a finished product.
 */
for (const lang of LANGS) {
  test.describe(`screens in ${lang}`, () => {
    test(`signed-out pages (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/login`);
      await expect(page.locator('input[name=username]')).toBeVisible();
      await snap(page, `${lang}-login`);
      await expectNoSeriousA11yViolations(page, `${lang}-login`);
      await page.goto(`/${lang}/forgot-password`);
      await expect(page.locator('input[name=username]')).toBeVisible();
      await snap(page, `${lang}-forgot-password`);
      await expectNoSeriousA11yViolations(page, `${lang}-forgot-password`);
      await page.goto(`/${lang}/recover-password?token=abcdefghijklmnop`);
      await page.locator('input[name=newPassword]').fill('short');
      await snap(page, `${lang}-recover-password`);
      await expectNoSeriousA11yViolations(page, `${lang}-recover-password`);
      await page.goto(`/${lang}/no-such-page`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await snap(page, `${lang}-404`);
      await expectNoSeriousA11yViolations(page, `${lang}-404`);
    });

    test(`signed-in pages (${lang})`, async ({ page }) => {
      await signIn(page, 'superadmin', lang);
      await expect(page.locator('[data-layout="desktop"]')).toBeVisible();
      await snap(page, `${lang}-dashboard`);
      await expectNoSeriousA11yViolations(page, `${lang}-dashboard`);
      for (const [path, name] of [
        ['settings/users', 'settings-users'],
        ['monitoring/tickets', 'monitoring-tickets'],
        ['reports', 'reports'],
        ['performance', 'performance'],
      ] as const) {
        await page.goto(`/${lang}/${path}`);
        // a built screen's heading, or the placeholder of one still to come
        await expect(page.locator('h1, [data-testid=placeholder-page]').first()).toBeVisible();
        await snap(page, `${lang}-${name}`);
        await expectNoSeriousA11yViolations(page, `${lang}-${name}`);
      }
      await page.getByTestId('user-menu-button').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await snap(page, `${lang}-user-menu`);
      await expectNoSeriousA11yViolations(page, `${lang}-user-menu`);
      // sent to the menu itself: the page's focus may have moved while axe read the page
      await page.getByRole('menu').press('Escape');
      // the menu fades out over the page: a click before it is gone lands on its backdrop
      await expect(page.getByRole('menu')).toBeHidden();
      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem').nth(3).click(); // profile, after the three languages
      await expect(page.getByRole('dialog')).toBeVisible();
      await snap(page, `${lang}-profile`);
      await expectNoSeriousA11yViolations(page, `${lang}-profile`);
    });

    test(`mobile and restricted pages (${lang})`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await signIn(page, 'user', lang);
      await expect(page.getByTestId('bottom-navigation')).toBeVisible();
      await snap(page, `${lang}-mobile-dashboard`);
      await expectNoSeriousA11yViolations(page, `${lang}-mobile-dashboard`);
      await page.goto(`/${lang}/settings/tree`);
      await expect(page).toHaveURL(/unauthorizedAccess/);
      await snap(page, `${lang}-mobile-unauthorized`);
      await expectNoSeriousA11yViolations(page, `${lang}-mobile-unauthorized`);
      await context.close();
    });
  });
}
