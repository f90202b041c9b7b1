/** Weekday names (0 = Sunday) in the UI language, from Intl: 1 January 2023 was a Sunday. */
export function weekdayNames(lang: string, width: 'short' | 'long' = 'short'): string[] {
  const fmt = new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, d) => fmt.format(new Date(Date.UTC(2023, 0, 1 + d))));
}

/** "Every day", a run of days or the list, as the schedule's days read in a list (Monday first). */
export function describeDays(days: readonly number[], names: readonly string[], everyDay: string): string {
  const set = new Set(days);
  if (set.size === 7) return everyDay;
  return [1, 2, 3, 4, 5, 6, 0]
    .filter((d) => set.has(d))
    .map((d) => names[d])
    .join(', ');
}
