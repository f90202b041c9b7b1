import { describe, expect, it } from 'vitest';
import { BASE_KPI_NAMES } from '../kpi/catalogue.js';
import { COMPUTED_KPIS } from '../kpi/formulas.js';
import { formatKpiValue, kpiUnit } from './format.js';

/** French number format whatever the language: narrow no-break spaces between thousands */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('kpiUnit', () => {
  it('counts people and things', () => {
    for (const kpi of [
      'TrafficIn',
      'TrafficOut',
      'ForecastTrafficIn',
      'ForecastTrafficOut',
      'Occupancy',
      'PasserBy',
      'Transactions',
      'ItemsSold',
      'QueueLength',
      'QueueIn',
      'GroupMembersIn',
      'UnsoldTraffic',
    ])
      expect(kpiUnit(kpi), kpi).toBe('count');
  });

  it('keeps money, rates, ratios, durations and hours apart', () => {
    expect(['Sales', 'AvgSales', 'SPH', 'POT', 'VPC'].map(kpiUnit)).toEqual(Array(5).fill('money'));
    expect(['ConversionRate', 'BounceRate', 'CaptureRate', 'QueueAbandonmentRate'].map(kpiUnit)).toEqual(
      Array(4).fill('percent'),
    );
    expect(['CPE', 'TPE', 'UPT'].map(kpiUnit)).toEqual(Array(3).fill('ratio'));
    expect(['DwellTime', 'QueuingTime', 'QueueAbandonmentTime'].map(kpiUnit)).toEqual(
      Array(3).fill('duration'),
    );
    expect(kpiUnit('StaffHours')).toBe('measure');
  });

  it('gives every KPI of the catalogue a unit', () => {
    for (const kpi of [...BASE_KPI_NAMES, ...COMPUTED_KPIS.map((f) => f.kpi)])
      expect(['count', 'money', 'percent', 'duration', 'ratio', 'measure']).toContain(kpiUnit(kpi));
  });
});

describe('formatKpiValue', () => {
  it('writes counts as whole numbers, forecasts included (issue 19 item 8: "1 080,33")', () => {
    expect(plain(formatKpiValue('ForecastTrafficIn', 1080.33))).toBe('1 080');
    expect(plain(formatKpiValue('ForecastTrafficOut', 1080.5))).toBe('1 081');
    expect(plain(formatKpiValue('TrafficIn', 12345))).toBe('12 345');
    expect(formatKpiValue('Occupancy', 41.6)).toBe('42');
    expect(formatKpiValue('UnsoldTraffic', -0.4)).toBe('0');
  });

  it('keeps two decimals for money, ratios and hours, and writes rates in percent', () => {
    expect(plain(formatKpiValue('Sales', 1080.333))).toBe('1 080,33');
    expect(formatKpiValue('UPT', 1.456)).toBe('1,46');
    expect(formatKpiValue('StaffHours', 7.5)).toBe('7,5');
    expect(formatKpiValue('ConversionRate', 12.3456)).toBe('12,35 %');
  });

  it('writes durations in seconds and minutes, and a dash for no value', () => {
    expect(formatKpiValue('DwellTime', 42)).toBe('42 s');
    expect(formatKpiValue('DwellTime', 150)).toBe('2 min 30 s');
    expect(formatKpiValue('TrafficIn', null)).toBe('–');
    expect(formatKpiValue('TrafficIn', Number.NaN)).toBe('–');
  });
});
