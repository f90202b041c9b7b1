import { expect } from 'vitest';
import type { AggregatedQueryInput, AggregatedSeries } from '@footfall/domain';
import type { TestApp } from './harness.js';

/**
 * The first series of an aggregated query (TrafficIn, Sum unless the body says otherwise), through
 * the HTTP route as a client asks it; any other status than 200 fails the test with the body.
 */
export async function trafficAnswer(
  t: TestApp,
  headers: Record<string, string>,
  body: Partial<AggregatedQueryInput>,
): Promise<AggregatedSeries> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/TimeSeries/AggregatedTimeSeries',
    headers,
    payload: { aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'] }], ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AggregatedSeries[])[0]!;
}

/** A series' values by the time of day of their bucket ('HH:mm'). */
export const valuesByTime = (s: AggregatedSeries) =>
  Object.fromEntries(s.data.map((d) => [d.key.slice(11), d.value]));
