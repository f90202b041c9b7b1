import { expect, test } from '@playwright/test';
import type { AlertDto, AlertOccurrence } from '@footfall/domain';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { LANGS, signIn, snap } from '../src/support/shell';
import { call, token } from '../src/support/api';

/**
 * Issue 16, alerts: the demo admin creates an occupancy alert on a new store in /settings/alerts
 * (a refused save names the field first), counts ingested through the API push the store's occupancy
 * over it, and the alert shows in the rule's history with what was sent, in the top bar's menu, and
 * its mail is in the outbox (superAdmin API). The list and the editor in en/fr/es with axe.
 */
test.describe.configure({ timeout: 180_000 });

interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
}

test('an occupancy alert fires from ingested counts: history, menu and the mail in the outbox', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await token(request, 'admin');
  const su = await token(request, 'superadmin');
  const me = await call<{ scope: string }>(request, admin, 'GET', '/api/User/Current');
  const storeName = `E2E alert store ${Date.now()}`;
  const store = await call<{ id: string }>(request, admin, 'POST', '/api/OrganizationalTree', {
    parentId: me.scope,
    name: storeName,
    type: 'location',
    attributes: { timezone: 'America/Toronto', capacity: 40 },
  });
  const door = await call<{ id: string }>(request, admin, 'POST', '/api/OrganizationalTree', {
    parentId: store.id,
    name: 'Front door',
    type: 'device',
  });
  const series = async (measurementProtocol: string) =>
    (
      await call<{ timeSeriesId: string }>(request, admin, 'POST', '/api/TimeSeries', {
        nodeId: door.id,
        measurementProtocol,
      })
    ).timeSeriesId;
  const trafficIn = await series('TrafficIn');
  await series('TrafficOut');
  // the store's occupancy follows its door from now on
  await call(request, admin, 'GET', `/api/Occupancy/config/${store.id}`);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'en');
  await page.goto('/en/settings/alerts');
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('alerts-table')).toContainText('Store near capacity');
  await page.getByTestId('alerts-new').click();
  await expect(page.getByRole('heading', { name: 'New alert' })).toBeVisible();
  // nothing filled in: the refusal names the field
  await page.getByTestId('alert-save').click();
  await expect(page.getByTestId('alert-field-error')).toContainText('name');

  const address = `e2e-alerts-${Date.now()}@example.com`;
  await page.getByTestId('alert-name').fill('Too many people in the E2E store');
  await page.getByTestId('alert-scope').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Search locations' }).fill(storeName);
  await dialog.getByRole('treeitem', { name: storeName }).click();
  await dialog.getByTestId('alert-scope-apply').click();
  await expect(page.getByTestId('alert-scope-label')).toHaveText(storeName);
  await page.getByTestId('alert-threshold').fill('5');
  await page.getByTestId('alert-addresses').fill(address);
  await page.getByTestId('alert-save').click();
  await expect(page).toHaveURL(/\/en\/settings\/alerts\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const rule = await call<AlertDto>(request, admin, 'GET', `/api/Alert/${id}`);
  expect(rule).toMatchObject({
    name: 'Too many people in the E2E store',
    nodes: [{ id: store.id, name: storeName }],
    condition: { kind: 'occupancy', unit: 'people', threshold: 5 },
    recipients: [{ email: address }],
    linkedAlertId: '00000000-0000-0000-0000-000000000000',
  });

  // eight people come in: the occupancy (8) is over 5
  await call(request, admin, 'POST', '/api/ingest/measurements', {
    measurements: [{ timeSeriesId: trafficIn, occurredOn: new Date().toISOString(), value: 8 }],
  });
  await expect
    .poll(
      async () => (await call<AlertOccurrence[]>(request, admin, 'GET', `/api/Alert/${id}/history`)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
  const [occurrence] = await call<AlertOccurrence[]>(request, admin, 'GET', `/api/Alert/${id}/history`);
  expect(occurrence).toMatchObject({ nodeId: store.id, value: 8, threshold: 5, resolvedOn: null });

  await page.reload();
  const row = page.getByTestId('alert-occurrence');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(storeName);
  await expect(row).toContainText('8 / 5');
  await expect(row).toContainText(`opened · ${address} · sent`);
  await snap(page, 'alerts-editor-fired-en');
  await expectNoSeriousA11yViolations(page, 'alerts-editor-fired-en');

  // the mail, in the outbox a superAdmin reads
  await expect
    .poll(
      async () =>
        (await call<{ items: OutboxMail[] }>(request, su, 'GET', '/api/outbox')).items.filter((m) =>
          m.to.includes(address),
        ).length,
    )
    .toBe(1);
  const mail = (await call<{ items: OutboxMail[] }>(request, su, 'GET', '/api/outbox')).items.find((m) =>
    m.to.includes(address),
  )!;
  expect(mail.subject).toBe(`[warning] Alert "Too many people in the E2E store" at ${storeName}`);
  expect(mail.text).toContain('Value: 8');
  expect(mail.text).toContain(`/en/settings/alerts/${id}`);

  // the top bar's menu lists it and opens the rule
  await page.goto('/en/settings/alerts');
  await expect(page.getByTestId('alert-occurrence').filter({ hasText: storeName })).toHaveCount(1);
  await page.getByTestId('alerts-menu').click();
  const item = page.getByRole('menuitem', {
    name: new RegExp(`Too many people in the E2E store · ${storeName}`),
  });
  await expect(item).toBeVisible();
  await snap(page, 'alerts-menu-en');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/en/settings/alerts/${id}$`));
});

test('the alerts list and editor in en, fr and es', async ({ page, request }) => {
  test.slow();
  const admin = await token(request, 'admin');
  const rules = await call<AlertDto[]>(request, admin, 'GET', '/api/Alert');
  const capacity = rules.find((r) => r.name === 'Store near capacity')!;
  expect(capacity).toBeDefined();
  const titles = { en: 'Alerts', fr: 'Alertes', es: 'Alertas' };
  const demoName = { en: 'Store near capacity', fr: 'Magasin presque plein', es: 'Tienda casi llena' };
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'en');
  for (const lang of LANGS) {
    await page.goto(`/${lang}/settings/alerts`);
    await expect(page.getByRole('heading', { name: titles[lang], level: 1 })).toBeVisible();
    await expect(page.getByTestId('alerts-table').getByRole('row')).toHaveCount(rules.length + 1);
    await expect(page.getByTestId('alert-history')).toBeVisible();
    await snap(page, `alerts-list-${lang}`);
    await expectNoSeriousA11yViolations(page, `alerts-list-${lang}`);
    // the demo rule's name in the reader's language (nameKey), in the list and the editor
    await expect(page.getByTestId('alerts-table')).toContainText(demoName[lang]);
    await page.goto(`/${lang}/settings/alerts/${capacity.id}`);
    await expect(page.getByTestId('alert-name')).toHaveValue(demoName[lang]);
    await expect(page.getByTestId('alert-occurrence').first()).toBeVisible();
    await snap(page, `alerts-editor-${lang}`);
    await expectNoSeriousA11yViolations(page, `alerts-editor-${lang}`);
  }
  // at phone width, and an id that names no alert
  // at phone width the tables fit: no sideways scroll, secondary facts under the names
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = async (testId: string) =>
    page.getByTestId(testId).evaluate((table) => {
      const box = table.parentElement!;
      return box.scrollWidth <= box.clientWidth + 1 && document.documentElement.scrollWidth <= 390;
    });
  for (const lang of LANGS) {
    await page.goto(`/${lang}/settings/alerts`);
    await expect(page.getByTestId('alerts-table')).toBeVisible();
    await expect(page.getByTestId('alert-history')).toBeVisible();
    expect(await fits('alerts-table'), `alerts table at 390 (${lang})`).toBe(true);
    expect(await fits('alert-history'), `history at 390 (${lang})`).toBe(true);
    await snap(page, `alerts-list-${lang}-390`);
    await expectNoSeriousA11yViolations(page, `alerts-list-${lang}-390`);
  }
  await page.goto(`/en/settings/alerts/${capacity.id}`);
  await expect(page.getByTestId('alert-occurrence').first()).toBeVisible();
  expect(await fits('alert-history'), 'editor history at 390').toBe(true);
  await snap(page, 'alerts-editor-en-390');
  await page.goto('/en/settings/alerts/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This alert does not exist or is outside your scope.')).toBeVisible();
});
