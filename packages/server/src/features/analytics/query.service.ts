import {
  customRangeAggregation,
  dayIndex,
  eachDayWindow,
  enumerateBuckets,
  formatLocal,
  isAdditiveKpi,
  type ObjectiveFigures,
  fixedMinutes,
  parseLocal,
  springForwardGaps,
  toLocalMinute,
  type AggregatedQueryBody,
  type AggregatedSeries,
  type Aggregation,
  type LocalRange,
  isNodeVisible,
  type Principal,
  type QuerySeries,
  type TimeFilters,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { MonitoringService } from '../monitoring/monitoring.service.js';
import { resolveKpis } from './aggregated-request.js';
import {
  CellRegistry,
  planForecast,
  planModes,
  type ForecastPlan,
  type ModePlan,
} from './aggregated-modes.js';
import { buildSegments, clipToIntervals, splitByGranularity } from './query-plan.js';
import { planSources, type RequestedNode } from './aggregated-sources.js';
import { Accumulator } from './aggregated-accumulator.js';
import { readFigures } from './aggregated-read.js';
import { figuresFor, type Prepared } from './aggregated-figures.js';
import { findChildNodeKpis, findQuerySources, type NodeKpiRow } from './aggregated-sources.repository.js';

/** Beyond this, ask for a coarser aggregation. */
export const MAX_BUCKETS = 20_000;
const MAX_RANGE_MINUTES = 50 * 366 * 1440;
/** Forecasts reach the end of the seventh day after today (spec section 9). */
export const FORECAST_HORIZON_DAYS = 7;

/** Data completeness per requested node (features/monitoring), for `includeCompleteness`. */
export type CompletenessSource = Pick<MonitoringService, 'completeness'>;

/** Objectives pro-rated to ranges (features/objectives), for `includeObjectives`. */
export interface ObjectivesSource {
  objectivesFor(
    nodeIds: string[],
    kpi: string,
    ranges: LocalRange[],
    filters?: TimeFilters & { window: [number, number] | null },
  ): Promise<{ nodeId: string; values: (number | null)[] }[]>;
}

export function createQueryService(deps: {
  db: Db;
  scope?: ScopeService;
  clock: Clock;
  monitoring?: CompletenessSource;
  objectives?: ObjectivesSource;
  /**
   * The instant before which raw minutes may be gone (RAW_RETENTION_DAYS, features/timeseries
   * raw-retention); null or absent: kept forever.
   */
  rawCutoff?: () => Date | null;
}) {
  const { db, clock } = deps;

  async function prepare(
    principal: Principal,
    body: AggregatedQueryBody,
    breakdown: boolean,
  ): Promise<Prepared> {
    const from = parseLocal(body.from)!;
    const to = parseLocal(body.to)!;
    if (to <= from) throw badRequest('"to" must be later than "from"', 'to');
    if (to - from > MAX_RANGE_MINUTES) throw badRequest('The range may not exceed 50 years', 'to');
    const range = { from, to };
    if (body.applyTimePeriodToEachDay && !eachDayWindow(range))
      throw badRequest(
        'With the period applied to each day, the end time must be after the start time',
        'to',
      );
    const asked = body.aggregation ?? customRangeAggregation(range);
    let aggregation: Aggregation = asked === 'PT0S' ? 'PT1M' : asked;
    const minutes = fixedMinutes(aggregation);
    if (minutes !== null && (to - from) / minutes > MAX_BUCKETS)
      throw badRequest(`More than ${MAX_BUCKETS} buckets: choose a coarser aggregation`, 'aggregation');
    const { items, needs } = resolveKpis(body);

    const nodeIds = [...new Set(body.nodeIds.map((id) => id.toLowerCase()))];
    const protocols = [...new Set(needs.map((n) => n.protocol))];
    // one round trip: the nodes, their totals, devices' own series, children's totals
    const {
      nodes: rows,
      nodeKpis,
      ownSeries,
      children: firstChildren,
    } = await findQuerySources(db, nodeIds, protocols);
    const nodes: RequestedNode[] = nodeIds.map((id, index) => {
      const row = rows.find((r) => r.id === id);
      // the tenancy rule of ScopeService.isInScope, checked for all requested nodes from one walk up
      const visible = row && isNodeVisible(principal, row.ancestors);
      if (!row || !visible) throw notFound('Node');
      return { ...row, index, top: row.requested_ancestors.length === 0 };
    });
    // totals spanning several zones are read by 15-minute slots through their children's totals
    const children = new Map<string, NodeKpiRow[]>();
    let found = firstChildren;
    for (let depth = 0; found.length > 0 && depth < 8; depth++) {
      for (const row of found) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
      const deeper = found.filter((k) => new Set(k.time_zones).size > 1).map((k) => k.node_id);
      found = deeper.length > 0 ? await findChildNodeKpis(db, [...new Set(deeper)], protocols) : [];
    }
    const sources = planSources(needs, nodes, nodeKpis, ownSeries, breakdown, children);
    const zones = new Set(sources.zones);
    for (const n of nodes) if (n.time_zone) zones.add(n.time_zone);
    if (zones.size === 0) zones.add('UTC');
    const instant = clock.now().getTime();
    const now = Math.max(...[...zones].map((z) => toLocalMinute(z, instant)));

    let input = {
      // only sub-day buckets can lie wholly in a spring-forward gap; P1W/P1M/P1Y (no fixed length)
      // used to compute them too (null < 1440 is true), a daily Intl scan of the whole range per zone
      gaps: minutes !== null && minutes < 1440 ? commonGaps([...zones], range) : [],
      range,
      aggregation,
      filters: {
        businessHoursOnly: body.businessHoursOnly,
        applyTimePeriodToEachDay: body.applyTimePeriodToEachDay,
        includeDays: body.includeDays ?? null,
      },
      modes: body.modes,
    };
    let registry = new CellRegistry();
    let modes = planModes(input, registry);
    // minute buckets reaching back past raw retention (the range or a compared one): the whole answer
    // comes by 15-minute buckets from the rollups, flagged, rather than as minutes that read zero
    let lowered = false;
    const cutoff = deps.rawCutoff?.() ?? null;
    if (cutoff && minutes !== null && minutes < 15) {
      const cutoffLocal = Math.max(...[...zones].map((z) => toLocalMinute(z, cutoff.getTime())));
      const earliest = Math.min(...registry.pieces.map((piece) => piece.from));
      if (earliest < cutoffLocal) {
        lowered = true;
        aggregation = 'PT15M';
        const aligned = { from: Math.floor(from / 15) * 15, to: Math.ceil(to / 15) * 15 };
        input = { ...input, range: aligned, aggregation, gaps: commonGaps([...zones], aligned) };
        registry = new CellRegistry();
        modes = planModes(input, registry);
      }
    }
    const forecasts = new Map<ModePlan, ForecastPlan>();
    if (items.some((i) => i.kind === 'forecast'))
      for (const m of modes)
        forecasts.set(m, planForecast(m, input, dayIndex(now), FORECAST_HORIZON_DAYS, registry));

    const segments = buildSegments(registry.pieces);
    // node totals have hourly rows; series are read by 15-minute slots
    const split = splitByGranularity(segments, { hours: sources.nodeDay.keys.length > 0 });
    const acc = new Accumulator(segments);
    await readFigures(db, split, sources, body.businessHoursOnly, acc);
    return {
      body,
      aggregation,
      items,
      nodes,
      modes,
      forecasts,
      acc,
      now,
      maxIntervalSeconds: sources.maxIntervalSeconds,
      lowered,
    };
  }

  /**
   * Per KPI: each requested node's objective over the range and over each bucket (the buckets of the
   * answer: `enumerateBuckets`, keyed like its data), and the top nodes' together (summed for an
   * additive KPI; for a rate, only a single top node has one).
   */
  async function objectiveFigures(p: Prepared) {
    const out = new Map<string, { combined: ObjectiveFigures; perNode: Map<string, ObjectiveFigures> }>();
    if (!deps.objectives) return out;
    const range = { from: parseLocal(p.body.from)!, to: parseLocal(p.body.to)! };
    const buckets = enumerateBuckets(range, p.aggregation);
    const ranges = [range, ...buckets];
    const ids = p.nodes.map((n) => n.id);
    const top = p.nodes.filter((n) => n.top).map((n) => n.id);
    for (const kpi of new Set(p.items.map((i) => i.kpi))) {
      // the objective covers what the actual covers: the query's business hours, weekdays, each-day window
      const rows = await deps.objectives.objectivesFor(ids, kpi, ranges, {
        businessHoursOnly: p.body.businessHoursOnly,
        applyTimePeriodToEachDay: p.body.applyTimePeriodToEachDay,
        includeDays: p.body.includeDays ?? null,
        window: p.body.applyTimePeriodToEachDay ? eachDayWindow(range) : null,
      });
      const figures = (values: (number | null)[]): ObjectiveFigures => ({
        summary: values[0] ?? null,
        data: buckets.map((b, i) => ({ key: formatLocal(b.from), value: values[i + 1] ?? null })),
      });
      const perNode = new Map(rows.map((r) => [r.nodeId, figures(r.values)]));
      const topRows = rows.filter((r) => top.includes(r.nodeId));
      const additive = isAdditiveKpi(kpi);
      const combinedValues = ranges.map((_, i) => {
        if (!additive) return topRows.length === 1 ? (topRows[0]!.values[i] ?? null) : null;
        const vs = topRows.map((r) => r.values[i]).filter((v): v is number => v !== null && v !== undefined);
        return vs.length > 0 ? vs.reduce((a, b) => a + b, 0) : null;
      });
      out.set(kpi, { combined: figures(combinedValues), perNode });
    }
    return out;
  }

  return {
    /** POST /api/TimeSeries/AggregatedTimeSeries */
    async aggregated(
      principal: Principal,
      body: AggregatedQueryBody,
      /**
       * nodeData (with breakdownByNode; callers inside the server): only each node's buckets are
       * wanted - the combined figures come back empty (`summary` null, `data` []) and so do the
       * nodes' summaries, which are most of the reads of a small part of a long report.
       */
      options: { nodeData?: boolean } = {},
    ): Promise<AggregatedSeries[]> {
      const p = await prepare(principal, body, body.breakdownByNode);
      const nodeData = options.nodeData === true && body.breakdownByNode;
      const top = p.nodes.filter((n) => n.top).map((n) => n.index);
      const completeness =
        body.includeCompleteness && deps.monitoring
          ? await deps.monitoring.completeness(
              p.nodes.map((n) => n.id),
              body.from,
              body.to,
            )
          : undefined;
      const objectives = body.includeObjectives ? await objectiveFigures(p) : undefined;
      const out: AggregatedSeries[] = [];
      for (const item of p.items) {
        for (const plan of p.modes) {
          const combined = nodeData ? { summary: null, data: [] } : figuresFor(p, item, plan, top);
          const goal = plan.mode === 'current_period' ? objectives?.get(item.kpi) : undefined;
          out.push({
            ...(completeness ? { completeness } : {}),
            ...(goal ? { objective: goal.combined } : {}),
            kpi: item.kpi,
            aggregateFunction: item.fn,
            mode: plan.mode,
            isPercentage: item.isPercentage,
            summary: combined.summary,
            metaTags: item.metaTags,
            aggregation: p.aggregation,
            ...(p.lowered ? { isLowerAggregation: true } : {}),
            data: combined.data,
            ...(body.breakdownByNode
              ? {
                  nodes: p.nodes.map((n) => {
                    const f = figuresFor(p, item, plan, [n.index], !nodeData);
                    const own = goal?.perNode.get(n.id);
                    return {
                      nodeId: n.id,
                      summary: f.summary,
                      data: f.data,
                      ...(own ? { objective: own } : {}),
                    };
                  }),
                }
              : {}),
          });
        }
      }
      return out;
    },

    /** POST /api/TimeSeries/query: the Series entity, one measurement per requested node and bucket. */
    async query(principal: Principal, body: AggregatedQueryBody): Promise<QuerySeries[]> {
      const p = await prepare(principal, body, true);
      const top = p.nodes.filter((n) => n.top).map((n) => n.index);
      const bucketSeconds = (fixedMinutes(p.aggregation) ?? Infinity) * 60;
      const out: QuerySeries[] = [];
      for (const item of p.items) {
        for (const plan of p.modes) {
          const combined = figuresFor(p, item, plan, top);
          const perNode = p.nodes.map((n) => ({
            node: n,
            byKey: new Map(figuresFor(p, item, plan, [n.index]).data.map((d) => [d.key, d.value])),
          }));
          out.push({
            kpi: item.kpi,
            measurementProtocol: item.protocol,
            mode: plan.mode,
            aggregation: p.aggregation,
            aggregationFunction: item.fn,
            isLowerAggregation: p.lowered || bucketSeconds < p.maxIntervalSeconds,
            isPercentage: item.isPercentage,
            summary: combined.summary,
            lastObservationOccurredOn: combined.lastObservation,
            dataPoints: combined.data.map((d) => ({
              occurredOn: d.key,
              measurements: perNode.map(({ node, byKey }) => ({
                value: byKey.get(d.key) ?? null,
                nodeId: node.id,
                requestedId: node.id,
                metaTags: item.metaTags,
              })),
            })),
          });
        }
      }
      return out;
    },
  };
}

/** Wall-clock stretches missing in every zone. */
function commonGaps(zones: string[], range: LocalRange): LocalRange[] {
  let common: LocalRange[] | null = null;
  for (const zone of zones) {
    const gaps = springForwardGaps(zone, range.from, range.to);
    common = common === null ? gaps : common.flatMap((c) => clipToIntervals(c, gaps));
    if (common.length === 0) break;
  }
  return common ?? [];
}

export type QueryService = ReturnType<typeof createQueryService>;
