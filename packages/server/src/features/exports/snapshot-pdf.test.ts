import { describe, expect, it } from 'vitest';
import { DashboardJson, type AggregatedSeries, type NodeCompleteness } from '@footfall/domain';
import { renderSnapshotPdf } from './snapshot-pdf.js';
import type { SnapshotDocument } from './exports.types.js';

const widget = DashboardJson.parse({
  widgets: [
    {
      layout: { i: 'a', x: 0, y: 0, w: 100, h: 20 },
      type: { name: 'kpiCard', vueComponent: 'KpiCardWidget' },
      kpis: ['TrafficIn'],
    },
  ],
}).widgets[0]!;
const node = (nodeId: string, ratio: number | null): NodeCompleteness => ({
  nodeId,
  ratio,
  expectedMinutes: ratio === null ? 0 : 600,
  missingMinutes: ratio === null ? 0 : Math.round(600 * (1 - ratio)),
  devices: 2,
});
const series = (completeness: NodeCompleteness[]): AggregatedSeries[] => [
  {
    kpi: 'TrafficIn',
    aggregateFunction: 'Sum',
    mode: 'current_period',
    isPercentage: false,
    summary: 10,
    metaTags: [],
    aggregation: 'PT1H',
    data: [],
    completeness,
  },
];

/** the snapshot PDF carries the web's "data incomplete for N of M locations" note on a widget */
describe('snapshot PDF completeness note', () => {
  const render = async (completeness: NodeCompleteness[]) => {
    const calls: [number, number, string[]][] = [];
    const doc: SnapshotDocument = {
      title: 'T',
      periodLine: 'P',
      locationsLine: 'L',
      widgets: [{ widget, series: series(completeness) }],
      t: (k) => k,
      texts: {
        noSelection: '-',
        moreRows: (n) => `${n}`,
        generated: 'g',
        incomplete: (n, m, names) => {
          calls.push([n, m, names]);
          return `incomplete ${n}/${m}`;
        },
      },
      nodeName: (id) => ({ a: 'Store A', b: 'Store B', c: 'Store C' })[id] ?? id,
    };
    const pdf = await renderSnapshotPdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    return calls;
  };

  it('writes the note with the incomplete locations, least complete first, out of those expected to count', async () => {
    const calls = await render([node('a', 1), node('b', 0.9), node('c', 0.5), node('d', null)]);
    expect(calls).toEqual([[2, 3, ['Store C', 'Store B']]]);
  });

  it('writes no note when every location is complete', async () => {
    expect(await render([node('a', 1), node('b', 0.995)])).toEqual([]);
  });
});
