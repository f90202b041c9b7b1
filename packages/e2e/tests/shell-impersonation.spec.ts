import { expect, test } from '@playwright/test';
import { signIn } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

test('stop impersonating restores the admin and goes to the users settings', async ({ page }) => {
  await signIn(page, 'superadmin');
  // the users screen (a later release) starts impersonation; here the same call is made directly and
  // its tokens stored the way the app stores them
  await page.evaluate(async () => {
    const res = await fetch('/api/authentication/impersonate', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('auth._token.local')}`,
      },
      body: JSON.stringify({ targetUsername: 'user' }),
    });
    if (!res.ok) throw new Error(`impersonate answered ${res.status}`);
    const t = (await res.json()) as { token: string; refreshToken: string; expiresAt: string };
    localStorage.setItem('auth._token.local', t.token);
    localStorage.setItem('auth._refresh_token.local', t.refreshToken);
    localStorage.setItem('auth._token_expiration.local', t.expiresAt);
  });
  await page.goto('/en/reports');
  await page.getByTestId('user-menu-button').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Impersonated by superadmin')).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'user menu while impersonating');
  await menu.getByRole('menuitem', { name: 'Stop impersonating' }).click();

  await expect(page).toHaveURL(/\/en\/settings\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-menu-button')).toContainText('superadmin');
  await expectNoSeriousA11yViolations(page, 'settings users after impersonation');
});
