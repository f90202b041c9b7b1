import { describe, expect, it } from 'vitest';
import { localMinute, RankingQuery, resolvePeriod } from '@footfall/domain';
import { rankingRequest, type RankingChoice } from './ranking-request';
import { rankingSearch } from '../api/ranking-api';

const NO_TAGS = { locationGroup: [], adults: false, children: false, males: false, females: false };
const now = localMinute(2025, 6, 18, 14, 30);
const base: RankingChoice = {
  kpi: 'TrafficIn',
  period: {
    selectedTimePeriod: { value: 'last7d' },
    isBusinessHoursOnlyMode: true,
    applyTimePeriodToEachDay: true,
  },
  nodeIds: [],
  tags: NO_TAGS,
  order: 'desc',
};

describe('rankingRequest', () => {
  it('resolves the period as the dashboards do, and its query string passes the API contract', () => {
    const q = rankingRequest(base, now);
    const p = resolvePeriod('last7d', now);
    expect(q).toMatchObject({ kpi: 'TrafficIn', aggregation: p.aggregation, businessHoursOnly: true });
    // the period applied to each day only counts for a custom range without business hours
    expect(q.applyTimePeriodToEachDay).toBe(false);
    const parsed = RankingQuery.parse(Object.fromEntries(new URLSearchParams(rankingSearch(q))));
    expect(parsed.from).toBe(q.from);
    expect(parsed.to).toBe(q.to);
    expect(parsed.nodeIds).toEqual([]);
  });

  it('sends the selection, the location groups and the demographic tags as lists', () => {
    const q = rankingRequest(
      {
        ...base,
        nodeIds: ['0b6f4f55-8f8e-4a67-9d43-1b7b3b1d0c11', '5c1f0e2a-7a43-4c38-8d0f-4f3b2c1a9e22'],
        tags: { ...NO_TAGS, locationGroup: ['Malls', 'Outlets'], adults: true },
      },
      now,
    );
    const parsed = RankingQuery.parse(Object.fromEntries(new URLSearchParams(rankingSearch(q))));
    expect(parsed.nodeIds).toHaveLength(2);
    expect(parsed.locationGroups).toEqual(['Malls', 'Outlets']);
    expect(parsed.tags).toEqual(['adults']);
  });

  it('falls back to today for an invalid custom range, and keeps a valid one', () => {
    const bad = rankingRequest(
      {
        ...base,
        period: {
          ...base.period,
          selectedTimePeriod: { value: 'custom', dateFrom: '2025-06-10', dateTo: '2025-06-01' },
        },
      },
      now,
    );
    expect(bad.from).toBe('2025-06-18 00:00');
    const good = rankingRequest(
      {
        ...base,
        period: {
          isBusinessHoursOnlyMode: false,
          applyTimePeriodToEachDay: true,
          selectedTimePeriod: { value: 'custom', dateFrom: '2025-06-01 09:00', dateTo: '2025-06-05 12:00' },
        },
      },
      now,
    );
    expect(good).toMatchObject({
      from: '2025-06-01 09:00',
      to: '2025-06-05 12:00',
      applyTimePeriodToEachDay: true,
    });
  });
});
