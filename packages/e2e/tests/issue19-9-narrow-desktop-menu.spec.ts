import { expect, test } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 19, item 9: below the 1,246 px desktop breakpoint (here 1,220 px, a small laptop) the app
 * shows the mobile layout, whose bottom navigation has no settings, reports or monitoring. The
 * mobile top bar has a menu ("Sections") with the sections the user may open.
 */
const MENU = { en: 'Sections', fr: 'Sections', es: 'Secciones' } as const;
const SETTINGS = { en: 'Settings', fr: 'Paramètres', es: 'Configuración' } as const;

test('at 1,220 px an admin reaches settings, reports and monitoring from the menu', async ({ page }) => {
  test.slow(); // dashboard loads at 1,220 px on a shared machine
  await page.setViewportSize({ width: 1220, height: 800 });
  await signIn(page, 'admin');
  await page.goto('/en/dashboard');
  await expect(page.getByTestId('bottom-navigation')).toBeVisible();
  await page.getByRole('button', { name: 'Sections', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Reports' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Monitoring' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/en\/settings\/tree$/);

  await page.goto('/en/dashboard');
  await page.getByRole('button', { name: 'Sections', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/en\/reports$/);

  await page.goto('/en/dashboard');
  await page.getByRole('button', { name: 'Sections', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Monitoring' }).click();
  await expect(page).toHaveURL(/\/en\/monitoring\/tickets$/);
});

test('a dashboard-only user sees no settings nor reports in the menu', async ({ page }) => {
  test.slow(); // dashboard loads at 1,220 px on a shared machine
  await page.setViewportSize({ width: 1220, height: 800 });
  await signIn(page, 'dashboardonly');
  await page.goto('/en/dashboard');
  await page.getByRole('button', { name: 'Sections', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Monitoring' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Reports' })).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`the section menu at 1,220 px and on a phone (${lang})`, async ({ page }) => {
    test.slow(); // sign-in, a dashboard and axe runs on a shared machine
    await page.setViewportSize({ width: 1220, height: 800 });
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/dashboard`);
    await page.getByRole('button', { name: MENU[lang], exact: true }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: SETTINGS[lang] })).toBeVisible();
    await snap(page, `issue19-9-section-menu-1220-${lang}`);
    await expectNoSeriousA11yViolations(page, `section menu 1220 (${lang})`);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: MENU[lang], exact: true }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: SETTINGS[lang] })).toBeVisible();
    await snap(page, `issue19-9-section-menu-phone-${lang}`);
    await expectNoSeriousA11yViolations(page, `section menu phone (${lang})`);
  });
}
