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
import type { EventBus } from '../../platform/event-bus.js';
import type { Logger } from '../../platform/logger.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { SeriesService } from '../timeseries/series.service.js';
import type { IngestService } from '../timeseries/ingest.service.js';
import {
  adjustmentsKey,
  adjustmentsSince,
  configsFedBy,
  doorSeriesOfLocation,
  findConfig,
  findConfigOfNode,
  historyValueBefore,
  insertAdjustment,
  insertConfig,
  liveFoldInputs,
  locationOfNode,
  netCounts,
  seriesKeysOf,
  seriesUnder,
  setCurrentValue,
  setCurrentValueIf,
  setHistorySeries,
  setReset,
  updateConfigSeries,
  type OccupancyConfigRow,
} from './occupancy.repository.js';

const MINUTE = 60_000;
const minuteOf = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

export type OccupancyChange = { delta: number } | { value: number };

/**
 * What the last fold of a config left, so that counts arriving live can be folded on from it (see
 * `foldLive`). Valid while `gen` is the config's generation and the row still has `configKey`,
 * `adjustments`, `value` and `writtenAt`.
 */
interface LiveState {
  gen: number;
  nodeId: string;
  floor: number;
  inKeys: number[];
  outKeys: number[];
  historyKey: number;
  configKey: string;
  adjustments: string;
  /** the instant of the last event folded (a count or an adjustment), the reset when none */
  lastAt: number;
  /** whether that last event is a count (then `before` is the value before it) */
  lastIsCount: boolean;
  before: number;
  /** the value after every event, as stored with `writtenAt` */
  value: number;
  writtenAt: Date | null;
}

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
  /** per config: the state of its last fold (live fast path) and a generation bumped by changes */
  const live = new Map<string, LiveState>();
  const generation = new Map<string, number>();
  const stats = { fast: 0, full: 0 };
  /** configs waiting for a refold after ingested counts, with the earliest instant to refold from */
  const queued = new Map<string, number>();
  let draining: Promise<void> | null = null;

  function drain(): void {
    draining ??= (async () => {
      while (queued.size > 0) {
        const [id, fromMs] = queued.entries().next().value as [string, number];
        queued.delete(id);
        await oneAtATime(id, () => foldLive(id, fromMs)).catch((err: unknown) =>
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
    return oneAtATime(id, () => fullRefold(id, fromMs));
  }

  async function fullRefold(id: string, fromMs?: number): Promise<number | null> {
    stats.full++;
    const gen = generation.get(id) ?? 0;
    live.delete(id);
    const cfg = await findConfig(db, id);
    if (!cfg) return null;
    const floor = cfg.floor_values[0] ?? 0;
    const resetMs = cfg.last_reset_at.getTime();
    const startMs = Math.max(resetMs, minuteOf(fromMs ?? resetMs));
    const historyKey = await historyKeyOf(cfg);
    // read before the adjustments themselves: one added in between makes the key stale, not wrong
    const adjKey = await adjustmentsKey(db, id, cfg.last_reset_at);
    let value =
      startMs > resetMs
        ? ((await historyValueBefore(db, historyKey, new Date(startMs), cfg.last_reset_at)) ?? floor)
        : floor;
    const keys = await seriesKeysOf(db, [...cfg.time_series_in_ids, ...cfg.time_series_out_ids]);
    const inKeys = cfg.time_series_in_ids.map((s) => keys.get(s)).filter((k): k is number => k !== undefined);
    const outKeys = cfg.time_series_out_ids
      .map((s) => keys.get(s))
      .filter((k): k is number => k !== undefined);
    const counts =
      inKeys.length + outKeys.length > 0 ? await netCounts(db, inKeys, outKeys, new Date(startMs)) : [];
    const adjustments = await adjustmentsSince(db, id, new Date(startMs));

    const history = new Map<number, number>();
    if (startMs === resetMs) history.set(minuteOf(resetMs), floor);
    // the last event folded, for the live state (unknown when nothing lies after startMs > reset)
    let lastAt = startMs === resetMs ? resetMs : NaN;
    let lastIsCount = false;
    let before = value;
    let c = 0;
    let a = 0;
    // counts of an instant come before an adjustment made at that same instant
    while (c < counts.length || a < adjustments.length) {
      const count = counts[c];
      const adj = adjustments[a];
      let at: number;
      before = value;
      if (count && (!adj || count.at.getTime() <= adj.occurred_on.getTime())) {
        at = count.at.getTime();
        value = Math.max(floor, value + count.net);
        lastIsCount = true;
        c++;
      } else {
        at = adj!.occurred_on.getTime();
        value = Math.max(floor, adj!.set_value ?? value + (adj!.delta ?? 0));
        lastIsCount = false;
        a++;
      }
      lastAt = at;
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
    if (previous !== null && !Number.isNaN(lastAt) && (generation.get(id) ?? 0) === gen) {
      live.set(id, {
        gen,
        nodeId: cfg.node_id,
        floor,
        inKeys,
        outKeys,
        historyKey,
        configKey: cfg.config_key,
        adjustments: adjKey,
        lastAt,
        lastIsCount,
        before: lastIsCount ? before : value,
        value,
        writtenAt: now,
      });
    }
    return value;
  }

  /**
   * The live fast path, for counts at or after the last event folded: `fromMs`, the earliest
   * instant of the counts since, is at the last count instant or later, or after the last
   * adjustment. Nothing before that instant changed, so the fold goes on from the value before it
   * with the net counts from it on (re-read whole: another door's count of the same instant, or a
   * re-sent last interval, replaces what was folded), which is what a full refold gives. One round
   * trip reads them together with what proves the cached state current (config, adjustments,
   * value); then `occupancyChanged` is published and only after it the history row and the value
   * are written. Anything else (late counts, a reset, an adjustment or a config change since,
   * another writer) takes the full refold.
   */
  async function foldLive(id: string, fromMs: number): Promise<number | null> {
    const st = live.get(id);
    const inOrder = st && (st.lastIsCount ? fromMs >= st.lastAt : fromMs > st.lastAt);
    if (!st || st.gen !== (generation.get(id) ?? 0) || !inOrder) return fullRefold(id, fromMs);
    const got = await liveFoldInputs(db, id, st.inKeys, st.outKeys, new Date(st.lastAt), st.lastIsCount);
    if (
      !got ||
      got.config_key !== st.configKey ||
      got.adjustments !== st.adjustments ||
      got.current_value !== st.value ||
      got.value_updated_at?.getTime() !== st.writtenAt?.getTime() ||
      st.gen !== (generation.get(id) ?? 0) ||
      (st.lastIsCount && got.counts[0]?.[0] !== st.lastAt)
    )
      return fullRefold(id, fromMs);
    if (got.counts.length === 0) return st.value;
    stats.fast++;
    let value = st.lastIsCount ? st.before : st.value;
    let before = value;
    const history = new Map<number, number>();
    for (const [at, net] of got.counts) {
      before = value;
      value = Math.max(st.floor, value + net);
      history.set(minuteOf(at), value);
    }
    const now = clock.now();
    if (value !== st.value) {
      bus.emit('occupancyChanged', {
        nodeId: st.nodeId,
        occupancyId: id,
        value,
        occurredOn: now.toISOString(),
      });
    }
    const next: LiveState = {
      ...st,
      lastAt: got.counts.at(-1)![0],
      lastIsCount: true,
      before,
      value,
      writtenAt: now,
    };
    live.delete(id);
    await ingest.replaceFrom(st.historyKey, minuteOf(got.counts[0]![0]), {
      times: [...history.keys()],
      values: [...history.values()],
    });
    const stored = await setCurrentValueIf(db, id, value, now, {
      valueUpdatedAt: st.writtenAt,
      configKey: st.configKey,
    });
    // another writer got in between: the full refold publishes what the rows say
    if (!stored) return fullRefold(id, fromMs);
    if (next.gen === (generation.get(id) ?? 0)) live.set(id, next);
    return value;
  }

  /** Before anything the live state does not see (adjustment, reset, config change) is written. */
  function invalidate(id: string) {
    generation.set(id, (generation.get(id) ?? 0) + 1);
    live.delete(id);
  }

  /** Local midnight of today in the location's zone: where a new occupancy starts counting. */
  async function startOfLocalDay(nodeId: string): Promise<Date> {
    const tz = await series.nodeTimeZone(nodeId);
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

    /** How many folds took the live fast path and how many the full refold (tests, figures). */
    foldStats(): { fast: number; full: number } {
      return { ...stats };
    },

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
        invalidate(existing.id);
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
      const resetAt = await startOfLocalDay(body.nodeId);
      const id = await eventLog.withAudit(async (tx) => {
        const made = await insertConfig(db, {
          nodeId: body.nodeId,
          ins: body.timeSeriesInIds,
          outs: body.timeSeriesOutIds,
          floors: body.floorValues ?? [0],
          auto: false,
          resetAt,
        });
        if (!made) throw conflict('This location already has an occupancy configuration', 'nodeId');
        await eventLog.record(tx, principal, 'Occupancy.CreateConfig', made, { ...body });
        return made;
      });
      // after the commit: a refold takes this occupancy's turn (oneAtATime) and must never wait for
      // it while holding the transaction's row locks another refold may be waiting for
      await refold(id);
      return present((await findConfig(db, id))!);
    },

    async update(
      principal: Principal,
      id: string,
      body: UpdateOccupancyConfigBody,
    ): Promise<OccupancyConfigView> {
      const cfg = await loadVisible(principal, id);
      await checkSeries(cfg.node_id, body.timeSeriesInIds, body.timeSeriesOutIds);
      invalidate(id);
      await eventLog.withAudit(async (tx) => {
        await updateConfigSeries(db, id, {
          ins: body.timeSeriesInIds,
          outs: body.timeSeriesOutIds,
          floors: body.floorValues,
          auto: false,
        });
        await eventLog.record(tx, principal, 'Occupancy.UpdateConfig', id, { ...body });
      });
      // after the commit, as in create
      await refold(id);
      return present((await findConfig(db, id))!);
    },

    /** An operator's correction (live view adjustment): audited, refolded, published. */
    async adjust(principal: Principal, occupancyId: string, change: OccupancyChange): Promise<number> {
      if (!canOperateOccupancy(principal)) throw forbidden('Your role may not adjust occupancy');
      const cfg = await loadVisible(principal, occupancyId);
      const at = clock.now();
      invalidate(occupancyId);
      // the refold runs inside: the entry records the value after. The adjustment row only key-share
      // locks the configuration, so a refold of another request never waits for this transaction
      return eventLog.withAudit(async (tx) => {
        await insertAdjustment(db, {
          occupancyId,
          at,
          delta: 'delta' in change ? change.delta : null,
          setValue: 'value' in change ? change.value : null,
          userId: principal.actor?.userId ?? principal.userId,
          requester: principal.actor?.username ?? principal.username,
        });
        const value = (await refold(occupancyId, at.getTime()))!;
        await eventLog.record(tx, principal, 'Occupancy.Adjust', occupancyId, {
          nodeId: cfg.node_id,
          ...change,
          before: cfg.current_value,
          after: value,
        });
        return value;
      });
    },

    async adjustByNode(principal: Principal, nodeId: string, change: OccupancyChange) {
      await scope.assertInScope(principal, nodeId, 'Occupancy');
      const cfg = await findConfigOfNode(db, nodeId);
      if (!cfg) throw notFound('Occupancy');
      return { occupancyId: cfg.id, occupancyValue: await service.adjust(principal, cfg.id, change) };
    },

    /**
     * Back to the floor at `at` (a scheduled reset); counts after `at` count again. With
     * `auditDetails`, the reset and its 'Occupancy.Reset' entry commit together; the refold follows.
     */
    async reset(
      id: string,
      at: Date,
      auditDetails?: Record<string, unknown>,
      actor: Principal | null = null,
    ): Promise<number | null> {
      const cfg = await findConfig(db, id);
      if (!cfg) return null;
      await oneAtATime(id, () => {
        invalidate(id);
        return eventLog.withAudit(async (tx) => {
          await setReset(db, id, at, cfg.floor_values[0] ?? 0);
          if (auditDetails) await eventLog.record(tx, actor, 'Occupancy.Reset', id, auditDetails);
        });
      });
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
