import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { LANGS, signIn, snap } from '../src/support/shell';

/**
 * User groups and templates (`/settings/users/groups/{id?}`), as the Demo Retail admin: create a
 * group, edit its retention, and manage templates (rename, copy to another group, push to users,
 * change the user-creation action, delete), each checked again after a reload; then screenshots in
 * the three languages at desktop and phone width, with axe.
 */
const groupsList = (page: Page) => page.getByTestId('groups-list');
const row = (page: Page, name: string) => page.getByTestId('template-row').filter({ hasText: name });
const action = (page: Page, label: string, template: string) =>
  page.getByRole('button', { name: `${label}: ${template}`, exact: true });

test('admin creates a group, edits its retention and manages templates', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', 'en');
  await page.goto('/en/settings/users/groups');
  await expect(page.getByRole('heading', { name: 'User groups and templates' })).toBeVisible();
  // _EVERYONE_ first, then the group Demo Retail owns
  const names = groupsList(page).locator('.MuiListItemText-primary');
  await expect(names).toHaveText(['Everyone (users without a group)', 'Store managers']);

  // create a group
  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('  E2E Regional  ');
  await dialog.getByLabel('Retention policy (days)').fill('30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en\/settings\/users\/groups\/[0-9a-f-]{36}$/);
  const detail = page.getByTestId('group-detail');
  await expect(detail.getByRole('heading', { name: 'E2E Regional' })).toBeVisible();
  await expect(detail).toContainText('30 days');
  await expect(names).toHaveText(['Everyone (users without a group)', 'E2E Regional', 'Store managers']);

  // a second group of the same name is refused on the name field
  await page.getByRole('button', { name: 'New group' }).click();
  await dialog.getByLabel('Name').fill('E2E Regional');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A group of this name exists already.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // edit its retention (a bad value keeps Save disabled)
  await detail.getByRole('button', { name: 'Edit group' }).click();
  await dialog.getByLabel('Retention policy (days)').fill('-4');
  await expect(dialog.getByText('A whole number of days from 0 to 36500.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Retention policy (days)').fill('90');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('group-detail')).toContainText('90 days');
  await expect(page.getByTestId('group-detail')).toContainText('This group has no template yet.');

  // the demo group's templates
  await groupsList(page).getByText('Store managers').click();
  await expect(page.getByTestId('template-row')).toHaveCount(2);
  await expect(row(page, 'Store performance')).toContainText('Default');

  // rename (trimmed)
  await action(page, 'Rename', 'Traffic overview').click();
  await dialog.getByLabel('Template name').fill('  Weekly traffic  ');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Template renamed to “Weekly traffic”.')).toBeVisible();
  await expect(row(page, 'Weekly traffic')).toBeVisible();
  // a namesake in the group is refused
  await action(page, 'Rename', 'Weekly traffic').click();
  await dialog.getByLabel('Template name').fill('store PERFORMANCE');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByText('The group has a template of this name already.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // user-creation action
  await page.getByRole('combobox', { name: 'When a user is created: Weekly traffic' }).click();
  await page.getByRole('option', { name: 'Give a copy' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();

  // preview
  await action(page, 'Preview', 'Weekly traffic').click();
  await expect(dialog.getByRole('heading', { name: 'Preview: Weekly traffic' })).toBeVisible();
  await expect(dialog.getByTestId('template-preview').getByRole('listitem')).toHaveCount(5);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // push: the message gives the server's count
  await action(page, "Push to the group's users", 'Store performance').click();
  await expect(dialog).toContainText('Overwrite the dashboards linked to “Store performance”');
  const pushed = page.waitForResponse((r) => r.url().endsWith('/push') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  const { updated } = (await (await pushed).json()) as { updated: number };
  await expect(
    page.getByText(`“Store performance” pushed: ${updated} dashboard${updated === 1 ? '' : 's'} updated.`),
  ).toBeVisible();

  // copy to the new group
  await action(page, 'Copy to another group', 'Weekly traffic').click();
  await dialog.getByRole('combobox', { name: 'Target group' }).click();
  await page.getByRole('option', { name: 'E2E Regional' }).click();
  await dialog.getByRole('button', { name: 'Copy to another group' }).click();
  await expect(page.getByText('“Weekly traffic” copied to E2E Regional.')).toBeVisible();

  // after a reload: the rename and the action stayed; the copy sits in the new group
  await page.reload();
  await expect(row(page, 'Weekly traffic').getByRole('combobox')).toHaveText('Give a copy');
  await groupsList(page).getByText('E2E Regional').click();
  await expect(page.getByTestId('template-row')).toHaveCount(1);
  await expect(row(page, 'Weekly traffic')).toBeVisible();

  // delete it there
  await action(page, 'Delete', 'Weekly traffic').click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Template “Weekly traffic” deleted.')).toBeVisible();
  await expect(page.getByTestId('group-detail')).toContainText('This group has no template yet.');
  await page.reload();
  await expect(page.getByTestId('group-detail')).toContainText('This group has no template yet.');
  await groupsList(page).getByText('Store managers').click();
  await expect(page.getByTestId('template-row')).toHaveCount(2);
});

for (const lang of LANGS) {
  test(`groups screens (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/settings/users/groups`);
    await groupsList(page).locator('.MuiListItemButton-root').last().click();
    await expect(page.getByTestId('templates-table')).toBeVisible();
    await snap(page, `${lang}-settings-groups`);
    await expectNoSeriousA11yViolations(page, `${lang}-settings-groups`);
    await page.getByTestId('template-row').first().getByRole('button').first().click();
    await expect(page.getByTestId('template-preview')).toBeVisible();
    await snap(page, `${lang}-settings-groups-preview`);
    await expectNoSeriousA11yViolations(page, `${lang}-settings-groups-preview`);
    await page.getByRole('dialog').press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByTestId('group-detail').getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await snap(page, `${lang}-settings-groups-edit`);
    await expectNoSeriousA11yViolations(page, `${lang}-settings-groups-edit`);
  });

  test(`groups screens at phone width (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/settings/users/groups`);
    await groupsList(page).locator('.MuiListItemButton-root').last().click();
    await expect(page.getByTestId('templates-list')).toBeVisible();
    await expect(page.getByTestId('templates-table')).toHaveCount(0);
    await snap(page, `${lang}-settings-groups-mobile`);
    await expectNoSeriousA11yViolations(page, `${lang}-settings-groups-mobile`);
  });
}
