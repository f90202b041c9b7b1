import {
  canOperateOccupancy,
  fromLocalMinute,
  toLocalMinute,
  startOfDay,
  type CreateOccupancyConfigBody,
  type OccupancyConfigView,
  type Principal,
  type UpdateOccupancyConfigBody,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events.js';
import type { Logger } from '../../platform/logger.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { SeriesService } from './series.service.js';
import type { IngestService } from './ingest.service.js';
import {
  adjustmentsSince,
  configsFedBy,
  doorSeriesOfLocation,
  findConfig,
  findConfigOfNode,
  historyValueBefore,
  insertAdjustment,
  insertConfig,
  locationOfNode,
  netCounts,
  seriesKeysOf,
  seriesUnder,
  setCurrentValue,
  setHistorySeries,
  setReset,
  updateConfigSeries,
  type OccupancyConfigRow,
} from './occupancy.repository.js';
import { deviceTimeZone } from './sensors/sensors.repository.js';

const MINUTE = 60_000;
const minuteOf = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

export type OccupancyChange = { delta: number } | { value: number };

const present = (row: OccupancyConfigRow): OccupancyConfigView => ({
  id: row.id,
  nodeId: row.node_id,
  timeSeriesInIds: row.time_series_in_ids,
  timeSeriesOutIds: row.time_series_out_ids,
  floorValues: row.floor_values,
  historyTimeSeriesId: row.history_series_id,
  occupancyValue: row.current_value,
  lastResetOn: row.last_reset_at.toISOString(),
  valueUpdatedOn: row.value_updated_at?.toISOString() ?? null,
});

/**
 * Occupancy engine (DESIGN.md section 5): the occupancy of a location is folded, in time order, from
 * the in-minus-out counts of its in/out series and the operator adjustments since the last reset,
 * never going below the floor at any step. It is refolded from the earliest instant a change
 * touches (late counts, adjustments, config changes, resets), the history series (protocol Occupancy
 * on the location: the value after each minute) is rewritten from there, and every change of the
 * current value is published as `occupancyChanged`. Refolds of one config run one at a time.
 */
export function createOccupancyService(deps: {
  db: Db;
  clock: Clock;
  log?: Logger;
  bus: EventBus;
  scope: ScopeService;
  eventLog: EventLogService;
  series: SeriesService;
  ingest: IngestService;
}) {
  const { db, clock, bus, scope, eventLog, series, ingest, log } = deps;
  const running = new Map<string, Promise<unknown>>();
  /** configs waiting for a refold after ingested counts, with the earliest instant to refold from */
  const queued = new Map<string, number>();
  let draining: Promise<void> | null = null;

  function drain(): void {
    draining ??= (async () => {
      while (queued.size > 0) {
        const [id, fromMs] = queued.entries().next().value as [string, number];
        queued.delete(id);
        await refold(id, fromMs).catch((err: unknown) =>
          log?.error({ err, occupancyId: id }, 'occupancy refold failed'),
        );
      }
    })().finally(() => {
      draining = null;
    });
  }

  function oneAtATime<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = running.get(id) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    running.set(id, settled);
    void settled.then(() => {
      if (running.get(id) === settled) running.delete(id);
    });
    return next;
  }

  async function historyKeyOf(cfg: OccupancyConfigRow): Promise<number> {
    const made = await series.ensureSeries({
      nodeId: cfg.node_id,
      measurementProtocol: 'Occupancy',
      source: `occupancy:${cfg.id}`,
    });
    if (cfg.history_series_id !== made.id) await setHistorySeries(db, cfg.id, made.id);
    return made.key;
  }

  /** Refolds from `fromMs` (the last reset when absent); answers the current value. */
  function refold(id: string, fromMs?: number): Promise<number | null> {
    return oneAtATime(id, async () => {
      const cfg = await findConfig(db, id);
      if (!cfg) return null;
      const floor = cfg.floor_values[0] ?? 0;
      const resetMs = cfg.last_reset_at.getTime();
      const startMs = Math.max(resetMs, minuteOf(fromMs ?? resetMs));
      const historyKey = await historyKeyOf(cfg);
      let value =
        startMs > resetMs
          ? ((await historyValueBefore(db, historyKey, new Date(startMs), cfg.last_reset_at)) ?? floor)
          : floor;
      const keys = await seriesKeysOf(db, [...cfg.time_series_in_ids, ...cfg.time_series_out_ids]);
      const inKeys = cfg.time_series_in_ids
        .map((s) => keys.get(s))
        .filter((k): k is number => k !== undefined);
      const outKeys = cfg.time_series_out_ids
        .map((s) => keys.get(s))
        .filter((k): k is number => k !== undefined);
      const counts =
        inKeys.length + outKeys.length > 0 ? await netCounts(db, inKeys, outKeys, new Date(startMs)) : [];
      const adjustments = await adjustmentsSince(db, id, new Date(startMs));

      const history = new Map<number, number>();
      if (startMs === resetMs) history.set(minuteOf(resetMs), floor);
      let c = 0;
      let a = 0;
      // counts of an instant come before an adjustment made at that same instant
      while (c < counts.length || a < adjustments.length) {
        const count = counts[c];
        const adj = adjustments[a];
        let at: number;
        if (count && (!adj || count.at.getTime() <= adj.occurred_on.getTime())) {
          at = count.at.getTime();
          value = Math.max(floor, value + count.net);
          c++;
        } else {
          at = adj!.occurred_on.getTime();
          value = Math.max(floor, adj!.set_value ?? value + (adj!.delta ?? 0));
          a++;
        }
        history.set(minuteOf(at), value);
      }
      await ingest.replaceFrom(historyKey, minuteOf(startMs), {
        times: [...history.keys()],
        values: [...history.values()],
      });
      const now = clock.now();
      const previous = await setCurrentValue(db, id, value, now);
      if (previous !== null && previous !== value) {
        bus.emit('occupancyChanged', {
          nodeId: cfg.node_id,
          occupancyId: id,
          value,
          occurredOn: now.toISOString(),
        });
      }
      return value;
    });
  }

  /** Local midnight of today in the location's zone: where a new occupancy starts counting. */
  async function startOfLocalDay(nodeId: string): Promise<Date> {
    const tz = await deviceTimeZone(db, nodeId);
    const local = toLocalMinute(tz, clock.now().getTime());
    return new Date(fromLocalMinute(tz, startOfDay(local)).utcMs);
  }

  async function loadVisible(principal: Principal, id: string): Promise<OccupancyConfigRow> {
    const cfg = await findConfig(db, id);
    if (!cfg || !(await scope.isInScope(principal, cfg.node_id))) throw notFound('Occupancy');
    return cfg;
  }

  async function checkSeries(locationId: string, ins: string[], outs: string[]) {
    const found = await seriesUnder(db, locationId, [...ins, ...outs]);
    for (const [field, ids] of [
      ['timeSeriesInIds', ins],
      ['timeSeriesOutIds', outs],
    ] as const) {
      for (const [i, id] of ids.entries()) {
        if (!found.get(id)?.inside)
          throw badRequest('Unknown time series for this location', `${field}.${i}`);
      }
    }
  }

  const service = {
    /** Refold entry point for other services (after a reset, a config change). */
    refold,

    /** Resolves once the refolds queued by ingested counts are done (tests, shutdown). */
    async settled(): Promise<void> {
      while (draining) await draining;
    },

    /**
     * A location whose devices have TrafficIn/TrafficOut gets a config by default (all its doors);
     * one that was never edited follows new doors.
     */
    async ensureDefault(locationId: string): Promise<string | null> {
      const doors = await doorSeriesOfLocation(db, locationId);
      const ins = doors.filter((d) => d.protocol === 'TrafficIn').map((d) => d.id);
      const outs = doors.filter((d) => d.protocol === 'TrafficOut').map((d) => d.id);
      if (ins.length === 0 && outs.length === 0) return null;
      const existing = await findConfigOfNode(db, locationId);
      if (!existing) {
        const id = await insertConfig(db, {
          nodeId: locationId,
          ins,
          outs,
          floors: [0],
          auto: true,
          resetAt: await startOfLocalDay(locationId),
        });
        if (id) await refold(id);
        return id ?? (await findConfigOfNode(db, locationId))?.id ?? null;
      }
      const same =
        existing.time_series_in_ids.join() === ins.join() &&
        existing.time_series_out_ids.join() === outs.join();
      if (existing.auto_managed && !same) {
        await updateConfigSeries(db, existing.id, { ins, outs, auto: true });
        await refold(existing.id);
      }
      return existing.id;
    },

    async getByNode(principal: Principal, nodeId: string): Promise<OccupancyConfigView> {
      await scope.assertInScope(principal, nodeId, 'Occupancy');
      const cfg = await findConfigOfNode(db, nodeId);
      if (!cfg) throw notFound('Occupancy');
      return present(cfg);
    },

    async create(principal: Principal, body: CreateOccupancyConfigBody): Promise<OccupancyConfigView> {
      await scope.assertInScope(principal, body.nodeId);
      const node = await db
        .selectFrom('node')
        .select('type')
        .where('id', '=', body.nodeId)
        .executeTakeFirst();
      if (node?.type !== 'location') throw badRequest('An occupancy belongs to a location', 'nodeId');
      await checkSeries(body.nodeId, body.timeSeriesInIds, body.timeSeriesOutIds);
      const id = await insertConfig(db, {
        nodeId: body.nodeId,
        ins: body.timeSeriesInIds,
        outs: body.timeSeriesOutIds,
        floors: body.floorValues ?? [0],
        auto: false,
        resetAt: await startOfLocalDay(body.nodeId),
      });
      if (!id) throw conflict('This location already has an occupancy configuration', 'nodeId');
      await refold(id);
      await eventLog.record(principal, 'Occupancy.CreateConfig', id, { ...body });
      return present((await findConfig(db, id))!);
    },

    async update(
      principal: Principal,
      id: string,
      body: UpdateOccupancyConfigBody,
    ): Promise<OccupancyConfigView> {
      const cfg = await loadVisible(principal, id);
      await checkSeries(cfg.node_id, body.timeSeriesInIds, body.timeSeriesOutIds);
      await updateConfigSeries(db, id, {
        ins: body.timeSeriesInIds,
        outs: body.timeSeriesOutIds,
        floors: body.floorValues,
        auto: false,
      });
      await refold(id);
      await eventLog.record(principal, 'Occupancy.UpdateConfig', id, { ...body });
      return present((await findConfig(db, id))!);
    },

    /** An operator's correction (live view adjustment): audited, refolded, published. */
    async adjust(principal: Principal, occupancyId: string, change: OccupancyChange): Promise<number> {
      if (!canOperateOccupancy(principal)) throw forbidden('Your role may not adjust occupancy');
      const cfg = await loadVisible(principal, occupancyId);
      const at = clock.now();
      await insertAdjustment(db, {
        occupancyId,
        at,
        delta: 'delta' in change ? change.delta : null,
        setValue: 'value' in change ? change.value : null,
        userId: principal.actor?.userId ?? principal.userId,
        requester: principal.actor?.username ?? principal.username,
      });
      const value = (await refold(occupancyId, at.getTime()))!;
      await eventLog.record(principal, 'Occupancy.Adjust', occupancyId, {
        nodeId: cfg.node_id,
        ...change,
        before: cfg.current_value,
        after: value,
      });
      return value;
    },

    async adjustByNode(principal: Principal, nodeId: string, change: OccupancyChange) {
      await scope.assertInScope(principal, nodeId, 'Occupancy');
      const cfg = await findConfigOfNode(db, nodeId);
      if (!cfg) throw notFound('Occupancy');
      return { occupancyId: cfg.id, occupancyValue: await service.adjust(principal, cfg.id, change) };
    },

    /** Back to the floor at `at` (a scheduled reset); counts after `at` count again. */
    async reset(id: string, at: Date): Promise<number | null> {
      const cfg = await findConfig(db, id);
      if (!cfg) return null;
      await oneAtATime(id, () => setReset(db, id, at, cfg.floor_values[0] ?? 0));
      return refold(id, at.getTime());
    },

    async configOfNode(nodeId: string) {
      return findConfigOfNode(db, nodeId);
    },
  };

  // counts follow into the occupancies they feed
  // counts follow into the occupancies they feed, after the ingest answered: refolds are queued per
  // config (the earliest instant wins) and run one at a time in the background
  ingest.onIngested(async (batch) => {
    if (batch.seriesKeys.length === 0) return;
    for (const id of await configsFedBy(db, batch.seriesKeys, batch.toMs)) {
      queued.set(id, Math.min(queued.get(id) ?? Infinity, batch.fromMs));
    }
    drain();
  });
  // a new door of a location: default config
  series.onSeriesCreated(async (s) => {
    if (
      (s.measurementProtocol !== 'TrafficIn' && s.measurementProtocol !== 'TrafficOut') ||
      s.metaTags.length > 0
    )
      return;
    const location = await locationOfNode(db, s.nodeId);
    if (location) await service.ensureDefault(location);
  });

  return service;
}

export type OccupancyService = ReturnType<typeof createOccupancyService>;
