import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { DEMO_PASSWORD, LANGS, signIn, snap } from '../src/support/shell';
import { startTestProvider, type TestProvider } from '../../server/src/test/oidc-test-provider';

/**
 * Customer sign-in through a real OpenID Connect provider (oidc-provider, started here on a loopback
 * port): a superAdmin configures it in /settings/sso, a visitor signs in at /fr/login/<slug> through
 * the provider's own login page and lands signed in (created on first sign-in); a sign-in without
 * creation refuses an unknown person; the demo's /login/desjardins says its provider is absent.
 */
const OPEN = 'e2e-idp';
const CLOSED = 'e2e-closed';
/** a fixed port, so that a retried test (new worker, new provider) finds the issuer it configured */
const PROVIDER_PORT = Number(process.env.E2E_PORT ?? 5123) + 2000;

let idp: TestProvider;

/** Nothing on the page is wider than the phone (poll: the layout settles after the first paint). */
async function fitsThePhone(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

async function superAdminToken(request: APIRequestContext) {
  const res = await request.post('/authentication', {
    data: { username: 'superadmin', password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

test.describe('customer sign-in (OpenID Connect)', () => {
  test.beforeAll(async () => {
    // this worker's server (playwright.config.ts gives each worker its own, E2E_SERVERS)
    const baseURL = test.info().project.use.baseURL;
    idp = await startTestProvider(
      [
        {
          client_id: 'footfall-e2e',
          client_secret: 'footfall-e2e-secret',
          redirect_uris: [OPEN, CLOSED].map((s) => `${baseURL}/login/${s}/callback`),
        },
      ],
      { port: PROVIDER_PORT },
    );
  });
  test.afterAll(async () => {
    await idp?.close();
  });

  test('superAdmin configures a sign-in in /settings/sso', async ({ page }) => {
    test.setTimeout(180_000); // four axe runs on a loaded machine
    await signIn(page, 'superadmin', 'en');
    await page.goto('/en/settings/sso');
    await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
    // the demo's three customer pages
    for (const slug of ['desjardins', 'lq', 'teppermans'])
      await expect(page.getByRole('link', { name: `/login/${slug}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Single sign-on' })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page, 'settings sso (en)');
    await snap(page, 'en-settings-sso');

    await page.getByRole('button', { name: 'New sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sign-in' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Corp');
    await dialog.getByRole('textbox', { name: 'Page name' }).fill(OPEN);
    await dialog.getByLabel('Title (English)').fill('E2E Corp staff');
    await dialog.getByLabel('Title (Français)').fill('Personnel E2E Corp');
    await dialog.getByLabel('Title (Español)').fill('Personal de E2E Corp');
    await dialog.getByLabel('Button (Français)').fill('Connexion E2E Corp');
    await dialog.getByLabel('Issuer URL').fill('not a url');
    await dialog.getByLabel('Client ID').fill('footfall-e2e');
    await dialog.getByLabel('Client secret').fill('footfall-e2e-secret');
    await dialog.getByLabel('Create users on their first sign-in').check();
    await dialog.getByLabel('Scope of new users').click();
    await page.getByRole('option', { name: 'Demo Retail' }).click();
    await expectNoSeriousA11yViolations(page, 'settings sso dialog (en)');
    await snap(page, 'en-settings-sso-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // the server names the bad field
    await expect(dialog.getByLabel('Issuer URL')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Issuer URL').fill(idp.issuer);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: /E2E Corp/ })).toContainText(idp.issuer);

    for (const lang of ['fr', 'es'] as const) {
      await page.goto(`/${lang}/settings/sso`);
      await expect(page.getByRole('link', { name: `/login/${OPEN}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `settings sso (${lang})`);
      await snap(page, `${lang}-settings-sso`);
    }
  });

  test('a first sign-in through the provider creates the user and lands in French', async ({ page }) => {
    await page.goto(`/fr/login/${OPEN}`);
    await expect(page.getByRole('heading', { name: 'Personnel E2E Corp', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'customer sign-in (fr)');
    await snap(page, 'fr-login-customer-e2e');
    await page.getByRole('button', { name: 'Connexion E2E Corp' }).click();

    // the provider's own login page (oidc-provider's development interaction)
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    idp.accounts.set('nadia', { email: 'nadia.roy@e2e.test', given_name: 'Nadia', family_name: 'Roy' });
    await page.locator('input[name=login]').fill('nadia');
    await page.locator('input[name=password]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    // back through the single-sign-on layout, then the French home
    await expect(page).toHaveURL(/\/fr\/dashboard/);
    await expect(page.getByRole('banner').getByText('Tableaux de bord')).toBeVisible();
    // an SSO user has no profile to edit
    await page.getByRole('button', { name: /menu du compte/ }).click();
    await expect(page.getByRole('menuitem', { name: "Guide de l'utilisateur" })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profil' })).toHaveCount(0);
    await snap(page, 'fr-sso-signed-in-menu');
    await page.keyboard.press('Escape');

    // the account exists now: an SSO user in Demo Retail
    const token = await superAdminToken(page.request);
    const found = await page.request.get('/api/User/search?search=nadia.roy', {
      headers: { authorization: `Bearer ${token}` },
    });
    const items = (await found.json()).items as { username: string; isSsoUser: boolean; scopeName: string }[];
    expect(items.map((u) => [u.username, u.isSsoUser])).toEqual([['nadia.roy@e2e.test', true]]);
  });

  test('a sign-in without creation refuses someone without an account', async ({ page }) => {
    const token = await superAdminToken(page.request);
    const made = await page.request.post('/api/CustomerSignIn', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        slug: CLOSED,
        name: 'Closed Corp',
        branding: {
          title: { en: 'Closed Corp', fr: 'Closed Corp', es: 'Closed Corp' },
          welcome: { en: 'Staff only.', fr: 'Personnel seulement.', es: 'Solo personal.' },
          buttonLabel: { en: '', fr: '', es: '' },
        },
        provider: { issuerUrl: idp.issuer, clientId: 'footfall-e2e', clientSecret: 'footfall-e2e-secret' },
      },
    });
    expect(made.status()).toBe(201);
    await page.goto(`/es/login/${CLOSED}`);
    await page.getByRole('button', { name: 'Iniciar sesión con Closed Corp' }).click();
    await page.locator('input[name=login]').fill('stranger');
    await page.locator('input[name=password]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Su cuenta no tiene permiso para usar esta aplicación. Pida acceso a su administrador.',
    );
    await expect(page.getByRole('link', { name: 'Volver a la página de inicio de sesión' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sso refused (es)');
    await snap(page, 'es-sso-not-allowed');
  });

  test('on a 390 px phone: the customer pages, the provider round trip, the loading layout, in en/fr/es', async ({
    page,
  }) => {
    test.setTimeout(240_000); // axe on nine pages plus a sign-in on a loaded machine
    await page.setViewportSize({ width: 390, height: 844 });
    const slugs = { desjardins: 'Desjardins', lq: 'Loto-Québec', teppermans: "Tepperman's" };
    for (const lang of LANGS) {
      for (const [slug, name] of Object.entries(slugs)) {
        await page.goto(`/${lang}/login/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const button = page.getByRole('button', { name: new RegExp(name) });
        await expect(button).toBeInViewport();
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        await fitsThePhone(page);
        await expectNoSeriousA11yViolations(page, `login ${slug} 390 (${lang})`);
        await snap(page, `${lang}-login-${slug}-390`);
      }
    }

    // a sign-in through the provider on the phone: the single-sign-on layout is shown while our
    // server exchanges the answer (the exchange is held back until the layout is checked, then goes to
    // the real server)
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/authentication/${OPEN}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/es/login/${OPEN}`);
    await expect(page.getByRole('heading', { name: 'Personal de E2E Corp', level: 1 })).toBeVisible();
    await fitsThePhone(page);
    await page.getByRole('button', { name: /E2E Corp/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    idp.accounts.set('lea', { email: 'lea.gagnon@e2e.test', given_name: 'Léa', family_name: 'Gagnon' });
    await page.locator('input[name=login]').fill('lea');
    await page.locator('input[name=password]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page).toHaveURL(new RegExp(`/login/${OPEN}/callback`));
    const callback = page.url();
    await expect(page.getByText('Cargando su cuenta...')).toBeVisible();
    await fitsThePhone(page);
    await expectNoSeriousA11yViolations(page, 'sso loading 390 (es)');
    await snap(page, 'es-sso-loading-390');
    release();
    await expect(page).toHaveURL(/\/es\/dashboard/, { timeout: 20_000 });
    await expect(page.getByTestId('bottom-navigation')).toBeVisible();
    await page.unroute(`**/authentication/${OPEN}`);

    // a used answer again: refused, said in the page's language, on the phone
    await page.goto(callback);
    await expect(page.getByRole('alert')).toContainText('ya se usó');
    await fitsThePhone(page);
    await expectNoSeriousA11yViolations(page, 'sso refused 390 (es)');
    await snap(page, 'es-sso-refused-390');
  });

  test("the demo customers' pages show their branding and say when the provider is absent", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const titles = {
      en: 'Desjardins branch traffic',
      fr: 'Achalandage des caisses Desjardins',
      es: 'Afluencia de las sucursales Desjardins',
    };
    const unreachable = {
      en: 'The identity provider cannot be reached right now.',
      fr: "Le fournisseur d'identité est injoignable pour le moment.",
      es: 'No se puede contactar con el proveedor de identidad en este momento.',
    };
    for (const lang of LANGS) {
      await page.goto(`/${lang}/login/desjardins`);
      await expect(page.getByRole('heading', { name: titles[lang], level: 1 })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Desjardins' })).toBeVisible();
      await page.getByRole('button', { name: /Desjardins/ }).click();
      await expect(page.getByRole('alert')).toContainText(unreachable[lang]);
      await expectNoSeriousA11yViolations(page, `login desjardins (${lang})`);
      await snap(page, `${lang}-login-desjardins`);
    }
    await page.goto('/en/login/lq');
    await expect(page.getByRole('heading', { name: 'Loto-Québec venues', level: 1 })).toBeVisible();
    await page.goto('/en/login/teppermans');
    await expect(page.getByRole('heading', { name: "Tepperman's stores", level: 1 })).toBeVisible();
    await snap(page, 'en-login-teppermans');
    await page.goto('/en/login/nobody');
    await expect(page.getByText(/could not be found/i)).toBeVisible();
  });
});
