import { expect, test } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { call, token as tokenOf } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 19, item 10: another user's dashboard answers 404; the page says it was not found and
 * links to the user's own dashboards instead of a bare red line.
 */
const NOT_FOUND = {
  en: 'This page could not be found',
  fr: 'Cette page est introuvable',
  es: 'No se ha encontrado esta página',
} as const;
const MY_DASHBOARDS = { en: 'My dashboards', fr: 'Mes tableaux de bord', es: 'Mis paneles' } as const;

test("another user's dashboard shows the not-found page with a link to one's dashboards", async ({
  page,
  request,
}) => {
  test.slow(); // three languages, each with an axe run, on a shared machine
  const adminToken = await tokenOf(request, 'admin');
  const [foreign] = await call<{ id: string }[]>(request, adminToken, 'GET', '/api/Dashboard');
  await signIn(page, 'user');
  for (const lang of LANGS) {
    await page.goto(`/${lang}/dashboard/${foreign!.id}`);
    await expect(page.getByRole('heading', { name: NOT_FOUND[lang] })).toBeVisible();
    await expect(page.getByText('This dashboard could not be loaded.')).toHaveCount(0);
    await snap(page, `issue19-10-foreign-dashboard-${lang}`);
    await expectNoSeriousA11yViolations(page, `foreign dashboard (${lang})`);
  }
  await page.goto(`/en/dashboard/${foreign!.id}`);
  await page.getByRole('link', { name: MY_DASHBOARDS.en }).click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(foreign!.id));
});
