import {
  ALERT_WINDOW_KPIS,
  AggregatedQueryBody,
  formatLocal,
  minuteOfDay,
  parseBusinessHours,
  toLocalMinute,
  weekdayOf,
  type AlertActiveHours,
  type AlertCondition,
  type Principal,
} from '@footfall/domain';
import type { AlertsQueryPort } from './alerts.notifier.js';

type WindowCondition = Extract<AlertCondition, { kind: 'window' }>;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a rule watches at this instant, in the node's own zone: always; inside the location's
 * business hours (a node without hours counts as open); or inside the custom daily window on its days.
 */
export function isActive(
  hours: AlertActiveHours,
  place: { time_zone: string; business_hours: unknown },
  at: Date,
): boolean {
  if (hours.mode === 'always') return true;
  const lm = toLocalMinute(place.time_zone, at.getTime());
  const day = weekdayOf(lm);
  const minute = minuteOfDay(lm);
  if (hours.mode === 'custom')
    return hours.days.includes(day) && minute >= minutesOf(hours.from) && minute < minutesOf(hours.to);
  if (place.business_hours === null || place.business_hours === undefined) return true;
  try {
    return parseBusinessHours(place.business_hours)[day]!.some(([a, b]) => minute >= a && minute < b);
  } catch {
    return true;
  }
}

/**
 * A window condition on one node: the KPI over the last `windowMinutes` local minutes before `at`
 * (the aggregated query, so the figure is the one dashboards show), against the value or the
 * objective pro-rated to the window (`threshold` % of it).
 */
export async function judgeWindow(
  query: AlertsQueryPort,
  principal: Principal,
  c: WindowCondition,
  nodeId: string,
  timeZone: string,
  at: Date,
): Promise<{ breached: boolean; value: number | null; threshold: number | null }> {
  const to = toLocalMinute(timeZone, at.getTime());
  const body = AggregatedQueryBody.parse({
    nodeIds: [nodeId],
    aggregateFunctionsByKpi: [{ kpi: c.kpi, aggregateFunctions: [ALERT_WINDOW_KPIS[c.kpi]] }],
    from: formatLocal(to - c.windowMinutes),
    to: formatLocal(to),
    aggregation: 'PT1M',
    includeObjectives: c.target === 'objective',
  });
  const series = (await query.aggregated(principal, body))[0];
  const value = series?.summary ?? null;
  let threshold: number | null = c.threshold;
  if (c.target === 'objective') {
    const objective = series?.objective?.summary ?? null;
    threshold = objective === null ? null : (objective * c.threshold) / 100;
  }
  if (value === null || threshold === null) return { breached: false, value, threshold };
  return { breached: c.comparison === 'above' ? value > threshold : value < threshold, value, threshold };
}
