/**
 * Running register totals (Irisys and other counters that report totals) into interval counts.
 * Between two consecutive readings the count is the difference, stored at the earlier reading's
 * instant (the interval start). A total that goes down is a counter reset (power cycle, firmware
 * update: the device starts again from 0, so the new total is what was counted since) or, from a
 * value near the top of a 32-bit register, a wrap around 2^32.
 */
export const REGISTER_SPAN = 2 ** 32;

export interface TotalReading {
  at: number;
  total: number;
}

export function intervalCount(previous: number, current: number): number {
  if (current >= previous) return current - previous;
  if (previous >= REGISTER_SPAN / 2 && previous < REGISTER_SPAN) return current + REGISTER_SPAN - previous;
  return current;
}

/** Counts of each interval between consecutive readings (sorted by time, distinct instants). */
export function differences(readings: readonly TotalReading[]): { at: number; value: number }[] {
  const out: { at: number; value: number }[] = [];
  for (let i = 1; i < readings.length; i++) {
    const prev = readings[i - 1]!;
    const cur = readings[i]!;
    out.push({ at: prev.at, value: intervalCount(prev.total, cur.total) });
  }
  return out;
}
