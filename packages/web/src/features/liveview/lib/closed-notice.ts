/**
 * What a black (closed) live view says in its corner: the local time of the place, and when it
 * opens - "at 10:00" on the same local day, "Tuesday at 10:00" on another one. Times are 24-hour in
 * every language, as on the door signs.
 */
export interface ClosedNotice {
  /** the place's local time now, HH:mm */
  clock: string;
  /** the opening time, HH:mm, or null when the hours never open again */
  opensAt: string | null;
  /** the weekday of the opening in `locale`, or null when it is the same local day */
  opensOn: string | null;
}

const time = (timeZone: string, ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    ms,
  );
const day = (timeZone: string, ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    ms,
  );

export function closedNotice(
  timeZone: string,
  nowMs: number,
  opensAtIso: string | null,
  locale: string,
): ClosedNotice {
  const clock = time(timeZone, nowMs);
  const opens = opensAtIso ? Date.parse(opensAtIso) : NaN;
  if (Number.isNaN(opens)) return { clock, opensAt: null, opensOn: null };
  const sameDay = day(timeZone, opens) === day(timeZone, nowMs);
  return {
    clock,
    opensAt: time(timeZone, opens),
    opensOn: sameDay ? null : new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long' }).format(opens),
  };
}
