import { describe, expect, it } from 'vitest';
import type { AggregatedSeries } from '../contracts/query.js';
import type { NodeCompleteness } from '../contracts/monitoring.js';
import { completenessSummary } from './completeness.js';

const node = (nodeId: string, ratio: number | null, missingMinutes = 0): NodeCompleteness => ({
  nodeId,
  ratio,
  expectedMinutes: ratio === null ? 0 : 600,
  missingMinutes,
  devices: 2,
});
const entry = (completeness?: NodeCompleteness[]): AggregatedSeries => ({
  kpi: 'TrafficIn',
  aggregateFunction: 'Sum',
  mode: 'current_period',
  isPercentage: false,
  summary: 10,
  metaTags: [],
  aggregation: 'PT1H',
  data: [],
  ...(completeness ? { completeness } : {}),
});

describe('completenessSummary', () => {
  it('counts the nodes under 99 %, least complete first, out of those expected to count', () => {
    const s = completenessSummary([
      entry([node('a', 1), node('b', 0.5, 300), node('c', null), node('d', 0.9, 60), node('e', 0.995)]),
    ]);
    expect(s?.total).toBe(4);
    expect(s?.incomplete.map((n) => n.nodeId)).toEqual(['b', 'd']);
  });

  it('is null when every node is complete or the answer has no completeness', () => {
    expect(completenessSummary([entry([node('a', 1), node('b', null)])])).toBeNull();
    expect(completenessSummary([entry()])).toBeNull();
    expect(completenessSummary(null)).toBeNull();
  });
});
