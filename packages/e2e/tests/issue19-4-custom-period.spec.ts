import { expect, test, type Page } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 19, item 4: the custom period of the shared period form. Choosing "Custom period" shows no
 * error before the user enters anything; the two date-time fields are wide enough for their value;
 * a calendar picks the range in two clicks; clicking the middle of an empty field and typing a
 * whole date fills it from its first part, not from the year.
 */
const CUSTOM = { en: 'Custom period', fr: 'Période personnalisée', es: 'Periodo personalizado' } as const;

async function openCustom(page: Page, lang: (typeof LANGS)[number]) {
  await page.goto(`/${lang}/dashboard`);
  await page.getByTestId('period-button').click();
  const form = page.getByTestId('period-form');
  await form.getByRole('radio', { name: CUSTOM[lang] }).check();
  return form;
}

test('the custom period: no early error, wide fields, a range calendar, typing from the first part', async ({
  page,
}) => {
  test.slow(); // two dashboard loads and many steps on a shared machine
  await signIn(page, 'admin');
  const form = await openCustom(page, 'en');
  const start = form.locator('.MuiPickersInputBase-root').first();
  const end = form.locator('.MuiPickersInputBase-root').nth(1);
  await expect(start).toBeVisible();
  // nothing typed yet: no error, Apply simply disabled
  await expect(form.getByText('The end must be later than the start.')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Apply' })).toBeDisabled();
  // wide enough for "11/24/2026 03:15 PM" and the calendar button
  for (const field of [start, end]) expect((await field.boundingBox())!.width).toBeGreaterThanOrEqual(250);

  // the range calendar: the 10th then the 12th of the month shown
  const calendar = form.getByTestId('period-range-calendar');
  await calendar.getByRole('gridcell', { name: '10', exact: true }).click();
  await calendar.getByRole('gridcell', { name: '12', exact: true }).click();
  const startValue = await form.locator('input[name="period-start"]').inputValue();
  const endValue = await form.locator('input[name="period-end"]').inputValue();
  expect(startValue).toMatch(/^\d{2}\/10\/\d{4} 12:00 AM$/);
  expect(endValue).toMatch(/^\d{2}\/12\/\d{4} 11:59 PM$/);
  await expect(form.getByRole('button', { name: 'Apply' })).toBeEnabled();
  await snap(page, 'issue19-4-custom-period-en');

  // an end before the start, typed by the user: now the error shows
  await end.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(form.getByText('The end must be later than the start.')).toBeVisible();

  // a click in the middle of the empty start field, then a whole date typed: month first, not the year
  const other = await openCustom(page, 'en'); // a fresh page: the form opens with empty fields
  const box = (await other.locator('.MuiPickersInputBase-root').first().boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type('031520260930AM');
  await expect(other.locator('input[name="period-start"]')).toHaveValue('03/15/2026 09:30 AM');
});

for (const lang of LANGS) {
  test(`custom period screenshots (${lang})`, async ({ page }) => {
    test.slow(); // sign-in, a dashboard and axe runs on a shared machine
    await signIn(page, 'admin', lang);
    const form = await openCustom(page, lang);
    const calendar = form.getByTestId('period-range-calendar');
    await calendar.getByRole('gridcell', { name: '3', exact: true }).click();
    await calendar.getByRole('gridcell', { name: '9', exact: true }).click();
    await snap(page, `issue19-4-custom-period-range-${lang}`);
    await expectNoSeriousA11yViolations(page, `custom period (${lang})`);
  });
}
