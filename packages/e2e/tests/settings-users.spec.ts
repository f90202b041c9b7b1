import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/** The users settings (issue 12): list, create, edit, disable, delete with validation, impersonate, export. */

const TEXT = {
  title: { en: 'Users', fr: 'Utilisateurs', es: 'Usuarios' },
  newUser: { en: 'New user', fr: 'Nouvel utilisateur', es: 'Nuevo usuario' },
} as const;

const usersTable = (page: Page) => page.getByTestId('users-table');

async function searchUsers(page: Page, text: string) {
  await page.getByLabel('Search name, username or e-mail').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
}

// long journeys on a machine shared with the server and its database
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('an admin creates a user with a scope and roles, edits, disables, then deletes them after validation', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/en/settings/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const menu = page.getByTestId('settings-menu');
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('toolbar-settings')).toHaveCount(0);
  // the admin of Demo Retail sees its users only
  await expect(usersTable(page)).toContainText('Jordan Lee');
  await expect(usersTable(page)).not.toContainText('admin-b');
  const before = Number((await page.getByTestId('users-count').innerText()).match(/\d+/)![0]);

  await page.getByRole('link', { name: 'New user' }).click();
  await expect(page).toHaveURL(/\/en\/settings\/users\/new$/);
  // roles the admin may not grant are not offered
  await expect(page.getByRole('checkbox', { name: 'Super Admin' })).toHaveCount(0);
  await page.getByLabel('First name').fill('Camille');
  await page.getByLabel('Last name').fill('Roy');
  await page.getByLabel('E-mail').fill('camille.roy@example.com');
  await page.getByLabel('Username').fill('user'); // taken: the server's 409 shows under the field
  await page.getByRole('checkbox', { name: 'Occupancy Operator' }).check();
  await page.getByTestId('user-scope').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('treeitem', { name: 'Toronto Queen West' }).click();
  await dialog.getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByTestId('user-scope')).toContainText('Toronto Queen West');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('This username is taken.')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'settings-users-create-error-en');

  await page.getByLabel('Username').fill('camille.roy');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/en\/settings\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Camille Roy was created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Camille Roy', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Occupancy Operator' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'User', exact: true })).toBeChecked();

  // edit: the change is kept after a reload
  await page.getByLabel('Last name').fill('Roy-Gagnon');
  await page.getByLabel('Idle timeout (minutes)').fill('30');
  await page.getByRole('switch', { name: 'Ranking' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The user was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Camille Roy-Gagnon', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Idle timeout (minutes)')).toHaveValue('30');
  await expect(page.getByRole('switch', { name: 'Ranking' })).toBeChecked();

  // password-reset mail, then disable
  await page.getByRole('button', { name: 'Send password-reset mail' }).click();
  await expect(page.getByText('A password-reset link was sent to camille.roy@example.com.')).toBeVisible();
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('This user is disabled and cannot sign in.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();

  // in the list, filtered to disabled users
  await page.getByRole('link', { name: 'Back to users' }).click();
  await page.getByLabel('State').click();
  await page.getByRole('option', { name: 'Disabled' }).click();
  await expect(usersTable(page).getByTestId('user-row')).toHaveCount(1);
  await expect(usersTable(page)).toContainText('camille.roy');
  await expect(usersTable(page)).toContainText('Toronto Queen West');
  await expect(usersTable(page)).toContainText('Occupancy Operator, User');

  // delete: the validation step first, then the confirmation
  await page.getByRole('button', { name: 'Delete Camille Roy-Gagnon' }).click();
  const report = page.getByTestId('delete-user-report');
  await expect(report).toContainText(/owns/);
  await snap(page, 'settings-users-delete-en');
  await expectNoSeriousA11yViolations(page, 'delete user dialog');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(page.getByText('Camille Roy-Gagnon was deleted.')).toBeVisible();
  await expect(usersTable(page).getByTestId('user-row')).toHaveCount(0);
  await page.goto('/en/settings/users');
  await expect(page.getByTestId('users-count')).toHaveText(`${before} users`);
});

/** A user of Demo Retail who owns one dashboard, made through the API as the app would. */
async function userWithDashboard(page: Page, username: string) {
  await page.evaluate(async (username) => {
    const auth = { authorization: `Bearer ${localStorage.getItem('auth._token.local')}` };
    const json = { 'content-type': 'application/json' };
    const tree = (await (await fetch('/api/OrganizationalTree', { headers: auth })).json()) as {
      id: string;
      name: string;
    }[];
    const retail = tree.find((n) => n.name === 'Demo Retail')!;
    const password = 'Owner-password-42';
    const created = await fetch('/api/User', {
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify({
        username,
        firstName: 'Dana',
        lastName: 'Owner',
        email: `${username}@example.com`,
        roles: ['User'],
        scope: retail.id,
        password,
      }),
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const signIn = await fetch('/authentication', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const dashboard = await fetch('/api/Dashboard', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...json },
      body: JSON.stringify({ useDefaultTemplate: false, name: 'Dana board' }),
    });
    if (!dashboard.ok) throw new Error(`dashboard answered ${dashboard.status}`);
  }, username);
}

test('delete shows what the user owns and needs force', async ({ page }) => {
  await signIn(page, 'superadmin');
  await userWithDashboard(page, 'dana.owner');
  await page.goto('/en/settings/users');
  await searchUsers(page, 'dana.owner');
  await expect(usersTable(page).getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete Dana Owner' }).click();
  const report = page.getByTestId('delete-user-report');
  // the validate-only call lists the dashboards and changes nothing: the one made above and the copy of
  // the demo's "Store performance" template that every new user of the client group gets
  await expect(report).toContainText('2 × dashboard');
  await expect(report).toContainText('deleted with the user');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(usersTable(page).getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete Dana Owner' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete with everything' }).click();
  await expect(page.getByText('Dana Owner was deleted.')).toBeVisible();
  await expect(page.getByText('No user matches these filters.')).toBeVisible();
});

test('impersonate from the list, then stop: back on the users settings', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/en/settings/users');
  await searchUsers(page, 'Jordan');
  await page.getByRole('button', { name: 'Impersonate Jordan Lee' }).click();
  await expect(page).toHaveURL(/\/en\/dashboard/);
  await page.getByTestId('user-menu-button').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Impersonated by superadmin')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Stop impersonating' }).click();
  await expect(page).toHaveURL(/\/en\/settings\/users$/);
  await expect(page.getByTestId('user-menu-button')).toContainText('superadmin');
  // the list shows the sign-in of the superadmin (signed in by this test)
  await searchUsers(page, 'superadmin');
  // the search is debounced: wait for the one matching row before reading it
  const row = usersTable(page).getByTestId('user-row');
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('Never');
});

test('exports the filtered list as CSV (UTF-8 with BOM) and XLSX', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/en/settings/users?role=admin');
  await expect(usersTable(page).getByTestId('user-row')).toHaveCount(1);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('users.csv');
  const bytes = fs.readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Name,Username,E-mail,Roles,User group,Scope,Language,Last sign-in (UTC),State');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^Alex Tremblay,admin,.*,Admin,,Demo Retail,en,\d{4}-\d\d-\d\d \d\d:\d\d,Active$/);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export XLSX' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe('users.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsx.path())!);
  const sheet = book.getWorksheet('Users')!;
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(2).value).toBe('admin');
  expect(sheet.getRow(2).getCell(8).value).toBeInstanceOf(Date);
});

for (const lang of LANGS) {
  test(`users screens in ${lang}: list and form, desktop, without serious a11y violations`, async ({
    page,
  }) => {
    await signIn(page, 'admin', lang);
    await page.goto(`/${lang}/settings/users`);
    await expect(page.getByRole('heading', { name: TEXT.title[lang], level: 1 })).toBeVisible();
    await expect(usersTable(page).getByTestId('user-row').first()).toBeVisible();
    await snap(page, `settings-users-list-${lang}`);
    await expectNoSeriousA11yViolations(page, `users list ${lang}`);
    await page.getByRole('link', { name: TEXT.newUser[lang] }).click();
    await expect(page.getByTestId('user-edit-page')).toBeVisible();
    await snap(page, `settings-users-new-${lang}`);
    await expectNoSeriousA11yViolations(page, `new user ${lang}`);
    await page.goto(`/${lang}/settings/users?search=jordan`);
    await page.getByTestId('user-row').first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Jordan Lee', level: 1 })).toBeVisible();
    await snap(page, `settings-users-edit-${lang}`);
    await expectNoSeriousA11yViolations(page, `edit user ${lang}`);
  });
}

test('at phone width the list is a list and the settings menu a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await page.goto('/en/settings/users');
  await expect(page.getByTestId('users-list').getByTestId('user-row').first()).toBeVisible();
  await expect(page.getByTestId('users-table')).toHaveCount(0);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await snap(page, 'settings-users-list-390');
  await expectNoSeriousA11yViolations(page, 'users list 390');
  await page.getByTestId('settings-menu-button').click();
  await expect(page.getByTestId('settings-menu').getByRole('link', { name: 'Users' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await snap(page, 'settings-users-menu-390');
  await page.getByTestId('settings-menu').getByRole('link', { name: 'Organizational structure' }).click();
  await expect(page).toHaveURL(/\/en\/settings\/tree$/);
});
