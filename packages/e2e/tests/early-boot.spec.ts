import { expect, test } from '@playwright/test';
import { signIn } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * The early boot script inlined in index.html (packages/web/boot/early-boot.js): on a cold load of a
 * dashboard URL with a stored session, the first screen's GET calls are sent by the document's inline
 * script (allowed by the CSP hash, no violation), each exactly once (the app takes the early
 * responses instead of asking again), and the language and dashboard chunks are preloaded.
 */
test('a dashboard URL starts its data and chunks from the document, once each', async ({ page }) => {
  await signIn(page, 'admin', 'en');
  await page.goto('/en/dashboard');
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  const url = page.url();
  const id = new URL(url).pathname.split('/').pop()!;

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: { url: string; initiator: string }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const frame = e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url ?? '';
    sent.push({ url: new URL(e.request.url).pathname + new URL(e.request.url).search, initiator: frame });
  });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });

  await page.goto(url, { waitUntil: 'load' });
  await expect(page.getByTestId('dashboard-name')).not.toBeEmpty();
  await expect(page.getByTestId('widget')).toHaveCount(10);
  await page.waitForLoadState('networkidle');

  const early = [
    '/api/User/Current',
    '/api/Setting/WarningMessage',
    '/api/Dashboard',
    `/api/Dashboard/${id}`,
    '/api/OrganizationalTree?withAttributes=true',
  ];
  const documentPath = new URL(url).pathname;
  for (const call of early) {
    const matching = sent.filter((s) => s.url === call);
    expect(matching, call).toHaveLength(1);
    expect(new URL(matching[0]!.initiator, url).pathname, `${call} initiator`).toBe(documentPath);
  }
  // the language's one text file and the dashboard chunk are preloaded by the document as well
  const preloaded = sent.filter((s) => s.url.startsWith('/assets/') && s.url.endsWith('.js'));
  expect(preloaded.filter((s) => /\/assets\/texts-en-[\w-]+\.js$/.test(s.url))).toHaveLength(1);
  expect(preloaded.filter((s) => /\/assets\/texts-(fr|es)-[\w-]+\.js$/.test(s.url))).toEqual([]);
  expect(preloaded.some((s) => /\/assets\/dashboard-[\w-]+\.js$/.test(s.url))).toBe(true);
  expect(violations).toEqual([]);
  await expectNoSeriousA11yViolations(page, 'dashboard (cold load)');
});

test('without a session the document sends no API call and the sign-in page loads', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(new URL(r.url()).pathname);
  });
  await page.goto('/fr/dashboard/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/fr\/login/);
  await expect(page.locator('input[name=username]')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-in after a signed-out deep link (fr)');
  expect(calls.filter((c) => c === '/api/Dashboard' || c.startsWith('/api/Dashboard/'))).toEqual([]);
});
