import { dayIndex, minuteOfDay, type LocalMinute } from '@footfall/domain';

/**
 * Custom period rules of spec section 5, on local wall-clock minutes:
 * - the end must be later than the start by at least 1 unit (a minute): error key custom_error;
 * - applied to each day, both times are required and the start time must be before the end time;
 * - on a same-day pick, the start and end times are clamped to each other.
 */
export interface CustomPeriodDraft {
  from: LocalMinute | null;
  to: LocalMinute | null;
  applyToEachDay: boolean;
}

export type CustomPeriodError = 'custom_error' | null;

export function validateCustomPeriod(p: CustomPeriodDraft): CustomPeriodError {
  if (p.from == null || p.to == null) return 'custom_error';
  if (p.to - p.from < 1) return 'custom_error';
  if (p.applyToEachDay) {
    const start = minuteOfDay(p.from);
    const end = minuteOfDay(p.to) === 0 ? 1440 : minuteOfDay(p.to);
    if (!(start < end)) return 'custom_error';
  }
  return null;
}

/**
 * After one side changed: when both fall on the same day, the other side's time is pulled so that
 * the start is not after the end (the side just picked wins).
 */
export function clampSameDay(
  from: LocalMinute | null,
  to: LocalMinute | null,
  changed: 'from' | 'to',
): { from: LocalMinute | null; to: LocalMinute | null } {
  if (from == null || to == null || dayIndex(from) !== dayIndex(to) || from <= to) return { from, to };
  return changed === 'from' ? { from, to: from } : { from: to, to };
}

/**
 * A day clicked on the custom period's calendar (its local midnight): the first click sets the start
 * day, the second the end day; a second click before the start day starts again from it. Times
 * already entered are kept; a new start begins at 00:00 and a new end closes at 23:59.
 */
export function pickRangeDay(
  range: { from: LocalMinute | null; to: LocalMinute | null },
  day: LocalMinute,
  picking: 'from' | 'to',
): { from: LocalMinute | null; to: LocalMinute | null; picking: 'from' | 'to' } {
  const timeOf = (lm: LocalMinute | null, fallback: number) => (lm == null ? fallback : minuteOfDay(lm));
  const start = day + timeOf(range.from, 0);
  if (picking === 'from' || range.from == null || day < range.from - minuteOfDay(range.from)) {
    const to = range.to != null && range.to > start ? range.to : null;
    return { from: start, to, picking: 'to' };
  }
  const end = day + timeOf(range.to, 1439);
  return { from: range.from, to: Math.max(end, range.from + 1), picking: 'from' };
}
