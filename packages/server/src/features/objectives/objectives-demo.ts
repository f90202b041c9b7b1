import {
  addDays,
  formatLocal,
  localMinute,
  localParts,
  startOfDay,
  toLocalMinute,
  type ObjectiveInput,
  type Principal,
} from '@footfall/domain';
import type { Clock } from '../../platform/clock.js';
import type { QueryService } from '../analytics/query.service.js';
import type { ObjectivesService } from './objectives.service.js';

/** Each demo store's pace against its objective, so that the screens show ahead, on track and behind. */
const PACE = [0.92, 1.04, 1.12, 0.97, 1.2, 0.88];

/** Who seeds: the system, seeing the whole tree (no event-log actor but the start-up). */
const SYSTEM: Principal = {
  userId: '00000000-0000-0000-0000-000000000000',
  username: 'system',
  roles: ['superAdmin'],
  scopeNodeId: null,
};

/**
 * Demo objectives (issue 15): for each demo location, a monthly traffic-in objective for every month
 * from last January to next December, from its last 28 days' traffic (the demo history) scaled by a
 * pace per store, so that some stores are ahead and some behind. Only once: skipped when the demo
 * locations have objectives already.
 */
export async function seedDemoObjectives(
  deps: { clock: Clock; query: Pick<QueryService, 'aggregated'>; objectives: ObjectivesService },
  locations: { id: string; timezone: string }[],
): Promise<number> {
  if (locations.length === 0) return 0;
  const existing = await deps.objectives.list(SYSTEM, { nodeIds: locations.map((l) => l.id) });
  if (existing.length > 0) return 0;
  const now = toLocalMinute(locations[0]!.timezone, deps.clock.now().getTime());
  const to = startOfDay(now);
  const from = addDays(to, -28);
  const [series] = await deps.query.aggregated(SYSTEM, {
    nodeIds: locations.map((l) => l.id),
    aggregateFunctionsByKpi: [{ kpi: 'TrafficIn', aggregateFunctions: ['Sum'], metaTags: [] }],
    measurementProtocols: [],
    from: formatLocal(from),
    to: formatLocal(to),
    aggregation: 'P1D',
    gapFilled: true,
    businessHoursOnly: false,
    applyTimePeriodToEachDay: false,
    modes: ['current_period'],
    breakdownByNode: true,
    includeCompleteness: false,
    includeObjectives: false,
  });
  const year = localParts(now).year;
  const items: ObjectiveInput[] = [];
  locations.forEach((l, i) => {
    const daily = (series?.nodes?.find((n) => n.nodeId === l.id)?.summary ?? 0) / 28;
    if (daily <= 0) return;
    const pace = PACE[i % PACE.length]!;
    for (let y = year - 1; y <= year + 1; y++)
      for (let m = 1; m <= 12; m++) {
        const days = (localMinute(y, m + 1, 1) - localMinute(y, m, 1)) / 1440;
        const mm = String(m).padStart(2, '0');
        items.push({
          nodeId: l.id,
          kpi: 'TrafficIn',
          periodType: 'month',
          startDate: `${y}-${mm}-01`,
          endDate: `${y}-${mm}-${String(days).padStart(2, '0')}`,
          value: Math.round((daily * days) / pace / 10) * 10,
          weekdayValues: null,
        });
      }
  });
  if (items.length === 0) return 0;
  await deps.objectives.set(SYSTEM, { items }, true);
  return items.length;
}
