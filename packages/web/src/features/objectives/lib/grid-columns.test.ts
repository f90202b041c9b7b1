import { describe, expect, it } from 'vitest';
import type { ObjectiveDto } from '@footfall/domain';
import { gridColumns, otherPeriodTypes, savedCells } from './grid-columns';

const dto = (o: Partial<ObjectiveDto>): ObjectiveDto =>
  ({
    id: crypto.randomUUID(),
    nodeId: 'n1',
    nodeName: 'Store',
    kpi: 'TrafficIn',
    periodType: 'month',
    startDate: '2028-01-01',
    endDate: '2028-01-31',
    value: 1,
    weekdayValues: null,
    ...o,
  }) as ObjectiveDto;

describe('objectives grid columns', () => {
  it('months: 12 whole months, February 2028 a leap month', () => {
    const c = gridColumns('month', 2028);
    expect(c).toHaveLength(12);
    expect(c[1]).toMatchObject({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(c[11]).toMatchObject({ startDate: '2028-12-01', endDate: '2028-12-31' });
  });

  it('weeks run Sunday to Saturday from the first Sunday of the year, each seven days', () => {
    // 1 January 2028 is a Saturday: week 1 starts on Sunday 2 January
    const c = gridColumns('week', 2028);
    expect(c[0]).toMatchObject({ startDate: '2028-01-02', endDate: '2028-01-08' });
    expect(c).toHaveLength(53);
    expect(c.at(-1)).toMatchObject({ startDate: '2028-12-31', endDate: '2029-01-06' });
    for (const w of c) {
      expect(new Date(`${w.startDate}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(Date.parse(w.endDate) - Date.parse(w.startDate)).toBe(6 * 86_400_000);
    }
    expect(gridColumns('week', 2023)[0]!.startDate).toBe('2023-01-01');
    expect(gridColumns('week', 2023)).toHaveLength(53);
    expect(gridColumns('week', 2026)).toHaveLength(52);
  });

  it('days of the chosen month, the year, and the seven weekdays of one objective', () => {
    expect(gridColumns('day', 2028, 1)).toHaveLength(29);
    expect(gridColumns('day', 2027, 1)).toHaveLength(28);
    expect(gridColumns('day', 2028, 1)[28]).toMatchObject({ startDate: '2028-02-29', endDate: '2028-02-29' });
    expect(gridColumns('year', 2028)).toEqual([
      { index: 0, periodType: 'year', startDate: '2028-01-01', endDate: '2028-12-31' },
    ]);
    const w = gridColumns('weekday', 2028);
    expect(w.map((c) => c.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(new Set(w.map((c) => `${c.startDate}/${c.endDate}`))).toEqual(new Set(['2028-01-01/2028-12-31']));
  });

  it('places saved objectives of the grid period in their columns and counts the others', () => {
    const saved = [
      dto({ startDate: '2028-03-01', endDate: '2028-03-31', value: 30 }),
      dto({ periodType: 'week', startDate: '2028-01-09', endDate: '2028-01-15', value: 7 }),
      dto({
        periodType: 'weekday',
        startDate: '2028-01-01',
        endDate: '2028-12-31',
        value: null,
        weekdayValues: [0, 1, 2, 3, 4, 5, 6],
      }),
    ];
    expect([...savedCells(saved, gridColumns('month', 2028))]).toEqual([['n1|2', 30]]);
    expect([...savedCells(saved, gridColumns('week', 2028))]).toEqual([['n1|1', 7]]);
    expect(savedCells(saved, gridColumns('weekday', 2028)).get('n1|6')).toBe(6);
    expect(savedCells(saved, gridColumns('weekday', 2029)).size).toBe(0);
    expect(otherPeriodTypes(saved, 'month')).toBe(2);
  });
});
