import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

test.describe('frame', () => {
  test('at 390x844 the mobile layout has its bottom navigation', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signIn(page, 'admin');
    await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
    await expect(page.getByTestId('top-toolbar')).toHaveCount(0);
    const nav = page.getByTestId('bottom-navigation');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Performance',
      'Ranking',
      'Occupancy',
      'Showtimes',
    ]);
    const header = await page.getByTestId('mobile-header').boundingBox();
    const footer = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
    // header and footer are one tenth of the height each
    expect(Math.round(header!.height)).toBe(84);
    expect(Math.round(footer!.height)).toBe(84);
    await snap(page, 'en-mobile-dashboard');
    await expectNoSeriousA11yViolations(page, 'en-mobile-dashboard');
    await nav.getByRole('link', { name: 'Ranking' }).click();
    await expect(page).toHaveURL(/\/en\/ranking$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Ranking');
    await expectNoSeriousA11yViolations(page, 'ranking (mobile)');
    await context.close();
  });

  test('the desktop layout switches at 1246 px', async ({ page }) => {
    await page.setViewportSize({ width: 1246, height: 800 });
    await signIn(page, 'user');
    await expect(page.locator('[data-layout="desktop"]')).toBeVisible();
    await page.setViewportSize({ width: 1245, height: 800 });
    await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
  });

  test('the profile dialog validates and saves', async ({ page }) => {
    await signIn(page, 'operator');
    await page.goto('/en/reports');
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog', { name: /My profile/ });
    await expect(dialog).toBeVisible();
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(800);

    const firstName = dialog.locator('input[name=firstName]');
    await firstName.fill('  ');
    await dialog.locator('input[name=email]').fill('not-an-email');
    await dialog.locator('input[name=newPassword]').fill('weak');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Required').first()).toBeVisible();
    await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(
      dialog.getByText(
        'The password needs at least 12 characters and 2 more of an uppercase letter, a digit, or a special character.',
      ),
    ).toBeVisible();
    await snap(page, 'en-profile-invalid');
    await expectNoSeriousA11yViolations(page, 'en-profile-invalid');

    // closing with unsaved changes asks first
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Your changes will be lost. Close anyway?')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile close confirmation');
    await page.getByRole('button', { name: 'No' }).click();

    await firstName.fill('Olivia');
    await dialog.locator('input[name=lastName]').fill('Operator-Renamed');
    await dialog.locator('input[name=email]').fill('olivia.operator@demo.footfall.local');
    await dialog.locator('input[name=newPassword]').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile has been updated.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // the change is stored: a new page load shows it
    await page.reload();
    await expect(page.getByTestId('user-menu-button')).toContainText('Olivia Operator-Renamed');
  });

  test('the profile dialog changes the password with the old one', async ({ page }) => {
    await signIn(page, 'impersonator');
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog', { name: /My profile/ });
    await dialog.locator('input[name=oldPassword]').fill('Wrong-password-42');
    await dialog.locator('input[name=newPassword]').fill('Another-pass-2026');
    await dialog.locator('input[name=newPasswordConfirmation]').fill('Another-pass-2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile could not be updated.')).toBeVisible();
    await expect(dialog.getByText('This is not your current password')).toBeVisible();
    await dialog.locator('input[name=oldPassword]').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  });

  test('the language selector changes the page and the saved language', async ({ page }) => {
    await signIn(page, 'devicemanager');
    await page.goto('/en/monitoring/tickets');
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es\/monitoring\/tickets$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'monitoring tickets (es)');
    // the saved language brings an unprefixed URL to Spanish on the next visit
    await page.context().clearCookies();
    await page.goto('/monitoring/devices');
    await expect(page).toHaveURL(/\/es\/monitoring\/devices$/);
  });

  test('the user guide opens in the user language', async ({ page }) => {
    await signIn(page, 'user', 'fr');
    await page.getByTestId('user-menu-button').click();
    const guide = page.getByRole('menuitem', { name: "Guide de l'utilisateur" });
    await expect(guide).toHaveAttribute('href', '/help_center_fr/Default.htm');
    const res = await page.request.get('/help_center_fr/Default.htm');
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain("Guide de l'utilisateur");
  });
});
