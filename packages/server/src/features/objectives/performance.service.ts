import {
  achieved,
  DEMOGRAPHIC_KPIS,
  FORECAST_OF,
  addDays,
  findFormula,
  formatLocal,
  isAdditiveKpi,
  parseLocal,
  performanceStatus,
  projection,
  routeAccess,
  startOfDay,
  toLocalMinute,
  type MobileSettings,
  type PerformanceQuery,
  type PerformanceResponse,
  type PerformanceRow,
  type Principal,
} from '@footfall/domain';
import type { Clock } from '../../platform/clock.js';
import { badRequest, forbidden } from '../../platform/http/errors.js';
import { FORECAST_HORIZON_DAYS, type QueryService } from '../analytics/query.service.js';
import type { ObjectivesService } from './objectives.service.js';

/**
 * GET /api/Performance (issue 15): each requested node against its objectives over [from, to).
 * The actual figures are the aggregated query's (breakdownByNode, the same call dashboards make) and
 * its `includeObjectives` gives the period's objective, so the screen and a dashboard cannot disagree;
 * the objective to date (up to now in the node's zone) and today's come from the same pro-rating.
 * The projection of traffic adds the forecast KPI (ForecastTrafficIn/Out) over the rest of the period
 * when the period ends within the forecast horizon; otherwise the rest of the objective at the pace
 * achieved so far.
 */
export function createPerformanceService(deps: {
  clock: Clock;
  query: Pick<QueryService, 'aggregated'>;
  objectives: Pick<ObjectivesService, 'objectivesFor' | 'zonesOf'>;
  users: { current(principal: Principal): Promise<{ mobileSettings: MobileSettings }> };
}) {
  return {
    async get(principal: Principal, q: PerformanceQuery): Promise<PerformanceResponse> {
      const { mobileSettings } = await deps.users.current(principal);
      if (!routeAccess.performance({ roles: principal.roles, mobileSettings }))
        throw forbidden('Your account has no access to performance');
      const from = parseLocal(q.from)!;
      const to = parseLocal(q.to)!;
      if (to <= from) throw badRequest('"to" must be later than "from"', 'to');
      const formula = findFormula(q.kpi)!;
      const additive = isAdditiveKpi(q.kpi);
      const nodeIds = [...new Set(q.nodeIds.map((id) => id.toLowerCase()))];
      const fn = formula.aggregateFunctions[0] ?? 'Sum';
      // the tag filter narrows the people counted (traffic), as on the ranking and the dashboards
      const metaTags = DEMOGRAPHIC_KPIS.includes(q.kpi) ? q.tags : [];
      const ask = (f: string, t: string, ids = nodeIds, kpi = q.kpi) =>
        deps.query.aggregated(principal, {
          nodeIds: ids,
          aggregateFunctionsByKpi: [
            {
              kpi,
              aggregateFunctions: [kpi === q.kpi ? fn : 'Sum'],
              metaTags: kpi === q.kpi ? metaTags : [],
            },
          ],
          measurementProtocols: [],
          from: f,
          to: t,
          gapFilled: true,
          businessHoursOnly: false,
          applyTimePeriodToEachDay: false,
          modes: ['current_period'],
          breakdownByNode: true,
          includeCompleteness: false,
          includeObjectives: true,
        });
      // the query checks every node's scope (404) before anything else is read
      const [period] = await ask(q.from, q.to);
      const instant = deps.clock.now().getTime();
      const zones = await deps.objectives.zonesOf(nodeIds);
      const nowOf = (id: string) => toLocalMinute(zones.get(id) ?? 'UTC', instant);
      const todayOf = (id: string) => startOfDay(nowOf(id));
      const latestNow = Math.max(...nodeIds.map(nowOf));
      // today is each node's own local day: one query per distinct day (zones a day apart differ)
      const todays = new Map<number, string[]>();
      for (const id of nodeIds) todays.set(todayOf(id), [...(todays.get(todayOf(id)) ?? []), id]);
      const todayFigures = new Map<
        string,
        { summary: number | null; objective?: { summary: number | null } }
      >();
      for (const [t, ids] of todays) {
        const [day] = await ask(formatLocal(t), formatLocal(addDays(t, 1)), ids);
        for (const n of day!.nodes!) todayFigures.set(n.nodeId, n);
      }
      // traffic: the rest of the period from the forecast KPI, when the period ends within its horizon
      // (the forecast counts everyone: with a tag filter the rest comes from the pace so far instead)
      const forecastKpi =
        metaTags.length > 0 ? undefined : Object.keys(FORECAST_OF).find((k) => FORECAST_OF[k] === q.kpi);
      const forecastRest = new Map<string, number | null>();
      if (forecastKpi) {
        const rests = new Map<number, string[]>();
        for (const id of nodeIds) {
          const restFrom = Math.ceil(Math.max(nowOf(id), from) / 15) * 15;
          if (to > addDays(todayOf(id), FORECAST_HORIZON_DAYS + 1)) continue;
          rests.set(restFrom, [...(rests.get(restFrom) ?? []), id]);
        }
        for (const [restFrom, ids] of rests) {
          if (restFrom >= to) {
            for (const id of ids) forecastRest.set(id, 0);
            continue;
          }
          const [f] = await ask(formatLocal(restFrom), formatLocal(to), ids, forecastKpi);
          for (const n of f!.nodes!) forecastRest.set(n.nodeId, n.summary);
        }
      }
      const extra = await deps.objectives.objectivesFor(nodeIds, q.kpi, (id) => {
        const now = Math.min(Math.max(nowOf(id), from), to);
        const t = todayOf(id);
        return [
          { from, to: now },
          { from: t, to: addDays(t, 1) },
          { from: t, to: nowOf(id) },
        ];
      });
      const rows: PerformanceRow[] = nodeIds.map((id) => {
        const node = period!.nodes!.find((n) => n.nodeId === id)!;
        const todayNode = todayFigures.get(id)!;
        const e = extra.find((x) => x.nodeId === id)!;
        const actual = node.summary;
        const objective = node.objective?.summary ?? null;
        const objectiveToDate = additive ? (e.values[0] ?? null) : objective;
        const achievedPercent = achieved(actual, objectiveToDate);
        const gap = actual !== null && objectiveToDate !== null ? actual - objectiveToDate : null;
        const projected = projection({
          additive,
          actual,
          objectiveToDate,
          objective,
          forecastRest: forecastRest.get(id) ?? null,
        });
        const todayObjective = todayNode.objective?.summary ?? null;
        const todaySoFar = additive ? (e.values[2] ?? null) : todayObjective;
        return {
          nodeId: id,
          nodeName: e.nodeName,
          actual,
          objective,
          achievedPercent,
          gap,
          objectiveToDate,
          projection: projected,
          projectedPercent: achieved(projected, objective),
          status: performanceStatus(achievedPercent),
          today: {
            actual: todayNode.summary,
            objectiveSoFar: todaySoFar,
            objective: todayObjective,
            achievedPercent: achieved(todayNode.summary, todaySoFar),
          },
        };
      });
      return {
        kpi: q.kpi,
        isPercentage: formula.isPercentage,
        additive,
        from: q.from,
        to: q.to,
        now: formatLocal(latestNow),
        rows,
      };
    },
  };
}
export type PerformanceService = ReturnType<typeof createPerformanceService>;
