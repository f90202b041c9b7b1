import { client, token } from '../src/support/api';
import { expect, test, type Page } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Settings > Organisational structure: the journey of an admin (create a group, a location and a
 * device, rename, move by the "Move to..." dialog and by drag and drop, refused moves, delete with
 * orphans, send to orphans) and of the superAdmin (the orphans, re-attach), then the screen in
 * en/fr/es at desktop width and at 390 px, with axe.
 */
const run = Date.now().toString(36).slice(-5);
const names = {
  region: `E2E Region ${run}`,
  sub: `E2E Sub ${run}`,
  store: `E2E Store ${run}`,
  door: `E2E Door ${run}`,
  renamed: `E2E Door renamed ${run}`,
};

const row = (page: Page, name: string) =>
  page.getByTestId('settings-tree-list').getByRole('treeitem').filter({ hasText: name }).first();
const details = (page: Page) => page.getByTestId('settings-tree-details');

async function search(page: Page, text: string) {
  await page.getByTestId('settings-tree-search').fill(text);
  await expect(page.getByTestId('settings-tree-summary')).toContainText('matching');
}

async function create(page: Page, parent: string, kind: string, name: string) {
  await search(page, parent);
  await row(page, parent).click();
  await details(page).getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New node' });
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(details(page).getByRole('heading', { name })).toBeVisible();
}

async function moveByDialog(page: Page, node: string, target: string) {
  await search(page, node);
  await row(page, node).click();
  await details(page).getByRole('button', { name: 'Move to…' }).click();
  const dialog = page.getByRole('dialog', { name: `Move “${node}” to…` });
  await dialog.getByRole('textbox').fill(target);
  await dialog.getByRole('treeitem', { name: target, exact: true }).click();
  await dialog.getByRole('button', { name: 'Move here' }).click();
  return dialog;
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type ApiNode = { name: string; type: string; children?: ApiNode[] };
const countUnder = (n: ApiNode, type: string): number =>
  (n.children ?? []).reduce((sum, c) => sum + (c.type === type ? 1 : 0) + countUnder(c, type), 0);

test('an admin builds, renames, moves and deletes nodes; refused moves say why', async ({
  page,
  request,
}) => {
  // the admin's scope: Demo Retail only, its stores and their doors counted (other journeys on this
  // server may have added some: the API says how many there are now)
  const tree = await client(request, await token(request, 'admin')).get<ApiNode[]>('/api/OrganizationalTree');
  const retail = tree.find((n) => n.name === 'Demo Retail')!;
  const stores = countUnder(retail, 'StoreNodeAttributes');
  const doors = countUnder(retail, 'DeviceNodeAttributes');
  expect(stores).toBeGreaterThanOrEqual(8);
  await signIn(page, 'admin', 'en');
  await page.goto('/en/settings/tree');
  await expect(row(page, 'Demo Retail')).toBeVisible();
  await row(page, 'Demo Retail').click();
  await expect(details(page).getByTestId('details-counts')).toHaveText(
    `${stores} locations · ${doors} devices`,
  );
  await expect(row(page, 'Demo Venues')).toHaveCount(0);

  await create(page, 'Demo Retail', 'Client group', names.region);
  await create(page, names.region, 'Client group', names.sub);
  await create(page, 'Demo Retail', 'Location', names.store);
  await expect(details(page).getByTestId('details-path')).toHaveText(`Demo Retail › ${names.store}`);
  await create(page, names.store, 'Device', names.door);
  await expect(details(page).getByTestId('details-path')).toHaveText(
    `Demo Retail › ${names.store} › ${names.door}`,
  );
  // the node-editors panels are hosted under the details
  await expect(details(page).getByRole('tab', { name: 'Attributes' })).toBeVisible();

  // rename
  await details(page).getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await rename.getByRole('textbox', { name: 'Name' }).fill(names.renamed);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(details(page).getByRole('heading', { name: names.renamed })).toBeVisible();
  await search(page, names.store);
  await row(page, names.store).click();
  await expect(details(page).getByTestId('details-counts')).toHaveText('1 device');

  // move the location by the dialog into the region
  let dialog = await moveByDialog(page, names.store, names.region);
  await expect(dialog).toBeHidden();
  await expect(details(page).getByTestId('details-path')).toHaveText(
    `Demo Retail › ${names.region} › ${names.store}`,
  );
  // a cycle is refused with a clear message, and nothing moves
  dialog = await moveByDialog(page, names.region, names.sub);
  await expect(dialog.getByTestId('move-error')).toHaveText(
    'A node cannot be moved under itself or one of its own descendants.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // a group under a location is refused too
  dialog = await moveByDialog(page, names.sub, names.store);
  await expect(dialog.getByTestId('move-error')).toContainText('locations go in a client group');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(details(page).getByTestId('details-path')).toHaveText(
    `Demo Retail › ${names.region} › ${names.sub}`,
  );

  // drag and drop: the store back onto Demo Retail
  await page.getByTestId('settings-tree-search').fill('');
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await row(page, 'Demo Retail').getByRole('button', { name: 'Expand Demo Retail' }).click();
  await row(page, names.region)
    .getByRole('button', { name: `Expand ${names.region}` })
    .click();
  await row(page, names.store).dragTo(row(page, 'Demo Retail'));
  await expect(page.getByRole('alert').filter({ hasText: `“${names.store}” moved.` })).toBeVisible();
  await expect(details(page).getByTestId('details-path')).toHaveText(`Demo Retail › ${names.store}`);
  // dropping a group onto its own descendant is refused by the server, with the message
  await row(page, names.region).dragTo(row(page, names.sub));
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be moved under itself' })).toBeVisible();

  // delete the store: its device is kept as an orphan, as the confirmation says
  await search(page, names.store);
  await row(page, names.store).click();
  await details(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete node' });
  await expect(confirm).toContainText('Its 1 child node is kept but becomes an orphan');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'its 1 child node is now an orphan' }),
  ).toBeVisible();
  await expect(page.getByTestId('settings-tree-summary')).toHaveText('0 matching nodes');
  await search(page, names.renamed);
  await expect(page.getByTestId('settings-tree-summary')).toHaveText('0 matching nodes');

  // send the sub-group to the orphans
  await search(page, names.sub);
  await row(page, names.sub).click();
  await details(page).getByRole('button', { name: 'Send to orphans' }).click();
  await page.getByRole('dialog', { name: 'Send to orphans' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('settings-tree-summary')).toHaveText('0 matching nodes');
  // an admin has no orphans button (superAdmin only)
  await expect(page.getByRole('button', { name: 'Orphans', exact: true })).toHaveCount(0);
});

test('the superAdmin lists the orphans and re-attaches one', async ({ page }) => {
  await signIn(page, 'superadmin', 'en');
  await page.goto('/en/settings/tree');
  await expect(row(page, 'Demo Venues')).toBeVisible();
  await page.getByRole('button', { name: 'Orphans', exact: true }).click();
  const orphans = page.getByRole('dialog', { name: 'Orphan nodes' });
  await expect(orphans.getByText(names.renamed)).toBeVisible();
  await expect(orphans.getByText(names.sub)).toBeVisible();
  await orphans
    .getByRole('listitem')
    .filter({ hasText: names.renamed })
    .getByRole('button', { name: 'Re-attach…' })
    .click();
  const move = page.getByRole('dialog', { name: `Move “${names.renamed}” to…` });
  // a device cannot hang under a group: refused, translated
  await move.getByRole('textbox').fill('Demo Venues');
  await move.getByRole('treeitem', { name: 'Demo Venues', exact: true }).click();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(move.getByTestId('move-error')).toContainText('devices in a location');
  await move.getByRole('textbox').fill('Lyon Halle');
  await move.getByRole('treeitem', { name: 'Lyon Halle Garnier' }).click();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(move).toBeHidden();
  await expect(details(page).getByTestId('details-path')).toHaveText(
    `Demo Venues › Lyon Halle Garnier › ${names.renamed}`,
  );
  await page.getByRole('button', { name: 'Orphans', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Orphan nodes' }).getByText(names.sub)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Orphan nodes' }).getByText(names.renamed)).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`the tree screen in ${lang} at 1440x900, axe clean`, async ({ page }) => {
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/settings/tree`);
    await row(page, 'Toronto Eaton Centre').getByRole('button').first().click();
    await row(page, 'Toronto Eaton Centre').click();
    await expect(details(page).getByTestId('details-path')).toHaveText('Demo Retail › Toronto Eaton Centre');
    await snap(page, `settings-tree-${lang}-1440`);
    await expectNoSeriousA11yViolations(page, `settings tree ${lang}`);
  });
}

test('the tree screen at 390x844: the list, then the details below', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', 'en');
  await page.goto('/en/settings/tree');
  await row(page, 'Toronto Eaton Centre').click();
  const list = await page.getByTestId('settings-tree-list').boundingBox();
  const panel = await details(page).boundingBox();
  expect(list && panel && panel.y >= list.y + list.height).toBe(true);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
  await snap(page, 'settings-tree-en-390');
  await expectNoSeriousA11yViolations(page, 'settings tree 390');
});
