import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { signIn, snap, type Lang } from '../src/support/shell';

/**
 * The help center (/help_center/Default.htm, /help_center_fr/Default.htm) and the internal test
 * pages (/tests/). The first test takes the guide's figures from the running demo, in English and
 * French, straight into the guides' image folders (packages/web/public/help_center{,_fr}/img), so the
 * guide shows the product as it is; the others open the guide from the user menu, search it, and go
 * through the hub inspector and the ingest playground.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const GUIDE_IMAGES: Record<'en' | 'fr', string> = {
  en: path.resolve(here, '../../web/public/help_center/img'),
  fr: path.resolve(here, '../../web/public/help_center_fr/img'),
};

/** the screen has drawn: its heading and no loading indicator left */
async function settled(page: Page) {
  await expect(
    page.locator('h1, [data-testid=liveview-screen], [data-testid=liveview-message]').first(),
  ).toBeVisible();
  await expect(
    page.locator('.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate, .MuiSkeleton-root'),
  ).toHaveCount(0);
}

async function figure(page: Page, lang: 'en' | 'fr', name: string) {
  await settled(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.join(GUIDE_IMAGES[lang], `${name}.jpg`),
    type: 'jpeg',
    quality: 70,
    animations: 'disabled',
  });
}

const SCREENS: [name: string, route: string][] = [
  ['dashboard', 'dashboard'],
  ['live-view', 'liveviews'],
  ['showtimes', 'orgtreeevent'],
  ['ranking', 'ranking'],
  ['tracks-viewer', 'track/Viewer'],
  ['tracks-player', 'track/Player'],
  ['heat-map', 'track/HeatMap'],
  ['floor-plan', 'track/FloorPlan'],
  ['objectives', 'settings/objectives'],
  ['performance', 'performance'],
  ['monitoring-tickets', 'monitoring/tickets'],
  ['monitoring-devices', 'monitoring/devices'],
  ['settings-tree', 'settings/tree'],
  ['settings-users', 'settings/users'],
  ['settings-logs', 'settings/logs'],
  ['settings-sso', 'settings/sso'],
];

test.describe('help center', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const lang of ['en', 'fr'] as const) {
    test(`the guide's figures, from the demo (${lang})`, async ({ page }) => {
      test.setTimeout(420_000); // sixteen screens and the test page on a loaded machine
      await page.goto(`/${lang}/login/desjardins`);
      await figure(page, lang, 'login-customer');
      await signIn(page, 'superadmin', lang);
      for (const [name, route] of SCREENS) {
        await page.goto(`/${lang}/${route}`);
        await figure(page, lang, name);
      }
      await page.goto(`/${lang}/tests/`);
      await sendSampleCount(page, lang);
      await figure(page, lang, 'tests');
    });
  }

  test('the user menu opens the guide in the user language; the guide is searchable', async ({ page }) => {
    await signIn(page, 'user', 'es');
    await page.getByTestId('user-menu-button').click();
    // no Spanish guide: Spanish users get the English one
    await expect(page.getByRole('menuitem', { name: 'Guía del usuario' })).toHaveAttribute(
      'href',
      '/help_center/Default.htm',
    );
    await page.goto('/help_center/Default.htm');
    await expect(page.getByRole('heading', { name: 'User guide', level: 1 })).toBeVisible();
    // every figure is there and loads
    const images = page.locator('main img');
    expect(await images.count()).toBeGreaterThanOrEqual(18);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
        .toBe(true);
    }
    await page.getByLabel('Search the guide').fill('objective');
    await expect(page.getByRole('status')).toHaveText(/Sections matching: \d+/);
    await expect(page.locator('#performance')).toBeVisible();
    await expect(page.locator('#mobile')).toBeHidden();
    await page.getByLabel('Search the guide').fill('heat map');
    await expect(page.locator('#tracks')).toBeVisible();
    await expect(page.locator('#ranking')).toBeHidden();
    await page.getByLabel('Search the guide').fill('zzzz-nothing');
    await expect(page.getByRole('status')).toHaveText('No section matches; try another word.');
    await page.getByLabel('Search the guide').fill('');
    await expect(page.locator('#mobile')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'help center (en)');

    await page.goto('/help_center_fr/Default.htm?q=authentification unique');
    await expect(page.locator('#sso')).toBeVisible();
    await expect(page.locator('#tableaux')).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'help center (fr)');
    await snap(page, 'fr-help-center-search');
  });
});

const TEST_PAGE = {
  en: {
    location: 'Location',
    device: 'Device',
    series: 'Series',
    send: 'Send the count',
    ok: 'Accepted values: 1',
    live: 'Connected and acknowledged',
  },
  fr: {
    location: 'Emplacement',
    device: 'Appareil',
    series: 'Série',
    send: 'Envoyer le comptage',
    ok: 'Valeurs acceptées : 1',
    live: 'Connecté et confirmé',
  },
  es: {
    location: 'Ubicación',
    device: 'Dispositivo',
    series: 'Serie',
    send: 'Enviar el conteo',
    ok: 'Valores aceptados: 1',
    live: 'Conectado y confirmado',
  },
} as const;

/** In /tests/: subscribes to a demo store, sends a count to its first door and waits for the hub's message. */
async function sendSampleCount(page: Page, lang: Lang) {
  const w = TEST_PAGE[lang];
  await page.getByLabel(w.location).click();
  await page.getByRole('option', { name: 'Toronto Eaton Centre' }).click();
  await expect(page.getByTestId('hub-status')).toHaveText(w.live);
  await page.getByLabel(w.device).click();
  await page.getByRole('option').first().click();
  await page.getByLabel(w.series).click();
  await page
    .getByRole('option', { name: /^TrafficIn/ })
    .first()
    .click();
  await page.getByRole('button', { name: w.send }).click();
  await expect(page.getByRole('status').filter({ hasText: w.ok })).toBeVisible();
  await expect(page.getByTestId('hub-messages').locator('li').first()).toBeVisible();
}

test.describe('internal test pages', () => {
  test('/tests/: the hub inspector shows the message a sample count causes (en, fr, es)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'superadmin', 'en');
    for (const lang of ['en', 'fr', 'es'] as const) {
      await page.goto(`/${lang}/tests/`);
      await sendSampleCount(page, lang);
      await expect(page.getByTestId('hub-messages')).toContainText(/MeasurementsLiveFeed|NewOccupancy/);
      await expectNoSeriousA11yViolations(page, `tests page (${lang})`);
      await snap(page, `${lang}-tests-page`);
    }
  });

  test('/tests/ is for superAdmin only', async ({ page }) => {
    await signIn(page, 'admin', 'en');
    await page.goto('/en/tests/');
    await expect(page).toHaveURL(/unauthorizedAccess/);
  });
});
