import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

test.describe('sign-in flow', () => {
  test('signing in at /fr/login lands in French', async ({ page }) => {
    await page.goto('/fr/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page).toHaveTitle('Connexion · Footfall');
    await expectNoSeriousA11yViolations(page, 'sign-in (fr)');
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    // /fr/dashboard opens the default dashboard (its id may then appear in the address)
    await expect(page).toHaveURL(/\/fr\/dashboard(\/[0-9a-f-]{36})?$/);
    // the default dashboard opens in French: its toolbar title and its actions
    await expect(page.getByRole('banner').getByText('Tableaux de bord')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modifier' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    // the page title is the open dashboard's name
    await expect(page).toHaveTitle('Store performance · Footfall');
    await expectNoSeriousA11yViolations(page, 'dashboard after sign-in (fr)');
    await expect(page.getByRole('link', { name: 'Paramètres' })).toHaveAttribute('href', '/fr/settings/tree');
    const cookies = await page.context().cookies();
    const lang = cookies.find((c) => c.name === 'i18n_redirected');
    expect(lang?.value).toBe('fr');
    expect(lang!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });

  test('a wrong password shows the error and stays on sign-in', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name=username]').fill('dashboardonly');
    await page.locator('input[name=password]').fill('Not-the-password-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Sign-in failed. Check your username and password and try again.',
    );
    await expect(page).toHaveURL(/\/login$/);
    await expectNoSeriousA11yViolations(page, 'sign-in error');
    await snap(page, 'en-login-error');
  });

  test('a deep link while signed out returns there after sign-in', async ({ page }) => {
    await page.goto('/es/settings/users');
    await expect(page).toHaveURL(/\/es\/login\?redirect=%2Fes%2Fsettings%2Fusers$/);
    await page.locator('input[name=username]').fill('superadmin');
    await page.locator('input[name=password]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/es\/settings\/users$/);
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Usuarios', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page, 'settings users (es)');
  });

  test('a user without the role is sent to unauthorizedAccess', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/en/settings/tree');
    await expect(page).toHaveURL(/\/en\/unauthorizedAccess\?redirectFrom=%2Fen%2Fsettings%2Ftree$/);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'unauthorized access');
  });

  test('unknown routes show the 404 page with a link home', async ({ page }) => {
    await page.goto('/does-not-exist');
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en');
    await expectNoSeriousA11yViolations(page, '404');
  });

  test('sign out goes back to sign-in and protects the pages again', async ({ page }) => {
    await signIn(page, 'user');
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'user menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await page.goto('/en/reports');
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Freports$/);
  });
});
