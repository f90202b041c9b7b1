import type { Locator, Page } from '@playwright/test';

/**
 * The date and time fields of the UI are MUI X pickers (`components/local-date-fields.tsx`): a group
 * of sections (hours, minutes, AM/PM), typed into section by section, and a hidden input with what
 * the field shows. English pages use the 12-hour clock.
 */

/** The picker field whose label contains `name`: its group of sections. */
export const pickerField = (scope: Locator | Page, name: string) => scope.getByRole('group', { name });

/** The input holding what the field shows, e.g. "01:00 PM". */
export const pickerInput = (field: Locator) => field.locator('xpath=..').locator('input');

/** "13:05" as an English field shows it: "01:05 PM". */
export function shown12h(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${String(hour).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Types a time of day ("HH:mm") into an English time field, from its first section. */
export async function typeTime12h(field: Locator, hhmm: string) {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(shown12h(hhmm).replace(/[: ]/g, ''));
}
