import {
  competitionRanks,
  customRangeAggregation,
  rankingDelta,
  rankingDeltaPercent,
  DEMOGRAPHIC_KPIS,
  findFormula,
  parseLocal,
  rankingFunctionOf,
  divisorKpisOf,
  routeAccess,
  type AggregatedQueryBody,
  type AggregatedSeries,
  type MobileSettings,
  type Mode,
  type Principal,
  type RankingQuery,
  type RankingResponse,
  type RankingRow,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import { badRequest, forbidden } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { QueryService } from '../analytics/query.service.js';
import { findOwnLocationId, findRootIds, findSelectedLocations } from './ranking.repository.js';

/** The aggregated query takes at most 500 nodes a call; a ranking asks in chunks of that size. */
const CHUNK = 500;
/** A ranking of more locations than this is refused (ask for a smaller selection). */
export const MAX_RANKED_LOCATIONS = 5_000;
const MODES: Mode[] = ['current_period', 'compared_last_period', 'compared_last_year'];

export interface RankingDeps {
  db: Db;
  scope: ScopeService;
  /** the aggregated query: the ranking's figures are its per-node summaries, so the two cannot differ */
  query: Pick<QueryService, 'aggregated'>;
  /** the signed-in user's mobile settings, for the ranking access flag (spec section 6) */
  users: { current(principal: Principal): Promise<{ mobileSettings: MobileSettings }> };
}

export function createRankingService(deps: RankingDeps) {
  const { db, scope } = deps;

  /** The selection's nodes, each checked against the caller's scope (404 outside it). */
  async function selectionOf(principal: Principal, nodeIds: readonly string[]): Promise<string[]> {
    if (nodeIds.length === 0) {
      if (principal.scopeNodeId !== null) return [principal.scopeNodeId];
      return (await scope.visibleNodeIds(principal)) === null ? findRootIds(db) : [];
    }
    const ids = [...new Set(nodeIds.map((id) => id.toLowerCase()))];
    for (const id of ids) await scope.assertInScope(principal, id, 'Node');
    return ids;
  }

  return {
    /** GET /api/Ranking */
    async rank(principal: Principal, q: RankingQuery): Promise<RankingResponse> {
      const { mobileSettings } = await deps.users.current(principal);
      if (!routeAccess.ranking({ roles: principal.roles, mobileSettings }))
        throw forbidden('Your account has no access to the ranking');
      const from = parseLocal(q.from)!;
      const to = parseLocal(q.to)!;
      if (to <= from) throw badRequest('"to" must be later than "from"', 'to');
      const aggregation = q.aggregation ?? customRangeAggregation({ from, to });

      const selection = await selectionOf(principal, q.nodeIds);
      let locations = await findSelectedLocations(db, selection);
      if (q.locationGroups.length > 0) {
        const wanted = new Set(q.locationGroups.map((g) => g.toLowerCase()));
        locations = locations.filter((l) => l.location_group && wanted.has(l.location_group.toLowerCase()));
      }
      if (locations.length > MAX_RANKED_LOCATIONS)
        throw badRequest(
          `More than ${MAX_RANKED_LOCATIONS} locations: choose a smaller selection`,
          'nodeIds',
        );

      const fn = rankingFunctionOf(q.kpi);
      const metaTags = DEMOGRAPHIC_KPIS.includes(q.kpi) ? q.tags : [];
      // a ratio whose divisor summed to zero (no traffic that period) has no value, not 0 %
      const formula = findFormula(q.kpi);
      const divisors = formula?.derived ? divisorKpisOf(formula.expression) : [];
      const figures = new Map<string, Record<Mode, number | null>>();
      const divisorFigures = new Map<string, Map<string, Record<Mode, number | null>>>(
        divisors.map((d) => [d, new Map()]),
      );
      for (let i = 0; i < locations.length; i += CHUNK) {
        const chunk = locations.slice(i, i + CHUNK);
        const body: AggregatedQueryBody = {
          nodeIds: chunk.map((l) => l.id),
          aggregateFunctionsByKpi: [
            { kpi: q.kpi, aggregateFunctions: [fn], metaTags },
            ...divisors.map((kpi) => ({ kpi, aggregateFunctions: ['Sum' as const], metaTags: [] })),
          ],
          measurementProtocols: [],
          from: q.from,
          to: q.to,
          aggregation,
          gapFilled: true,
          businessHoursOnly: q.businessHoursOnly,
          applyTimePeriodToEachDay: q.applyTimePeriodToEachDay,
          includeDays: q.includeDays.length > 0 ? q.includeDays : null,
          modes: MODES,
          breakdownByNode: true,
          includeCompleteness: false,
          includeObjectives: false,
        };
        const answer = await deps.query.aggregated(principal, body);
        collect(
          answer.filter((a) => a.kpi === q.kpi),
          figures,
        );
        for (const [kpi, into] of divisorFigures)
          collect(
            answer.filter((a) => a.kpi === kpi),
            into,
          );
      }
      /** the KPI's value in `mode`, or null when a divisor of its formula is zero or missing */
      const valueOf = (nodeId: string, mode: Mode): number | null => {
        const v = figures.get(nodeId)?.[mode] ?? null;
        if (v === null) return null;
        for (const into of divisorFigures.values()) {
          const d = into.get(nodeId)?.[mode] ?? null;
          if (d === null || d === 0) return null;
        }
        return v;
      };

      const rows = locations.map((l) => {
        return {
          location: l,
          value: valueOf(l.id, 'current_period'),
          previous: valueOf(l.id, 'compared_last_period'),
          lastYear: valueOf(l.id, 'compared_last_year'),
        };
      });
      const ranks = competitionRanks(
        rows.map((r) => r.value),
        q.order,
      );
      const previousRanks = competitionRanks(
        rows.map((r) => r.previous),
        q.order,
      );
      const own = principal.scopeNodeId ? await findOwnLocationId(db, principal.scopeNodeId) : null;
      const out: RankingRow[] = rows.map((r, i) => {
        const rank = ranks[i] ?? null;
        const previousRank = previousRanks[i] ?? null;
        return {
          nodeId: r.location.id,
          name: r.location.name,
          locationGroup: r.location.location_group,
          rank,
          previousRank,
          rankChange: rank !== null && previousRank !== null ? previousRank - rank : null,
          value: r.value,
          previousValue: r.previous,
          lastYearValue: r.lastYear,
          deltaPrevious: rankingDelta(r.value, r.previous),
          deltaPreviousPercent: rankingDeltaPercent(r.value, r.previous),
          deltaLastYear: rankingDelta(r.value, r.lastYear),
          deltaLastYearPercent: rankingDeltaPercent(r.value, r.lastYear),
          own: r.location.id === own,
        };
      });
      out.sort(
        (a, b) =>
          (a.rank ?? Infinity) - (b.rank ?? Infinity) ||
          a.name.localeCompare(b.name) ||
          a.nodeId.localeCompare(b.nodeId),
      );
      return {
        kpi: q.kpi,
        aggregateFunction: fn,
        isPercentage: formula?.isPercentage ?? false,
        order: q.order,
        from: q.from,
        to: q.to,
        aggregation,
        rows: out,
      };
    },
  };
}

/** Each node's summary per mode, from the aggregated answer's per-node breakdown. */
function collect(answer: AggregatedSeries[], into: Map<string, Record<Mode, number | null>>) {
  for (const series of answer) {
    for (const n of series.nodes ?? []) {
      const entry = into.get(n.nodeId) ?? {
        current_period: null,
        compared_last_period: null,
        compared_last_year: null,
      };
      entry[series.mode] = n.summary;
      into.set(n.nodeId, entry);
    }
  }
}

export type RankingService = ReturnType<typeof createRankingService>;
