import {
  addDays,
  addMonths,
  dayIndex,
  evaluateFormula,
  findFormula,
  forecastHistoryDays,
  formatLocal,
  round2,
  seasonalForecast,
  startOfDay,
  startOfMonth,
  toLocalMinute,
  trendFactor,
  type AggregatedQueryInput,
  type AggregatedSeries,
  type LocalMinute,
} from '@footfall/domain';
import { ZONES, type Dataset } from './timeseries-dataset.js';
import type { BaselineQuestion } from './timeseries-baseline.js';

/**
 * The five dashboard questions of the time-series benchmark: each one's API body, and its expected
 * answer built from plain sums over raw points - given by whoever answers `sums` (PostgreSQL's GROUP
 * BY baseline, or the DuckDB peer), so one comparison checks the engine against either.
 */
export type SumsOf = (q: BaselineQuestion) => Promise<Map<LocalMinute, number>>;

const DAY = 1440;

export interface Question {
  label: string;
  /** a month or more: the 50x target applies */
  long: boolean;
  body: AggregatedQueryInput;
  /** baseline answer for each engine series: the expected value of a data point, and the summary */
  expected(sums: SumsOf): Promise<Expectation>;
}
export type Expectation = (s: AggregatedSeries) => {
  value: (key: LocalMinute) => number | null;
  summary: number | null;
};

export function buildQuestions(data: Dataset): Question[] {
  const zone = ZONES[0]!;
  const now = toLocalMinute(zone, data.nowMs);
  const today = startOfDay(now);
  const key = (lm: LocalMinute) => formatLocal(lm);
  const isFuture = (lm: LocalMinute, zoneNow: LocalMinute) => lm > zoneNow;
  // the engine calls a bucket future when no location has reached it yet
  const latestNow = Math.max(...ZONES.map((z) => toLocalMinute(z, data.nowMs)));
  const firstLocation = data.locations[0]!;
  // a region manager's screen: half the chain up to 50 locations, so that a larger scale asks the same
  // question of more data (at scale 10 half the chain would be 500 locations: ten times the answer)
  const managed = data.locations.slice(0, Math.max(1, Math.min(50, Math.floor(data.locations.length / 2))));
  const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const cr = findFormula('ConversionRate')!;

  const plain = (
    sums: Map<number, number>,
    shift: number,
    futureFrom: LocalMinute,
  ): ReturnType<Expectation> => ({
    value: (k) => (isFuture(k - shift, futureFrom) ? null : (sums.get(k - shift) ?? 0)),
    summary: sum(sums),
  });

  const monthStart = startOfMonth(now);
  const monthEnd = addMonths(monthStart, 1);
  const yearFrom = addDays(today, -364);
  const customFrom = addDays(today, -365) + 10 * 60 + 30;
  const customTo = today + 10 * 60 + 30;

  return [
    {
      label: `Q1 today hourly, 1 location (In+Out)`,
      long: false,
      body: {
        nodeIds: [firstLocation.id],
        aggregateFunctionsByKpi: [
          { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
          { kpi: 'TrafficOut', aggregateFunctions: ['Sum'] },
        ],
        from: key(today),
        to: key(addDays(today, 1)),
        aggregation: 'PT1H',
      },
      async expected(baselineSums) {
        const base = {
          rootIds: [firstLocation.id],
          from: today,
          to: addDays(today, 1),
          unit: 'hour' as const,
        };
        const [tin, tout] = await Promise.all([
          baselineSums({ ...base, protocol: 'TrafficIn', businessHoursOnly: false }),
          baselineSums({ ...base, protocol: 'TrafficOut', businessHoursOnly: false }),
        ]);
        return (s) => plain(s.kpi === 'TrafficIn' ? tin : tout, 0, now);
      },
    },
    {
      label: `Q2 last 7 days hourly, business hours, ${managed.length} locations`,
      long: false,
      body: {
        nodeIds: managed.map((l) => l.id),
        aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }],
        from: key(addDays(today, -7)),
        to: key(today),
        aggregation: 'PT1H',
        businessHoursOnly: true,
      },
      async expected(baselineSums) {
        const sums = await baselineSums({
          rootIds: managed.map((l) => l.id),
          protocol: 'TrafficIn',
          from: addDays(today, -7),
          to: today,
          unit: 'hour',
          businessHoursOnly: true,
        });
        return () => plain(sums, 0, latestNow);
      },
    },
    {
      label: 'Q3 last 365 days daily, whole tree, N-1 and Y-1, conversion',
      long: true,
      body: {
        nodeIds: [data.rootId],
        aggregateFunctionsByKpi: [
          { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
          { kpi: 'ConversionRate', aggregateFunctions: ['Sum'] },
        ],
        from: key(yearFrom),
        to: key(addDays(today, 1)),
        aggregation: 'P1D',
        modes: ['current_period', 'compared_last_period', 'compared_last_year'],
      },
      async expected(baselineSums) {
        const to = addDays(today, 1);
        const shifts = {
          current_period: 0,
          compared_last_period: to - yearFrom,
          compared_last_year: 364 * DAY,
        };
        const sums = new Map<string, Map<number, number>>();
        await Promise.all(
          Object.entries(shifts).flatMap(([mode, shift]) =>
            ['TrafficIn', 'Transactions'].map(async (protocol) => {
              const m = await baselineSums({
                rootIds: [data.rootId],
                protocol,
                from: yearFrom - shift,
                to: to - shift,
                unit: 'day',
                businessHoursOnly: false,
              });
              sums.set(`${mode}|${protocol}`, m);
            }),
          ),
        );
        return (s) => {
          const shift = shifts[s.mode];
          const traffic = sums.get(`${s.mode}|TrafficIn`)!;
          if (s.kpi === 'TrafficIn') return plain(traffic, shift, latestNow);
          const tx = sums.get(`${s.mode}|Transactions`)!;
          return {
            value: (k) =>
              evaluateFormula(cr, {
                TrafficIn: traffic.get(k - shift) ?? 0,
                Transactions: tx.get(k - shift) ?? 0,
              }),
            summary: evaluateFormula(cr, { TrafficIn: sum(traffic), Transactions: sum(tx) }),
          };
        };
      },
    },
    {
      label: 'Q4 current month daily, whole tree, with forecast',
      long: true,
      body: {
        nodeIds: [data.rootId],
        aggregateFunctionsByKpi: [
          { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
          { kpi: 'ForecastTrafficIn', aggregateFunctions: ['Sum'] },
        ],
        from: key(monthStart),
        to: key(monthEnd),
        aggregation: 'P1D',
      },
      async expected(baselineSums) {
        const common = {
          rootIds: [data.rootId],
          protocol: 'TrafficIn',
          unit: 'day' as const,
          businessHoursOnly: false,
        };
        const [month, history] = await Promise.all([
          baselineSums({ ...common, from: monthStart, to: monthEnd }),
          baselineSums({ ...common, from: addDays(monthStart, -35), to: startOfDay(latestNow) }),
        ]);
        const forecast = forecastByDay(history, monthStart, monthEnd, dayIndex(latestNow));
        return (s) =>
          s.kpi === 'TrafficIn'
            ? plain(month, 0, latestNow)
            : { value: (k) => forecast.values.get(dayIndex(k)) ?? null, summary: forecast.summary };
      },
    },
    {
      label: 'Q5 custom 1-year range monthly, whole tree (In+Sales)',
      long: true,
      body: {
        nodeIds: [data.rootId],
        aggregateFunctionsByKpi: [
          { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
          { kpi: 'Sales', aggregateFunctions: ['Sum'] },
        ],
        from: key(customFrom),
        to: key(customTo),
        aggregation: 'P1M',
      },
      async expected(baselineSums) {
        const common = { rootIds: [data.rootId], from: customFrom, to: customTo, unit: 'month' as const };
        const [tin, sales] = await Promise.all([
          baselineSums({ ...common, protocol: 'TrafficIn', businessHoursOnly: false }),
          baselineSums({ ...common, protocol: 'Sales', businessHoursOnly: false }),
        ]);
        return (s) => plain(s.kpi === 'TrafficIn' ? tin : sales, 0, latestNow);
      },
    },
  ];
}

/** The documented forecast model applied to the baseline's daily sums (see domain periods/forecast.ts). */
function forecastByDay(daySums: Map<number, number>, from: LocalMinute, to: LocalMinute, today: number) {
  const dayTotal = (d: number) => daySums.get(d * DAY) ?? 0;
  const values = new Map<number, number | null>();
  let summary: number | null = null;
  for (let d = dayIndex(from); d < dayIndex(to); d++) {
    if (d > today + 7) {
      values.set(d, null);
      continue;
    }
    const origin = Math.min(d, today);
    const history = forecastHistoryDays(d, origin).map(dayTotal);
    const value = round2(seasonalForecast(history, trendFactor(dayTotal, origin)));
    values.set(d, value);
    summary = round2((summary ?? 0) + value);
  }
  return { values, summary };
}

export function compare(answer: AggregatedSeries[], expected: Expectation): string[] {
  const out: string[] = [];
  const same = (a: number | null, b: number | null) =>
    a === b || (a !== null && b !== null && Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)));
  for (const s of answer) {
    const e = expected(s);
    const where = `${s.kpi} ${s.mode}`;
    if (!same(s.summary, e.summary)) out.push(`${where} summary: engine ${s.summary}, baseline ${e.summary}`);
    for (const d of s.data) {
      const want = e.value(parseKey(d.key));
      if (!same(d.value, want)) out.push(`${where} ${d.key}: engine ${d.value}, baseline ${want}`);
    }
  }
  return out;
}

const parseKey = (key: string) => Date.parse(`${key.replace(' ', 'T')}:00Z`) / 60_000;
