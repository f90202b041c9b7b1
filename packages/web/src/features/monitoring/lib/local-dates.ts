/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: number, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The last `days` local dates of a device ending today, as DeviceActivity's [from, to): `to` is
 * tomorrow in the device's own time zone (not the reader's).
 */
export function localDatesBack(timeZone: string, days: number, now: number): { from: string; to: string } {
  const today = localDate(now, timeZone);
  return { from: addDays(today, 1 - days), to: addDays(today, 1) };
}
