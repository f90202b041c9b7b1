import type { Need } from './aggregated-request.js';
import type { NodeKpiRow, OwnSeriesRow, RequestedNodeRow } from './aggregated-sources.repository.js';
import type { SourceSet } from './aggregated-params.js';

/**
 * Which rows each granularity reads, for each need and requested node. Figures land in group
 * `need * NODE_SLOTS + node index`, so one SQL statement serves every KPI and node of a query.
 *
 * - locations and groups: their node total (node_kpi) for sums over days, and over 15-minute slots
 *   when all members share a time zone; otherwise, and for raw edges and per-series statistics,
 *   the member series, each read in its own zone;
 * - a node total of one series (a store's own Sales, a one-door store's traffic) keeps no rows of its
 *   own (migration 0990: they copied that series' rollups): its series is read, as a device's;
 * - devices: their own series.
 */
export const NODE_SLOTS = 1024;
export const groupOf = (need: number, node: number) => need * NODE_SLOTS + node;

export interface RequestedNode extends RequestedNodeRow {
  index: number;
  /** not inside another requested node: counted in the combined figures */
  top: boolean;
}

export interface SeriesInfo {
  key: number;
  timeZone: string;
  intervalSeconds: number;
}

export interface SourcePlan {
  nodeDay: SourceSet;
  node15m: SourceSet;
  /** per-group sums from series */
  seriesSums: SourceSet;
  /** member series of multi-zone node totals: per-group sums over 15-minute slots */
  multiZone15m: SourceSet;
  /** every series read for sums, for raw edges */
  rawSums: SourceSet;
  /** per-series statistics */
  stats: SourceSet;
  zones: Set<string>;
  /** the longest interval of any series read, in seconds */
  maxIntervalSeconds: number;
}

const emptySet = (): SourceSet => ({ keys: [], timeZones: [], groups: [] });
const push = (set: SourceSet, key: number, timeZone: string, group: number) => {
  set.keys.push(key);
  set.timeZones.push(timeZone);
  set.groups.push(group);
};
const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

/** Node totals of children, by parent node id (to split totals spanning several zones). */
export type ChildTotals = ReadonlyMap<string, readonly NodeKpiRow[]>;

/**
 * A total whose members live in several zones cannot be read by 15-minute slots as a whole (one UTC
 * slot is a different local time in each zone): it is read through its children's totals that lie in
 * one zone (a region per country), recursively, and member series no such child covers one by one.
 */
function splitByZone(
  total: NodeKpiRow,
  children: ChildTotals,
): { totals: { key: number; zone: string }[]; loose: SeriesInfo[] } {
  const zones = new Set(total.time_zones);
  // a total of one series keeps no rows: that series is read by 15-minute slots instead
  if (total.series_keys.length === 1)
    return {
      totals: [],
      loose: [
        {
          key: total.series_keys[0]!,
          timeZone: total.time_zones[0]!,
          intervalSeconds: total.interval_seconds[0]!,
        },
      ],
    };
  if (zones.size <= 1)
    return {
      totals: total.series_keys.length ? [{ key: total.key, zone: total.time_zones[0]! }] : [],
      loose: [],
    };
  const out = { totals: [] as { key: number; zone: string }[], loose: [] as SeriesInfo[] };
  const covered = new Set<number>();
  for (const child of children.get(total.node_id) ?? []) {
    if (
      child.measurement_protocol !== total.measurement_protocol ||
      !sameTags(child.meta_tags, total.meta_tags)
    )
      continue;
    const part = splitByZone(child, children);
    out.totals.push(...part.totals);
    out.loose.push(...part.loose);
    for (const k of child.series_keys) covered.add(k);
  }
  total.series_keys.forEach((key, i) => {
    if (!covered.has(key))
      out.loose.push({ key, timeZone: total.time_zones[i]!, intervalSeconds: total.interval_seconds[i]! });
  });
  return out;
}

export function planSources(
  needs: readonly Need[],
  nodes: readonly RequestedNode[],
  nodeKpis: readonly NodeKpiRow[],
  ownSeries: readonly OwnSeriesRow[],
  includeNested: boolean,
  children: ChildTotals = new Map(),
): SourcePlan {
  const plan: SourcePlan = {
    nodeDay: emptySet(),
    node15m: emptySet(),
    seriesSums: emptySet(),
    multiZone15m: emptySet(),
    rawSums: emptySet(),
    stats: emptySet(),
    zones: new Set(),
    maxIntervalSeconds: 0,
  };
  needs.forEach((need, n) => {
    for (const node of nodes) {
      if (!includeNested && !node.top) continue;
      // only the combined figures asked for: every top node adds up in the first node's group
      // (their subtrees are disjoint), so the SQL sums across nodes instead of returning rows per node
      const group = groupOf(n, includeNested ? node.index : 0);
      const series: SeriesInfo[] = [];
      let total: NodeKpiRow | undefined;
      if (node.type === 'device') {
        for (const s of ownSeries) {
          if (
            s.node_id === node.id &&
            s.measurement_protocol === need.protocol &&
            sameTags(s.meta_tags, need.metaTags)
          )
            series.push({ key: s.key, timeZone: s.time_zone, intervalSeconds: s.interval_seconds });
        }
      } else {
        total = nodeKpis.find(
          (k) =>
            k.node_id === node.id &&
            k.measurement_protocol === need.protocol &&
            sameTags(k.meta_tags, need.metaTags),
        );
        total?.series_keys.forEach((key, i) =>
          series.push({ key, timeZone: total!.time_zones[i]!, intervalSeconds: total!.interval_seconds[i]! }),
        );
      }
      for (const s of series) {
        plan.zones.add(s.timeZone);
        plan.maxIntervalSeconds = Math.max(plan.maxIntervalSeconds, s.intervalSeconds);
      }
      if (need.stats) {
        for (const s of series) push(plan.stats, s.key, s.timeZone, group);
        continue;
      }
      for (const s of series) push(plan.rawSums, s.key, s.timeZone, group);
      // a total of one series keeps no rows of its own: it is read through its series, as a device
      if (total && series.length > 1) {
        push(plan.nodeDay, total.key, '', group);
        const split = splitByZone(total, children);
        for (const t of split.totals) push(plan.node15m, t.key, t.zone, group);
        for (const s of split.loose) push(plan.multiZone15m, s.key, s.timeZone, group);
      } else {
        for (const s of series) push(plan.seriesSums, s.key, s.timeZone, group);
      }
    }
  });
  return plan;
}
