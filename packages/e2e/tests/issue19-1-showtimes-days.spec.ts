import { expect, test } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { addDays, localDate } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 19, item 1: showtimes across time zones. Demo Venues has venues in Paris and Lyon
 * (Europe/Paris) and Toronto; the demo programme has sessions from each venue's own today (the day
 * the server started) for a week. The browser's clock is set to 23:05 UTC the evening before Paris's
 * date, the hour when a UTC browser and Paris disagree on the date. "A day" on the screen is each
 * venue's own local day, labelled on each venue; paging forward and back returns to the same days.
 */
test.use({ timezoneId: 'UTC' });

const dayLabel = (date: string, locale: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

test('each venue lists its own local day, labelled, and next then previous comes back to it', async ({
  page,
}) => {
  test.slow(); // three languages, each with an axe run, on a shared machine
  const paris = localDate('Europe/Paris', Date.now());
  const toronto = localDate('America/Toronto', Date.now());
  await page.clock.install({ time: new Date(`${addDays(paris, -1)}T23:05:00Z`) });
  await signIn(page, 'user-b');
  await page.goto('/en/orgtreeevent');
  const arena = page.getByTestId('showtimes-event').filter({ hasText: 'Paris Bercy Arena programme' });
  const hall = page.getByTestId('showtimes-event').filter({ hasText: 'Toronto Harbourfront Hall programme' });
  await expect(arena.getByTestId('session-row')).toHaveCount(3);

  // next day, then back: the same sessions as at first, not "No session this day"
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(arena.getByTestId('session-row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(arena).not.toContainText('No session this day');
  await expect(arena.getByTestId('session-row')).toHaveCount(3);

  // the header names the day relative to each venue, each venue names its own date and zone
  await expect(page.getByTestId('showtimes-date')).toHaveText('Today');
  await expect(arena.getByTestId('showtimes-event-day')).toContainText(dayLabel(paris, 'en-US'));
  await expect(arena.getByTestId('showtimes-event-day')).toContainText('Europe/Paris');
  await expect(hall.getByTestId('showtimes-event-day')).toContainText(dayLabel(toronto, 'en-US'));
  await expect(hall.getByTestId('session-row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(arena.getByTestId('showtimes-event-day')).toContainText(dayLabel(addDays(paris, 1), 'en-US'));
  await expect(hall.getByTestId('showtimes-event-day')).toContainText(dayLabel(addDays(toronto, 1), 'en-US'));
  await expect(page.getByTestId('showtimes-date')).toHaveText('Tomorrow');
  await page.getByRole('button', { name: 'Previous day' }).click();

  // "Today" comes back from another day
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByTestId('showtimes-date')).toHaveText('Yesterday');
  await expect(arena.getByTestId('showtimes-event-day')).toContainText(dayLabel(addDays(paris, -1), 'en-US'));
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(arena.getByTestId('showtimes-event-day')).toContainText(dayLabel(paris, 'en-US'));

  for (const lang of LANGS) {
    await page.goto(`/${lang}/orgtreeevent`);
    await expect(arena.getByTestId('session-row')).toHaveCount(3);
    await snap(page, `issue19-1-showtimes-days-${lang}`);
    await expectNoSeriousA11yViolations(page, `showtimes days (${lang})`);
  }
});
