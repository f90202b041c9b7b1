import { LOCALES, type Language, type ScheduleDto } from '@footfall/domain';

type T = (key: string, vars?: Record<string, unknown>) => string;

/** The weekday names of a locale, 0 = Sunday (2023-01-01 was a Sunday). */
export function weekdayNames(lang: Language, width: 'short' | 'long' = 'short'): string[] {
  const f = new Intl.DateTimeFormat(LOCALES[lang], { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2023, 0, 1 + i))));
}

/** "Daily at 07:00", "Weekly on Mon, Fri at 07:00", "Monthly on day 1 at 07:00" in the UI's language. */
export function frequencyText(
  s: Pick<ScheduleDto, 'frequency' | 'time' | 'weekdays' | 'dayOfMonth'>,
  t: T,
  lang: Language,
): string {
  if (s.frequency === 'weekly') {
    const names = weekdayNames(lang);
    return t('sched_when_weekly', { days: s.weekdays.map((d) => names[d]).join(', '), time: s.time });
  }
  if (s.frequency === 'monthly') return t('sched_when_monthly', { day: s.dayOfMonth, time: s.time });
  return t('sched_when_daily', { time: s.time });
}

/** An instant on the wall clock of a zone, in the UI's locale ("Mon, Mar 31, 07:00"). */
export function instantText(iso: string, timeZone: string, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** The browser's IANA zone (a new schedule's default: the owner's zone). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A free address as the server accepts it (the server's check is the authority). */
export const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
