import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** Demo accounts created by the server on an empty database (README). */
export const DEMO_PASSWORD = 'Demo-password-1';
export type DemoUser =
  | 'superadmin'
  | 'admin'
  | 'user'
  | 'dashboardonly'
  | 'operator'
  | 'devicemanager'
  | 'impersonator'
  | 'admin-b'
  | 'user-b';
export const LANGS = ['en', 'fr', 'es'] as const;
export type Lang = (typeof LANGS)[number];

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.resolve(here, '../../test-output/screenshots');

/** Localised labels the journeys look for. */
export const T = {
  signIn: { en: 'Sign in', fr: 'Se connecter', es: 'Iniciar sesión' },
  dashboards: { en: 'Dashboards', fr: 'Tableaux de bord', es: 'Paneles' },
} as const;

/** Signs in through the login page of `lang` and waits until the app has left it. */
export async function signIn(page: Page, user: DemoUser, lang: Lang = 'en', query = '') {
  await page.goto(`/${lang}/login${query}`);
  await page.locator('input[name=username]').fill(user);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: T.signIn[lang] }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Full-page screenshot kept as an artifact: test-output/screenshots/<name>.png */
export async function snap(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}
