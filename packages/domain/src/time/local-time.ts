/**
 * Local wall-clock arithmetic. A `LocalMinute` is a wall-clock reading with no time zone, counted
 * in minutes from 1970-01-01 00:00 as if it were UTC. Calendar maths (days, weeks, months) on it
 * is exact and independent of any zone; `zone.ts` converts to and from real instants.
 */
export type LocalMinute = number;

export const MINUTES_PER_DAY = 1440;
/** Weeks start on Sunday (weekday 0), the same convention as `includeDays` and business hours. */
export const WEEK_STARTS_ON = 0;

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

export interface LocalParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

export function localMinute(year: number, month: number, day: number, hour = 0, minute = 0): LocalMinute {
  return Date.UTC(year, month - 1, day, hour, minute) / 60_000;
}

/** "YYYY-MM-DD HH:mm" (or with a T) to a LocalMinute; null when malformed or not a real date. */
export function parseLocal(text: string): LocalMinute | null {
  const m = LOCAL_RE.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const lm = localMinute(y, mo, d, h, mi);
  const back = localParts(lm);
  if (back.year !== y || back.month !== mo || back.day !== d) return null;
  return lm;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** LocalMinute to "YYYY-MM-DD HH:mm". */
export function formatLocal(lm: LocalMinute): string {
  const p = localParts(lm);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

export function localParts(lm: LocalMinute): LocalParts {
  const d = new Date(lm * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    weekday: d.getUTCDay(),
  };
}

export const dayIndex = (lm: LocalMinute) => Math.floor(lm / MINUTES_PER_DAY);
export const startOfDay = (lm: LocalMinute) => dayIndex(lm) * MINUTES_PER_DAY;
export const minuteOfDay = (lm: LocalMinute) => lm - startOfDay(lm);
/** 1970-01-01 was a Thursday. */
export const weekdayOf = (lm: LocalMinute) => (((dayIndex(lm) + 4) % 7) + 7) % 7;
export const addDays = (lm: LocalMinute, days: number) => lm + days * MINUTES_PER_DAY;

export function startOfWeek(lm: LocalMinute): LocalMinute {
  const day = startOfDay(lm);
  return addDays(day, -((weekdayOf(day) - WEEK_STARTS_ON + 7) % 7));
}

export function startOfMonth(lm: LocalMinute): LocalMinute {
  const p = localParts(lm);
  return localMinute(p.year, p.month, 1);
}

export function startOfYear(lm: LocalMinute): LocalMinute {
  return localMinute(localParts(lm).year, 1, 1);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Calendar month shift keeping the time of day; the day is clamped to the target month's length
 * (Jan 31 + 1 month = Feb 28/29). `clamped` tells when that happened.
 */
export function addMonthsDetailed(lm: LocalMinute, months: number): { value: LocalMinute; clamped: boolean } {
  const p = localParts(lm);
  const total = p.year * 12 + (p.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const day = Math.min(p.day, daysInMonth(year, month));
  return { value: localMinute(year, month, day, p.hour, p.minute), clamped: day !== p.day };
}

export const addMonths = (lm: LocalMinute, months: number) => addMonthsDetailed(lm, months).value;

/** "HH:mm" (00:00-24:00) to minutes of the day; null when malformed. */
export function parseTimeOfDay(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  if (mi > 59 || h > 24 || (h === 24 && mi !== 0)) return null;
  return h * 60 + mi;
}
