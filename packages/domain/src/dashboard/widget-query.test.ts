import { describe, expect, it } from 'vitest';
import { localMinute } from '../time/index.js';
import { resolvePeriod } from '../periods/index.js';
import { DashboardJson, type Widget } from './schema.js';
import { widgetQueryBody } from './widget-query.js';

const node = '8f9a3c0e-4b7d-4c1e-9a55-2d6f1b0c7e11';
const widget = (kpis: string[]): Widget =>
  DashboardJson.parse({
    widgets: [
      {
        layout: { i: 'a', x: 0, y: 0, w: 100, h: 20 },
        type: { name: 'lineChart', vueComponent: 'LineChartWidget' },
        kpis,
      },
    ],
  }).widgets[0]!;
const period = resolvePeriod('last7d', localMinute(2026, 3, 10, 12, 0));

describe('widgetQueryBody', () => {
  it('asks for the people counts carrying the demographic tags picked, and the other KPIs untagged', () => {
    const json = DashboardJson.parse({
      fullTreeViewSelection: [node],
      tags: { adults: true, females: true, children: false },
    });
    const body = widgetQueryBody(widget(['TrafficIn', 'Sales', 'TrafficOut']), json, period, [node])!;
    expect(body.aggregateFunctionsByKpi).toEqual([
      { kpi: 'TrafficIn', aggregateFunctions: ['Sum'], metaTags: ['adults', 'females'] },
      { kpi: 'Sales', aggregateFunctions: ['Sum'] },
      { kpi: 'TrafficOut', aggregateFunctions: ['Sum'], metaTags: ['adults', 'females'] },
    ]);
  });

  it('sends no meta tags without demographic flags, and no request without a selection', () => {
    const json = DashboardJson.parse({ fullTreeViewSelection: [node], tags: { locationGroup: ['Malls'] } });
    const body = widgetQueryBody(widget(['TrafficIn']), json, period, [node])!;
    expect(body.aggregateFunctionsByKpi).toEqual([{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }]);
    // the answer says which locations had incomplete data (the widget's mark, the snapshot's note)
    expect(body.includeCompleteness).toBe(true);
    expect(widgetQueryBody(widget(['TrafficIn']), DashboardJson.parse({}), period, [])).toBeNull();
  });
});
