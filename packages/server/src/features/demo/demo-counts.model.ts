import { ALL_DAY, parseBusinessHours, type WeekWindows } from '@footfall/domain';
import type { ZoneRules } from './demo-zone.js';

/**
 * The demo's count model (pure): door counts per minute (or per quarter hour for older history)
 * inside business hours, from
 *   daily visitors (capacity x turnover) x weekday x month (Christmas peak, winter dip) x trend
 *   x weather noise (one log-normal draw per location and day)
 * spread over the open minutes by an intraday curve (lunch and after-work peaks for shops, evening
 * peak for venues), drawn as Poisson counts. Exits follow entries after a dwell time and the doors
 * empty the place in the last 20 minutes. Sales, transactions, items and staff hours follow the
 * entries hour by hour. Everything is seeded, so the same demo comes out on every machine.
 */

export type Profile = 'retail' | 'venue';

export interface LocationModel {
  /** stable seed (index of the location in the demo) */
  seed: number;
  profile: Profile;
  timeZone: string;
  /** the zone's rules as the database has them (demo-zone.ts) */
  zone: ZoneRules;
  hours: WeekWindows;
  capacity: number;
  /** share of the location's traffic per door, summing to 1 */
  doorWeights: number[];
}

const WEEKDAY: Record<Profile, number[]> = {
  retail: [0.85, 0.75, 0.8, 0.9, 1.0, 1.2, 1.4],
  venue: [1.3, 0.5, 0.7, 0.8, 0.9, 1.3, 1.6],
};
const MONTH = [0.8, 0.78, 0.9, 0.95, 1.0, 1.02, 1.05, 1.08, 0.97, 1.0, 1.08, 1.45];
const TURNOVER: Record<Profile, number> = { retail: 6, venue: 1.1 };
const DWELL_MINUTES: Record<Profile, number> = { retail: 25, venue: 95 };
const CONVERSION: Record<Profile, number> = { retail: 0.27, venue: 0.12 };
const BASKET: Record<Profile, number> = { retail: 48, venue: 22 };

/** mulberry32: small, fast, good enough for demo noise. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const hash = (...parts: number[]) =>
  parts.reduce((h, p) => Math.imul(h ^ (p | 0), 0x9e3779b1) >>> 0, 0x811c9dc5);

export function poisson(lambda: number, random: () => number): number {
  if (lambda <= 0) return 0;
  if (lambda > 40) {
    // normal approximation for large means
    const u = Math.max(random(), 1e-12);
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * z));
  }
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

/** Intraday intensity at a local hour (decimal). */
function intensity(profile: Profile, h: number): number {
  if (profile === 'retail')
    return 0.35 + Math.exp(-(((h - 13) / 1.6) ** 2)) + 0.85 * Math.exp(-(((h - 17.5) / 1.6) ** 2));
  return 0.2 + 0.6 * Math.exp(-(((h - 14) / 2) ** 2)) + 1.2 * Math.exp(-(((h - 19.5) / 1.3) ** 2));
}

export const hoursOf = (businessHours: unknown): WeekWindows => {
  try {
    return parseBusinessHours(businessHours);
  } catch {
    return ALL_DAY;
  }
};

/** Local calendar of a local day index (days since 1970-01-01). */
function dayParts(day: number) {
  const d = new Date(day * 86_400_000);
  return { month: d.getUTCMonth(), date: d.getUTCDate(), weekday: d.getUTCDay(), year: d.getUTCFullYear() };
}

/** Closed on Christmas Day and New Year's Day. */
const closedOn = (p: ReturnType<typeof dayParts>) =>
  (p.month === 11 && p.date === 25) || (p.month === 0 && p.date === 1);

export interface DayPlan {
  day: number;
  /** open [from, to) local minutes of the day */
  windows: [number, number][];
  /** expected entries of each open minute of the day, in window order */
  expected: Float64Array;
  /** UTC ms of local minute 0 of the day when the offset is constant that day; else null */
  utcOfMidnight: number | null;
}

/** Expected entries per open minute of one local day at one location. */
export function planDay(loc: LocationModel, day: number): DayPlan {
  const p = dayParts(day);
  const windows = closedOn(p) ? [] : (loc.hours[p.weekday] ?? []);
  const random = rng(hash(loc.seed, day, 7));
  const weather = Math.exp(
    0.12 * Math.sqrt(-2 * Math.log(Math.max(random(), 1e-12))) * Math.cos(2 * Math.PI * random()),
  );
  const trend = 1 + 0.05 * ((day - 19_700) / 365);
  const blackFriday = p.month === 10 && p.weekday === 5 && p.date >= 23 && p.date <= 29 ? 1.8 : 1;
  const daily =
    Math.min(loc.capacity * TURNOVER[loc.profile], 25_000) *
    WEEKDAY[loc.profile][p.weekday]! *
    MONTH[p.month]! *
    trend *
    weather *
    blackFriday;
  let minutes = 0;
  for (const [a, b] of windows) minutes += b - a;
  const expected = new Float64Array(minutes);
  let total = 0;
  let i = 0;
  for (const [a, b] of windows) {
    for (let m = a; m < b; m++) {
      const v = intensity(loc.profile, m / 60);
      expected[i++] = v;
      total += v;
    }
  }
  if (total > 0) for (let k = 0; k < expected.length; k++) expected[k] = (expected[k]! / total) * daily;
  const start = loc.zone.fromLocalMinute(day * 1440);
  const offStart = loc.zone.offsetAt(start);
  const offEnd = loc.zone.offsetAt(start + 1440 * 60_000);
  return { day, windows, expected, utcOfMidnight: offStart === offEnd ? start : null };
}

/** UTC instant of a local minute of a planned day. */
export function utcOf(loc: LocationModel, plan: DayPlan, minuteOfDay: number): number {
  if (plan.utcOfMidnight !== null) return plan.utcOfMidnight + minuteOfDay * 60_000;
  return loc.zone.fromLocalMinute(plan.day * 1440 + minuteOfDay);
}

export interface DoorCounts {
  /** interval starts (UTC ms) and counts, entries and exits share the instants */
  times: number[];
  ins: number[];
  outs: number[];
}

/**
 * One door's counts for one day, per `step` minutes (1, or 60 for older history: clock hours, the
 * first one from the opening time). Outages remove the points they
 * cover: the sensor sent nothing.
 */
export function doorDay(
  loc: LocationModel,
  plan: DayPlan,
  door: number,
  step: 1 | 60,
  outages: readonly { from: number; to: number }[] = [],
): DoorCounts {
  const out: DoorCounts = { times: [], ins: [], outs: [] };
  const random = rng(hash(loc.seed, plan.day, door, step));
  const weight = loc.doorWeights[door] ?? 0;
  const dwell = DWELL_MINUTES[loc.profile];
  let base = 0;
  for (const [a, b] of plan.windows) {
    let inside = 0;
    for (let m = a; m < b;) {
      const end = Math.min((Math.floor(m / step) + 1) * step, b);
      let lambdaIn = 0;
      let lambdaOut = 0;
      for (let x = m; x < end; x++) {
        lambdaIn += plan.expected[base + (x - a)]! * weight;
        const back = x - dwell;
        if (back >= a) lambdaOut += plan.expected[base + (back - a)]! * weight;
      }
      const ins = poisson(lambdaIn, random);
      let outs = Math.min(poisson(lambdaOut, random), inside + ins);
      inside += ins - outs;
      const left = b - end;
      if (left < 20 && inside > 0) {
        // closing: whoever is still in leaves before the doors shut
        const flush = left <= 0 ? inside : Math.ceil(inside / (Math.ceil(left / step) + 1));
        outs += flush;
        inside -= flush;
      }
      const t = utcOf(loc, plan, m);
      m = end;
      if (outages.some((o) => t >= o.from && t < o.to)) continue;
      out.times.push(t);
      out.ins.push(ins);
      out.outs.push(outs);
    }
    base += b - a;
  }
  return out;
}

/** A few sensor outages per door over the history: a day each, some a whole day, some a few hours. */
export function outagesOf(loc: LocationModel, door: number, firstDay: number, lastDay: number) {
  const random = rng(hash(loc.seed, door, 99));
  const list: { from: number; to: number }[] = [];
  const n = 2 + Math.floor(random() * 3);
  for (let i = 0; i < n; i++) {
    const day = firstDay + Math.floor(random() * Math.max(1, lastDay - firstDay - 2));
    const start = loc.zone.fromLocalMinute(day * 1440 + Math.floor(random() * 20) * 60);
    const hours = random() < 0.3 ? 24 : 2 + Math.floor(random() * 8);
    list.push({ from: start, to: start + hours * 3600_000 });
  }
  return list;
}

export interface HourlySales {
  time: number;
  transactions: number;
  sales: number;
  itemsSold: number;
  staffHours: number;
}

/** Sales figures of each open hour, from that hour's entries (all doors). */
export function salesOfHour(
  loc: LocationModel,
  seed: number,
  hourStart: number,
  openMinutes: number,
  entries: number,
): HourlySales {
  const random = rng(hash(loc.seed, Math.floor(hourStart / 3600_000), seed));
  const conversion = CONVERSION[loc.profile] * (0.85 + 0.3 * random());
  const transactions = poisson(entries * conversion, random);
  const basket = BASKET[loc.profile] * (0.9 + 0.2 * random());
  const staff = Math.max(2, Math.round((loc.capacity * TURNOVER[loc.profile]) / 12 / 45));
  return {
    time: hourStart,
    transactions,
    sales: Math.round(transactions * basket * 100) / 100,
    itemsSold: Math.round(transactions * (1.8 + 0.7 * random())),
    staffHours: Math.round(staff * (openMinutes / 60) * (0.8 + 0.4 * random()) * 4) / 4,
  };
}

/** Dwell (s), queuing time (s) and queue length of one quarter hour, growing with the crowd. */
export function serviceFigures(loc: LocationModel, quarterStart: number, crowd: number) {
  const random = rng(hash(loc.seed, Math.floor(quarterStart / 900_000), 5));
  const level = Math.min(1.5, crowd / Math.max(1, loc.capacity * 0.08));
  return {
    dwellTime: Math.round(540 + 600 * level + 120 * (random() - 0.5)),
    queuingTime: Math.round(40 + 160 * level + 30 * (random() - 0.5)),
    queueLength: poisson(0.5 + 5 * level, random),
  };
}

/** The occupancy fold of the engine: floor 0, reset at `resetMinute` local each day. */
export function occupancyOfDay(
  loc: LocationModel,
  plan: DayPlan,
  resetMinute: number,
  nets: Map<number, number>,
): { times: number[]; values: number[] } {
  const resetAt = utcOf(loc, plan, resetMinute);
  const times = [resetAt];
  const values = [0];
  let value = 0;
  for (const t of [...nets.keys()].sort((x, y) => x - y)) {
    if (t < resetAt) continue;
    value = Math.max(0, value + nets.get(t)!);
    times.push(t);
    values.push(value);
  }
  return { times, values };
}
