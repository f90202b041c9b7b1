import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.js';
import { REPORT_DEFINITIONS, REPORT_NAMES, reportOfNewRoute, reportsAvailableTo } from './definitions.js';
import { ReportParameters, checkReportParameters, reportAggregation } from './parameters.js';
import { REPORT_TEXTS, reportText } from './texts.js';
import { formatReportCell, thresholdLevel } from './format.js';
import { findFormula } from '../kpi/index.js';

const base = {
  nodeIds: ['7c9e6679-7425-40de-944b-e07fc1f90ae7'],
  from: '2024-03-10 00:00',
  to: '2024-03-17 00:00',
};

describe('report definitions', () => {
  it('cover the ten reports, each with known KPIs and words in every language', () => {
    expect(Object.keys(REPORT_DEFINITIONS).sort()).toEqual([...REPORT_NAMES].sort());
    for (const d of Object.values(REPORT_DEFINITIONS)) {
      expect(d.measures.length).toBeGreaterThan(0);
      for (const m of d.measures) {
        expect(findFormula(m.kpi), m.kpi).toBeDefined();
        expect(
          findFormula(m.kpi)!.aggregateFunctions.includes(m.fn) || m.fn === 'Sum',
          `${m.kpi} ${m.fn}`,
        ).toBe(true);
      }
      for (const c of d.charts)
        for (const id of c.measures) expect(d.measures.some((m) => m.id === id)).toBe(true);
      for (const lang of LANGUAGES) {
        for (const key of [d.title, d.description, ...d.measures.map((m) => m.label)])
          expect((REPORT_TEXTS[lang] as Record<string, string>)[key], `${lang} ${key}`).toBeTruthy();
      }
    }
    for (const lang of LANGUAGES)
      expect(Object.keys(REPORT_TEXTS[lang]).sort()).toEqual(Object.keys(REPORT_TEXTS.en).sort());
  });

  it('map the new-style routes, the executive comparative report staying on the old viewer', () => {
    expect(reportOfNewRoute('Traffic')).toBe('trafficReport');
    expect(reportOfNewRoute('trafficandoccupancylotoquebec')).toBe('trafficAndOccupancyLotoQuebecReport');
    expect(reportOfNewRoute('executivecomparative')).toBeNull();
    expect(REPORT_DEFINITIONS.executiveComparativeReport.newRoute).toBeNull();
  });

  it('give a superAdmin every report, others theirs, dashboard-only users none', () => {
    expect(reportsAvailableTo({ roles: ['superAdmin'], reports: [] })).toEqual([...REPORT_NAMES]);
    expect(reportsAvailableTo({ roles: ['User'], reports: ['queueReport', 'nope'] })).toEqual([
      'queueReport',
    ]);
    expect(reportsAvailableTo({ roles: ['dashboardOnly'], reports: [...REPORT_NAMES] })).toEqual([]);
  });
});

describe('report parameters', () => {
  const check = (name: (typeof REPORT_NAMES)[number], input: object) =>
    checkReportParameters(name, ReportParameters.parse({ ...base, ...input }));

  it('name the field of a rule between fields', () => {
    expect(check('trafficReport', {})).toBeNull();
    expect(check('trafficReport', { to: '2024-03-10 00:00' })?.field).toBe('to');
    expect(check('trafficReport', { from2: '2024-03-01 00:00' })?.field).toBe('to2');
    expect(check('trafficComparativeReport', {})?.field).toBe('nodeIds2');
    expect(
      check('trafficComparativeReport', { from2: '2024-03-03 00:00', to2: '2024-03-10 00:00' }),
    ).toBeNull();
    expect(check('trafficReport', { aggregation: 'PT1M' })?.field).toBe('aggregation');
    // a year of 15-minute buckets is 35,040 rows a location: too many
    expect(
      check('trafficReport', { from: '2024-01-01 00:00', to: '2025-01-01 00:00', aggregation: 'PT15M' })
        ?.field,
    ).toBe('aggregation');
  });

  it('refuse unknown fields and malformed dates in the schema', () => {
    expect(ReportParameters.safeParse({ ...base, extra: 1 }).success).toBe(false);
    const bad = ReportParameters.safeParse({ ...base, from: '2024-02-30 00:00' });
    expect(bad.success ? null : bad.error.issues[0]!.path).toEqual(['from']);
  });

  it('aggregate by the report, then by the custom-range rule, never by the minute', () => {
    expect(reportAggregation('trafficHorizontalReport', ReportParameters.parse(base))).toBe('P1D');
    expect(reportAggregation('trafficReport', ReportParameters.parse(base))).toBe('P1D');
    expect(
      reportAggregation('trafficReport', ReportParameters.parse({ ...base, to: '2024-03-10 00:30' })),
    ).toBe('PT15M');
  });
});

describe('report words and cells', () => {
  it('fill placeholders per language', () => {
    expect(reportText('fr', 'period_line', { from: 'a', to: 'b', aggregation: 'par jour' })).toBe(
      'Période : a – b (par jour)',
    );
    expect(reportText('es', 'suffix_y1', { label: 'Entradas' })).toBe('Entradas A-1');
  });

  it('write cells as the dashboards write their KPI, and colour capacity use', () => {
    expect(formatReportCell({ kind: 'integer', kpi: 'TrafficIn' }, 12345.4)).toBe('12\u00a0345');
    expect(formatReportCell({ kind: 'percent' }, 12.5)).toBe('12,50 %');
    expect(formatReportCell({ kind: 'duration' }, 42)).toBe('42 s');
    expect(formatReportCell({ kind: 'integer' }, null)).toBe('–');
    const use = { thresholds: { warning: 75, critical: 90 } };
    expect([50, 75, 95].map((v) => thresholdLevel(use, v))).toEqual(['ok', 'warning', 'critical']);
  });
});
