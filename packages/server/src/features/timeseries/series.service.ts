import {
  AGGREGATE_FUNCTIONS,
  ALL_DAY,
  BASE_KPIS,
  MEASUREMENT_PROTOCOLS,
  isTimeZone,
  parseBusinessHours,
  type CreateTimeSeriesBody,
  type Principal,
  type TimeSeriesInfo,
  type TimeSeriesView,
  type UpdateTimeSeriesInfoBody,
  type WeekWindows,
} from '@footfall/domain';
import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import {
  addMember,
  ancestorChains,
  distinctMetaTags,
  dropMemberships,
  deleteEmptyNodeKpis,
  ensureNodeKpi,
  findSeries,
  findSeriesByIdentity,
  findUntaggedSeries,
  hasStaleNodes,
  insertSeries,
  insertUntaggedSeries,
  joinUntaggedTotals,
  listSeries,
  markStale,
  nodeKpiKeysOf,
  seriesOnNodes,
  setBasis,
  sharedBy,
  sharersOf,
  subtreeNodeIds,
  takeStaleNodes,
  totalsGrownFromOne,
  updateSeriesInfo,
  type BasisRow,
  type SeriesRow,
} from './series.repository.js';
import { lockForRebuild, rebuildNodeTotals, rebuildSeriesRollups } from './ingest.rollup.repository.js';
import { deviceTimeZone } from './sensors/sensors.repository.js';

export type SeriesCreatedListener = (series: {
  id: string;
  key: number;
  nodeId: string;
  measurementProtocol: string;
  metaTags: string[];
}) => Promise<void>;

type Chain = { id: string; type: string; timezone: string | null; businessHours: unknown }[];
type Q = Db | Transaction<Database>;

/** int4multirange literal of one weekday's windows, in PostgreSQL's canonical text form. */
const multirange = (windows: readonly (readonly [number, number])[]) =>
  `{${windows.map(([a, b]) => `[${a},${b})`).join(',')}}`;

/**
 * The time zone and business hours a series' rollups are built with: the nearest node (itself first)
 * carrying a valid `timezone` attribute ('UTC' without one), and the nearest carrying `businessHours`
 * (open all day without one, as the domain's business-hours rule says).
 */
export function basisFromChain(chain: Chain | undefined): { timeZone: string; businessMinutes: string[] } {
  const tz = chain?.find((n) => typeof n.timezone === 'string' && isTimeZone(n.timezone))?.timezone ?? 'UTC';
  let windows: WeekWindows = ALL_DAY;
  const withHours = chain?.find((n) => n.businessHours !== null && n.businessHours !== undefined);
  if (withHours) {
    try {
      windows = parseBusinessHours(withHours.businessHours);
    } catch {
      windows = ALL_DAY;
    }
  }
  return { timeZone: tz, businessMinutes: windows.map(multirange) };
}

/** Nodes whose totals include a series on `nodeId`: the node and its ancestors that are groups or locations. */
const totalNodes = (chain: Chain | undefined) =>
  (chain ?? []).filter((n) => n.type === 'group' || n.type === 'location').map((n) => n.id);

const present = (row: SeriesRow): TimeSeriesView => ({
  id: row.id,
  nodeId: row.node_id,
  measurementProtocol: row.measurement_protocol,
  metaTags: row.meta_tags,
  intervalSeconds: row.interval_seconds,
  usedByFormula: !row.excluded_in_formula,
  source: row.source,
  timeZone: row.time_zone,
  lastObservationOccurredOn: row.last_observation ? row.last_observation.toISOString() : null,
});

const presentInfo = (row: SeriesRow): TimeSeriesInfo => ({
  name: [row.node_name, row.measurement_protocol, ...row.meta_tags].join(' - '),
  timeSeriesId: row.id,
  nodeId: row.node_id,
  measurementProtocol: row.measurement_protocol,
  metaTags: row.meta_tags,
  usedByFormula: !row.excluded_in_formula,
  intervalSeconds: row.interval_seconds,
  lastObservationOccurredOn: row.last_observation ? row.last_observation.toISOString() : null,
  lastValue: row.last_value,
});

export function createSeriesService(deps: { db: Db; scope: ScopeService; eventLog: EventLogService }) {
  const { db, scope, eventLog } = deps;

  async function loadInScope(principal: Principal, id: string): Promise<SeriesRow> {
    const row = await findSeries(db, id);
    if (!row || !(await scope.isInScope(principal, row.node_id))) throw notFound('Time series');
    return row;
  }

  async function visibleNodes(principal: Principal): Promise<string[] | null> {
    const visible = await scope.visibleNodeIds(principal);
    return visible === null ? null : [...visible];
  }

  const createdListeners: SeriesCreatedListener[] = [];
  const tellCreated = async (
    id: string,
    key: number,
    nodeId: string,
    measurementProtocol: string,
    metaTags: string[],
  ) => {
    for (const listener of createdListeners)
      await listener({ id, key, nodeId, measurementProtocol, metaTags });
  };

  const service = {
    /** Told after a series is created (occupancy builds default configs from new door series). */
    onSeriesCreated(listener: SeriesCreatedListener) {
      createdListeners.push(listener);
    },

    /** The time zone of a node's location (nearest `timezone` attribute up the tree), UTC without one. */
    nodeTimeZone: (nodeId: string): Promise<string> => deviceTimeZone(db, nodeId),

    /**
     * Creates a series (or, for internal callers, finds the existing one). Copies the rollup basis
     * and joins the node totals of its ancestors.
     */
    async ensureSeries(input: {
      nodeId: string;
      measurementProtocol: string;
      metaTags?: string[];
      intervalSeconds?: number;
      source?: string | null;
      excluded?: boolean;
    }): Promise<{ id: string; key: number; created: boolean }> {
      const metaTags = [...new Set(input.metaTags ?? [])].sort();
      const made = await db.transaction().execute(async (trx) => {
        const inserted = await insertSeries(trx, {
          nodeId: input.nodeId,
          protocol: input.measurementProtocol,
          metaTags,
          intervalSeconds: input.intervalSeconds ?? 60,
          source: input.source ?? null,
          excluded: input.excluded ?? false,
        });
        if (!inserted) {
          const existing = await findSeriesByIdentity(trx, input.nodeId, input.measurementProtocol, metaTags);
          return { id: existing!.id, key: existing!.key, created: false };
        }
        const chain = (await ancestorChains(trx, [input.nodeId])).get(input.nodeId);
        const basis = basisFromChain(chain);
        await setBasis(trx, inserted.key, basis.timeZone, basis.businessMinutes);
        if (!input.excluded) {
          const totals = await totalsByNode(trx, new Map([[input.nodeId, chain ?? []]]));
          const joined: number[] = [];
          if ((totals.get(input.nodeId) ?? []).length > 0) await lockForRebuild(trx);
          for (const nodeId of totals.get(input.nodeId) ?? []) {
            const kpiKey = await ensureNodeKpi(trx, nodeId, input.measurementProtocol, metaTags);
            await addMember(trx, kpiKey, inserted.key);
            joined.push(kpiKey);
          }
          await buildGrownTotals(trx, joined, [inserted.key]);
        }
        return { ...inserted, created: true };
      });
      if (made.created)
        await tellCreated(made.id, made.key, input.nodeId, input.measurementProtocol, metaTags);
      return made;
    },

    /**
     * The untagged series of (node, protocol) pairs, found in one query; the missing ones created
     * together (one insert with their rollup basis, their node totals joined in two statements, then
     * the created-listeners told); keyed `${nodeId}|${protocol}`. For bulk writers such as imports.
     */
    async ensureUntaggedSeries(
      pairs: readonly { nodeId: string; protocol: string }[],
      created: { intervalSeconds: number; source: string },
    ): Promise<Map<string, { id: string; key: number }>> {
      const nodeIds = [...new Set(pairs.map((p) => p.nodeId))];
      const protocols = [...new Set(pairs.map((p) => p.protocol))];
      const keyOf = (nodeId: string, protocol: string) => `${nodeId}|${protocol}`;
      const out = new Map<string, { id: string; key: number }>();
      const collect = (
        rows: { id: string; key: number; node_id: string; measurement_protocol: string }[],
      ) => {
        for (const r of rows) out.set(keyOf(r.node_id, r.measurement_protocol), { id: r.id, key: r.key });
      };
      collect(await findUntaggedSeries(db, nodeIds, protocols));
      const missing = new Map<string, { nodeId: string; protocol: string }>();
      for (const p of pairs)
        if (!out.has(keyOf(p.nodeId, p.protocol))) missing.set(keyOf(p.nodeId, p.protocol), p);
      if (missing.size === 0) return out;
      const wanted = [...missing.values()];
      const inserted = await db.transaction().execute(async (trx) => {
        const chains = await ancestorChains(trx, [...new Set(wanted.map((p) => p.nodeId))]);
        const rows = wanted.map((p) => ({ ...p, ...basisFromChain(chains.get(p.nodeId)) }));
        const inserted = await insertUntaggedSeries(trx, rows, created);
        const totals = await totalsByNode(trx, chains);
        await lockForRebuild(trx);
        const joined = await joinUntaggedTotals(
          trx,
          inserted.flatMap((s) =>
            (totals.get(s.node_id) ?? []).map((nodeId) => ({
              nodeId,
              protocol: s.measurement_protocol,
              seriesKey: s.key,
            })),
          ),
        );
        await buildGrownTotals(
          trx,
          joined,
          inserted.map((s) => s.key),
        );
        return inserted;
      });
      collect(inserted);
      for (const s of inserted) await tellCreated(s.id, s.key, s.node_id, s.measurement_protocol, []);
      // pairs another writer created meanwhile
      if (inserted.length < wanted.length) collect(await findUntaggedSeries(db, nodeIds, protocols));
      return out;
    },

    async create(principal: Principal, body: CreateTimeSeriesBody): Promise<{ timeSeriesId: string }> {
      await scope.assertInScope(principal, body.nodeId);
      const made = await eventLog.withAudit(async (tx) => {
        const made = await service.ensureSeries({
          nodeId: body.nodeId,
          measurementProtocol: body.measurementProtocol,
          metaTags: body.metaTags ?? [],
          intervalSeconds: body.intervalSeconds ?? 60,
          source: body.source ?? null,
        });
        if (!made.created)
          throw conflict(
            'This node already has a series of that protocol and meta tags',
            'measurementProtocol',
          );
        await eventLog.record(tx, principal, 'TimeSeries.Create', made.id, {
          nodeId: body.nodeId,
          measurementProtocol: body.measurementProtocol,
          metaTags: body.metaTags ?? [],
        });
        return made;
      });
      return { timeSeriesId: made.id };
    },

    async get(principal: Principal, id: string): Promise<TimeSeriesView> {
      return present(await loadInScope(principal, id));
    },

    async list(
      principal: Principal,
      query: { nodeId?: string | undefined; measurementProtocol?: string | undefined },
    ): Promise<TimeSeriesView[]> {
      let nodeIds = await visibleNodes(principal);
      if (query.nodeId) {
        if (!(await scope.isInScope(principal, query.nodeId))) throw notFound('Node');
        nodeIds = [query.nodeId];
      }
      return (await listSeries(db, { nodeIds, protocol: query.measurementProtocol })).map(present);
    },

    async metaTags(principal: Principal): Promise<string[]> {
      return distinctMetaTags(db, await visibleNodes(principal));
    },

    measurementProtocols(): string[] {
      return [...MEASUREMENT_PROTOCOLS];
    },

    /** Aggregate functions per KPI; the first listed is the default (Sum for most, spec section 3). */
    aggregationTypes() {
      return BASE_KPIS.map((k) => ({
        kpi: k.kpi,
        aggregateFunctions: [...k.aggregateFunctions].filter((f) =>
          (AGGREGATE_FUNCTIONS as readonly string[]).includes(f),
        ),
        defaultAggregateFunction: k.aggregateFunctions[0] ?? 'Sum',
      }));
    },

    /** Info of the series of a node and of every node below it. */
    async info(principal: Principal, nodeId: string): Promise<TimeSeriesInfo[]> {
      await scope.assertInScope(principal, nodeId);
      const nodes = await subtreeNodeIds(db, [nodeId]);
      return (await listSeries(db, { nodeIds: nodes })).map(presentInfo);
    },

    /** usedByFormula / metaTags of series of that node's subtree; totals follow at once. */
    async updateInfo(
      principal: Principal,
      nodeId: string,
      body: UpdateTimeSeriesInfoBody,
    ): Promise<TimeSeriesInfo[]> {
      await scope.assertInScope(principal, nodeId);
      const nodes = new Set(await subtreeNodeIds(db, [nodeId]));
      const rows: SeriesRow[] = [];
      for (const [i, item] of body.entries()) {
        const row = await findSeries(db, item.timeSeriesId);
        if (!row || !nodes.has(row.node_id)) throw badRequest('Unknown time series', `${i}.timeSeriesId`);
        rows.push(row);
      }
      await eventLog.withAudit(async (trx) => {
        for (const [i, item] of body.entries()) {
          try {
            await updateSeriesInfo(trx, item.timeSeriesId, {
              excluded: item.usedByFormula === undefined ? undefined : !item.usedByFormula,
              metaTags: item.metaTags,
            });
          } catch (e) {
            if ((e as { code?: string }).code === '23505')
              throw conflict('Another series of that node has these meta tags', `${i}.metaTags`);
            throw e;
          }
        }
        await markStale(trx, [...new Set(rows.map((r) => r.node_id))]);
        await eventLog.record(trx, principal, 'TimeSeries.UpdateInfo', nodeId, { changes: body });
      });
      await service.refreshStale();
      return service.info(principal, nodeId);
    },

    /**
     * Applies queued tree changes (rollup_stale): re-copies each affected series' time zone and
     * business hours (rebuilding its rollups when they changed), re-joins node totals, and rebuilds the
     * totals that gained or lost members. Cheap when nothing is queued (one indexed probe).
     */
    async refreshStale(): Promise<number> {
      if (!(await hasStaleNodes(db))) return 0;
      return db.transaction().execute(async (trx) => {
        await lockForRebuild(trx);
        const stale = await takeStaleNodes(trx);
        if (stale.length === 0) return 0;
        let nodes = await subtreeNodeIds(trx, stale);
        // a sharing node moved or removed with these subtrees: the shared nodes' series re-join too
        const shared = await sharedBy(trx, nodes);
        if (shared.length > 0) nodes = [...new Set([...nodes, ...(await subtreeNodeIds(trx, shared))])];
        const series = await seriesOnNodes(trx, nodes);
        const chains = await ancestorChains(trx, [...new Set(series.map((s) => s.node_id))]);
        const changed: number[] = [];
        for (const s of series) {
          const basis = basisFromChain(chains.get(s.node_id));
          const sameHours = basis.businessMinutes.every((m, i) => m === s.business_minutes[i]);
          if (basis.timeZone !== s.time_zone || !sameHours) {
            await setBasis(trx, s.key, basis.timeZone, basis.businessMinutes);
            changed.push(s.key);
          }
        }
        await rebuildSeriesRollups(trx, changed);
        const affected = new Set<number>([
          ...(await dropMemberships(
            trx,
            series.map((s) => s.key),
          )),
          ...(await nodeKpiKeysOf(trx, stale)),
        ]);
        for (const key of await joinTotals(trx, series, chains)) affected.add(key);
        const emptied = new Set(await deleteEmptyNodeKpis(trx, [...affected]));
        await rebuildNodeTotals(
          trx,
          [...affected].filter((k) => !emptied.has(k)),
        );
        return series.length;
      });
    },
  };

  /**
   * New series joined node totals. A total of one series keeps no rows of its own (it is read from
   * that series' rollups): one that had one member and has more now gets its rows built from its
   * members. The caller holds the rebuild lock, taken before the join (before any total's row is
   * locked): no ingest of the old member commits between this read and the new membership, and every
   * later one sees it.
   */
  async function buildGrownTotals(trx: Transaction<Database>, totals: number[], joined: number[]) {
    await rebuildNodeTotals(trx, await totalsGrownFromOne(trx, totals, joined));
  }

  async function joinTotals(
    trx: Transaction<Database>,
    series: BasisRow[],
    chains: Map<string, Chain>,
  ): Promise<number[]> {
    const keys: number[] = [];
    const totals = await totalsByNode(trx, chains);
    for (const s of series) {
      if (s.excluded_in_formula) continue;
      for (const nodeId of totals.get(s.node_id) ?? []) {
        const kpiKey = await ensureNodeKpi(trx, nodeId, s.measurement_protocol, s.meta_tags);
        await addMember(trx, kpiKey, s.key);
        keys.push(kpiKey);
      }
    }
    return keys;
  }

  /**
   * For each node (with its ancestor chain): the nodes whose totals include its series, i.e. its own
   * locations and groups plus, for every node of its chain that another node shares measurements from
   * (`shareMeasurementsFrom`), the sharing node's locations and groups. A set: an ancestor of both
   * nodes counts a series once.
   */
  async function totalsByNode(q: Q, chains: Map<string, Chain>): Promise<Map<string, string[]>> {
    const inChains = new Set([...chains.values()].flatMap((c) => c.map((n) => n.id)));
    const links = await sharersOf(q, [...inChains]);
    const sharerChains = links.length
      ? await ancestorChains(q, [...new Set(links.map((l) => l.sharer))])
      : new Map<string, Chain>();
    const out = new Map<string, string[]>();
    for (const [nodeId, chain] of chains) {
      const ids = new Set(totalNodes(chain));
      for (const n of chain)
        for (const link of links)
          if (link.source === n.id) for (const id of totalNodes(sharerChains.get(link.sharer))) ids.add(id);
      out.set(nodeId, [...ids]);
    }
    return out;
  }

  return service;
}

export type SeriesService = ReturnType<typeof createSeriesService>;
