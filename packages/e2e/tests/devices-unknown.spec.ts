import { expect, test } from '@playwright/test';
import { call, token } from '../src/support/api';
import { LANGS, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 17, unknown devices: a Xovis sensor pushes before it is registered (404 naming its MAC), the
 * superAdmin sees it in the tree settings' "Unknown devices" list, adopts it into a location, and its
 * next push is stored. Screens in en/fr/es with axe. Other journeys share the server: the test finds
 * its own device by its MAC, never by the list's length.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const hex = () =>
  Array.from({ length: 3 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0')
      .toUpperCase(),
  ).join(':');
const mac = `02:E2:E0:${hex()}`;
const identity = mac.replace(/:/g, '').toLowerCase();
const push = (minutesAgo: number) => {
  const from = Date.now() - minutesAgo * 60_000;
  return {
    logics_data: {
      package_info: { id: 1 },
      sensor_info: { serial_number: mac },
      logics: [{ id: 0, records: [{ from, to: from + 60_000, counts: [{ name: 'fw', value: 3 }] }] }],
    },
  };
};

test('the superAdmin adopts a device that pushed before it was registered', async ({ page, request }) => {
  test.slow();
  const su = await token(request, 'superadmin');
  const first = await request.post('/api/ingest/xovis', {
    headers: { authorization: `Bearer ${su}` },
    data: push(90),
  });
  expect(first.status()).toBe(404);
  expect(await first.text()).toContain(mac);

  await signIn(page, 'superadmin', 'en', '');
  await page.goto('/settings/tree');
  await page.getByRole('button', { name: /Unknown devices/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Unknown devices' });
  const item = dialog.locator(`[data-identity="${identity}"]`);
  await expect(item).toContainText(mac);
  await expect(item).toContainText('xovis');
  await snap(page, 'devices-unknown-en');
  await expectNoSeriousA11yViolations(page, 'unknown devices dialog');

  await item.getByRole('button', { name: `Adopt ${mac}` }).click();
  await dialog.getByRole('combobox', { name: 'Location' }).click();
  const firstLocation = page.getByRole('option').first();
  const locationName = (await firstLocation.textContent())!.split(' / ').at(-1)!;
  await firstLocation.click();
  await dialog.getByRole('textbox', { name: 'Device name' }).fill(`E2E counter ${identity}`);
  await snap(page, 'devices-unknown-adopt-en');
  await dialog.getByRole('button', { name: 'Add to the tree' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`E2E counter ${identity} added to the tree`)).toBeVisible();

  // the device node carries the MAC, sits under the chosen location, and the next push is stored
  const listed = await call<{ identity: string }[]>(request, su, 'GET', '/api/UnknownDevice');
  expect(listed.some((d) => d.identity === identity)).toBe(false);
  type Node = { name: string; attributes?: { macAddress?: string }; children: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const tree = await call<Node[]>(request, su, 'GET', '/api/OrganizationalTree?withAttributes=true');
  const adopted = flat(tree).find((n) => n.name === `E2E counter ${identity}`);
  expect(adopted?.attributes?.macAddress).toBe(mac);
  const second = await request.post('/api/ingest/xovis', {
    headers: { authorization: `Bearer ${su}` },
    data: push(80),
  });
  expect(second.status()).toBe(200);
  expect(((await second.json()) as { accepted: number }).accepted).toBe(1);
  expect(flat(tree).some((n) => n.name === locationName && n.children.includes(adopted!))).toBe(true);
});

for (const lang of LANGS.filter((l) => l !== 'en')) {
  test(`the unknown-devices list in ${lang}`, async ({ page, request }) => {
    const su = await token(request, 'superadmin');
    const other = `02:E2:E1:${hex()}`;
    await request.post('/api/ingest/xovis', {
      headers: { authorization: `Bearer ${su}` },
      data: { ...push(70), logics_data: { ...push(70).logics_data, sensor_info: { serial_number: other } } },
    });
    await signIn(page, 'superadmin', lang, '');
    await page.goto('/settings/tree');
    const label = lang === 'fr' ? 'Appareils inconnus' : 'Dispositivos desconocidos';
    await page.getByRole('button', { name: new RegExp(label) }).click();
    const dialog = page.getByRole('dialog', { name: label });
    await expect(dialog.locator(`[data-identity="${other.replace(/:/g, '').toLowerCase()}"]`)).toBeVisible();
    await snap(page, `devices-unknown-${lang}`);
    await expectNoSeriousA11yViolations(page, `unknown devices dialog ${lang}`);
  });
}
