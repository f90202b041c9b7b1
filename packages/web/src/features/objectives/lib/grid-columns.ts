import type { ObjectiveDto, ObjectivePeriodType } from '@footfall/domain';

/**
 * The columns of the objectives grid for one period type (issue 15: "a value per day, per weekday
 * pattern, per week, per month or per year, with start and end dates"). Each column is one objective
 * of a location, except the weekday pattern, whose seven columns are the seven values of ONE weekday
 * objective covering the year. Dates are calendar dates (the location's own days).
 */
export type GridColumn = {
  /** position in the grid; the same index in another year is "the same" period (copy a year) */
  index: number;
  periodType: ObjectivePeriodType;
  startDate: string;
  endDate: string;
  /** weekday pattern only: 0 = Sunday ... 6 = Saturday */
  weekday?: number;
};

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** `month` (0-11) only matters for `day`: the days of that month. */
export function gridColumns(periodType: ObjectivePeriodType, year: number, month = 0): GridColumn[] {
  switch (periodType) {
    case 'month':
      return Array.from({ length: 12 }, (_, m) => ({
        index: m,
        periodType,
        startDate: iso(day(year, m, 1)),
        endDate: iso(day(year, m + 1, 0)),
      }));
    case 'year':
      return [{ index: 0, periodType, startDate: `${year}-01-01`, endDate: `${year}-12-31` }];
    case 'day': {
      const days = day(year, month + 1, 0).getUTCDate();
      return Array.from({ length: days }, (_, i) => {
        const d = iso(day(year, month, i + 1));
        return { index: i, periodType, startDate: d, endDate: d };
      });
    }
    case 'week': {
      // weeks run Sunday to Saturday (the domain's week objectives); the year's weeks start on its Sundays
      const first = day(year, 0, 1);
      let sunday = plusDays(first, (7 - first.getUTCDay()) % 7);
      const out: GridColumn[] = [];
      while (sunday.getUTCFullYear() === year) {
        out.push({
          index: out.length,
          periodType,
          startDate: iso(sunday),
          endDate: iso(plusDays(sunday, 6)),
        });
        sunday = plusDays(sunday, 7);
      }
      return out;
    }
    case 'weekday':
      return Array.from({ length: 7 }, (_, w) => ({
        index: w,
        periodType,
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        weekday: w,
      }));
  }
}

/** The saved value each (node, column) shows: `${nodeId}|${index}` -> value. */
export function savedCells(objectives: readonly ObjectiveDto[], columns: readonly GridColumn[]) {
  const byStart = new Map(columns.map((c) => [c.startDate, c]));
  const map = new Map<string, number>();
  for (const o of objectives) {
    const kind = columns[0]?.periodType;
    if (o.periodType !== kind) continue;
    if (kind === 'weekday') {
      if (o.startDate !== columns[0]!.startDate || !o.weekdayValues) continue;
      o.weekdayValues.forEach((v, w) => map.set(`${o.nodeId}|${w}`, v));
      continue;
    }
    const column = byStart.get(o.startDate);
    if (column && o.value !== null) map.set(`${o.nodeId}|${column.index}`, o.value);
  }
  return map;
}

/** Objectives of the year whose period type the grid does not show (they are kept, not edited here). */
export const otherPeriodTypes = (objectives: readonly ObjectiveDto[], shown: ObjectivePeriodType) =>
  objectives.filter((o) => o.periodType !== shown).length;
