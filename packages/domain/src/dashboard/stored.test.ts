import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DashboardJson, emptyStoredDashboardJson, readStoredDashboardJson, WIDGET_TYPES } from './index.js';
import { PERIOD_PRESETS } from '../periods/presets.js';

const widget = (i: string, type: (typeof WIDGET_TYPES)[number], kpis: string[], title?: string) => ({
  layout: { i, x: 0, y: 0, w: 10, h: 5 },
  type: { name: type, vueComponent: type },
  kpis,
  ...(title === undefined ? {} : { title }),
});

describe('reading a stored (server-normalised) dashboard json without the schema', () => {
  it('gives the empty dashboard the schema gives', () => {
    expect(emptyStoredDashboardJson()).toEqual(DashboardJson.parse({}));
  });

  it('reads back exactly what the schema normalised, for any dashboard the schema accepts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom(...WIDGET_TYPES),
            kpis: fc.subarray(['TrafficIn', 'TrafficOut', 'Sales', 'ConversionRate', 'NotAKpi']),
            title: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
          }),
          { maxLength: 8 },
        ),
        fc.constantFrom(...PERIOD_PRESETS.filter((p) => p !== 'custom')),
        fc.boolean(),
        (widgets, preset, businessHours) => {
          const normalised = DashboardJson.parse({
            widgets: widgets.map((w, n) => widget(`w${n}`, w.type, w.kpis, w.title)),
            selectedTimePeriod: { value: preset },
            isBusinessHoursOnlyMode: businessHours,
          });
          expect(readStoredDashboardJson(JSON.stringify(normalised))).toEqual(normalised);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers null for text that is not a normalised dashboard', () => {
    const ok = DashboardJson.parse({ widgets: [widget('a', 'lineChart', ['TrafficIn'])] });
    const without = (key: string) => JSON.stringify({ ...ok, [key]: undefined });
    expect(readStoredDashboardJson('not json')).toBeNull();
    expect(readStoredDashboardJson('[]')).toBeNull();
    expect(readStoredDashboardJson('{}')).toBeNull();
    for (const key of Object.keys(ok)) expect(readStoredDashboardJson(without(key)), key).toBeNull();
    const noLayout = { ...ok, widgets: [{ ...ok.widgets[0], layout: undefined }] };
    expect(readStoredDashboardJson(JSON.stringify(noLayout))).toBeNull();
    expect(readStoredDashboardJson(JSON.stringify({ ...ok, refreshRate: '15' }))).toBeNull();
  });
});
