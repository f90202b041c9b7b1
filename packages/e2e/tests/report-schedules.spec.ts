import { expect, test, type Page } from '@playwright/test';
import type { OutboxList, ScheduleDto, ScheduleRunDto } from '@footfall/domain';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';
import { LANGS, signIn, snap } from '../src/support/shell';
import { client, token } from '../src/support/api';

/**
 * Issue 14, scheduled reports (/report/scheduled): the demo user creates a weekly snapshot schedule
 * of their dashboard in the editor, runs it now, and sees the Success in its history; the mail with
 * the PDF is in the outbox. The demo admin's schedules (with a failure in their history) are shown in
 * en/fr/es at 1440 px and in English at 390 px, with the editor open, each checked with axe.
 */
test.describe.configure({ timeout: 180_000 });

const TITLES = {
  en: 'Scheduled reports',
  fr: 'Rapports planifiés',
  es: 'Informes programados',
} as const;

const NEW = { en: 'New schedule', fr: 'Nouvelle planification', es: 'Nueva programación' } as const;

async function openPage(page: Page, lang: (typeof LANGS)[number]) {
  await page.goto(`/${lang}/report/scheduled`);
  await expect(page.getByRole('heading', { name: TITLES[lang], level: 1 })).toBeVisible();
}

test('a user schedules a dashboard snapshot, runs it now and sees the success in its history', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'user', 'en');
  const api = client(request, await token(request, 'user'));
  const before = await api.get<ScheduleDto[]>('/api/Schedule/automated-reports');
  await openPage(page, 'en');

  await page.getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New scheduled report' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Dashboard' }).click();
  await page.getByRole('option').first().click();
  const title = `E2E snapshot ${Date.now()}`;
  await dialog.getByLabel('Name').fill(title);
  // weekly on Monday by default; add Friday
  await dialog.getByRole('button', { name: 'Friday' }).click();
  await expect(dialog.getByTestId('sched-preview')).toContainText('Next runs');
  // a bad address is refused in place, a good one becomes a chip
  const emails = dialog.getByTestId('sched-emails');
  await emails.fill('not-an-address');
  await emails.press('Enter');
  await expect(dialog.getByText('“not-an-address” is not an e-mail address')).toBeVisible();
  await emails.fill('e2e-boss@example.com');
  await emails.press('Enter');
  await expect(dialog.getByRole('button', { name: 'e2e-boss@example.com' })).toBeVisible();
  await snap(page, 'en-report-schedules-editor-1440');
  await expectNoSeriousA11yViolations(page, 'en-report-schedules-editor-1440');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const after = await api.get<ScheduleDto[]>('/api/Schedule/automated-reports');
  expect(after).toHaveLength(before.length + 1);
  const created = after.find((s) => s.title === title)!;
  expect(created).toMatchObject({
    kind: 'dashboard',
    frequency: 'weekly',
    weekdays: [1, 5],
    formats: ['pdf'],
    recipients: [{ email: 'e2e-boss@example.com' }],
    disabledOn: null,
  });
  expect(created.nextRunAt).not.toBeNull();
  await expect(page).toHaveURL(new RegExp(`/en/report/scheduled/${created.id}$`));
  await expect(page.getByTestId('sched-history')).toContainText('No run yet.');

  const row = page.getByTestId('sched-row').filter({ hasText: title });
  await row.getByRole('button', { name: `Run ${title} now` }).click();
  const history = page.getByTestId('sched-history');
  await expect(history.getByTestId('sched-run')).toHaveCount(1, { timeout: 60_000 });
  await expect(history.getByTestId('sched-run').first()).toContainText('Success');
  await expect(history.getByTestId('sched-run').first()).toContainText('Run now');
  await expect(row.getByTestId('sched-last-result')).toContainText('Success');
  await snap(page, 'en-report-schedules-run-now-1440');

  const runs = await api.get<ScheduleRunDto[]>(
    `/api/Schedule/automated-reports/history?reportIds=${created.id}`,
  );
  expect(runs).toMatchObject([{ executionResult: 'Success', trigger: 'manual', recipients: 1 }]);
  expect(runs[0]!.files[0]).toMatch(/\.pdf$/);
  const outbox = await client(request, await token(request, 'superadmin')).get<OutboxList>('/api/outbox');
  const mail = outbox.items.find((m) => m.to.includes('e2e-boss@example.com'))!;
  expect(mail.subject.startsWith(title)).toBe(true);
  expect(mail.attachments).toEqual(runs[0]!.files);

  // disable, then delete
  await row.getByRole('switch', { name: `Enable ${title}` }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`the demo admin's scheduled reports (${lang}, 1440 px)`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', lang);
    await openPage(page, lang);
    await expect(page.getByTestId('sched-row')).toHaveCount(3);
    // the finance report's history holds the failed morning
    await page.getByTestId('sched-row').nth(0).getByRole('button').nth(1).click();
    await expect(page.getByTestId('sched-history').getByTestId('sched-run').first()).toBeVisible();
    await snap(page, `${lang}-report-schedules-1440`);
    await expectNoSeriousA11yViolations(page, `${lang}-report-schedules-1440`);
    // the editor of a report schedule, in the same language
    await page.getByRole('button', { name: NEW[lang] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio').nth(1).check();
    await expect(dialog.getByTestId('sched-nodes1')).toBeVisible();
    await expect(dialog.getByTestId('sched-preview')).toBeVisible();
    await snap(page, `${lang}-report-schedules-report-editor-1440`);
    await expectNoSeriousA11yViolations(page, `${lang}-report-schedules-report-editor-1440`);
  });
}

test("the demo admin's scheduled reports on a phone (en, 390 px)", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', 'en');
  await openPage(page, 'en');
  await expect(page.getByTestId('sched-row')).toHaveCount(3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'en-report-schedules-390');
  await expectNoSeriousA11yViolations(page, 'en-report-schedules-390');
});
