import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { DemoOrganisation } from './demo.service.js';
import type { SeriesService } from '../timeseries/series.service.js';
import type { IngestService, ResolvedPoints } from '../timeseries/ingest.service.js';
import type { OccupancyService } from '../occupancy/occupancy.service.js';
import type { OccupancyResetService } from '../occupancy/occupancy.reset.service.js';
import {
  doorDay,
  hoursOf,
  occupancyOfDay,
  outagesOf,
  planDay,
  salesOfHour,
  serviceFigures,
  utcOf,
  type DayPlan,
  type LocationModel,
} from './demo-counts.model.js';
import {
  analyzeTimeSeriesTables,
  dropBulkKeys,
  isFreshStore,
  relaxDurability,
  restoreBulkKeys,
  anyMeasurement,
  bulkInsertMeasurements,
  clearSeries,
  hasResetSchedule,
  lastInstant,
  nodeKpisOfSeries,
  zoneOffsets,
} from './demo-counts.repository.js';
import { DEMO_SENSOR_FAULTS } from './demo-organisation.js';
import { zoneRules, type ZoneRules } from './demo-zone.js';

const MINUTE = 60_000;
const HOUR = 3600_000;
/**
 * Days of history: 13 months. The last four weeks at minute resolution; older days as hourly
 * uploads (what many installations send), which keeps the first start of the demo well under a
 * minute on a small machine: 2.8 M rows took 87 s to load and roll up at minute/quarter resolution.
 */
export const HISTORY_DAYS = 396;
export const MINUTE_DAYS = 28;
/** The demo's nightly occupancy reset, local time. */
const RESET_MINUTE = 4 * 60;
/** After a long stop, the live generator fills at most this much at minute resolution. */
const MAX_CATCH_UP_MS = 3 * 24 * HOUR;

interface DemoLocationSeries {
  model: LocationModel;
  locationId: string;
  name: string;
  doors: { deviceId: string; name: string; inKey: number; outKey: number; inId: string; outId: string }[];
  sales: { transactions: number; sales: number; itemsSold: number; staffHours: number };
  service: { dwellTime: number; queuingTime: number; queueLength: number } | null;
  occupancyKey: number | null;
}

class Points {
  keys = new Int32Array(1 << 16);
  times = new Float64Array(1 << 16);
  values = new Float64Array(1 << 16);
  length = 0;
  push(key: number, time: number, value: number) {
    if (this.length === this.keys.length) {
      const grow = <T extends Int32Array | Float64Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.keys = grow(this.keys);
      this.times = grow(this.times);
      this.values = grow(this.values);
    }
    this.keys[this.length] = key;
    this.times[this.length] = time;
    this.values[this.length] = value;
    this.length++;
  }
}

/**
 * Demo counts (DESIGN.md section 9): 13 months of door counts, sales figures, dwell and queue
 * figures and occupancy history for the demo organisation, bulk-loaded once with the rollups built
 * in SQL after, then a live generator that adds each finished minute (and hour of sales) through
 * the ordinary ingest path, so rollups, occupancy and live screens move as with real sensors.
 */
export function createDemoCountsService(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  series: SeriesService;
  ingest: IngestService;
  occupancy: OccupancyService;
  occupancyResets: OccupancyResetService;
}) {
  const { db, clock, log, series, ingest, occupancy } = deps;

  /**
   * Each zone's rules from the database, from before the oldest history day to two years ahead (the
   * live generator keeps using them while the server runs).
   */
  async function zonesOf(demo: DemoOrganisation): Promise<Map<string, ZoneRules>> {
    const nowMs = clock.now().getTime();
    const zones = new Map<string, ZoneRules>();
    for (const tz of new Set(demo.locations.map((l) => l.timezone))) {
      const offsets = await zoneOffsets(
        db,
        tz,
        nowMs - (HISTORY_DAYS + 3) * 24 * HOUR,
        nowMs + 730 * 24 * HOUR,
      );
      zones.set(tz, zoneRules(offsets));
    }
    return zones;
  }

  async function prepare(demo: DemoOrganisation): Promise<DemoLocationSeries[]> {
    const out: DemoLocationSeries[] = [];
    const zones = await zonesOf(demo);
    for (const [index, loc] of demo.locations.entries()) {
      const devices = demo.devices.filter((d) => d.locationId === loc.id);
      const weights = devices.map((_, i) => (i === 0 ? 2 : 1));
      const total = weights.reduce((a, b) => a + b, 0);
      const profile = loc.groupId === demo.groups.venues ? 'venue' : 'retail';
      const model: LocationModel = {
        seed: index + 1,
        profile,
        timeZone: loc.timezone,
        zone: zones.get(loc.timezone)!,
        hours: hoursOf(loc.businessHours),
        capacity: loc.capacity || 200,
        doorWeights: weights.map((w) => w / total),
      };
      const doors = [];
      for (const d of devices) {
        const inS = await series.ensureSeries({
          nodeId: d.id,
          measurementProtocol: 'TrafficIn',
          source: d.serialNumber,
        });
        const outS = await series.ensureSeries({
          nodeId: d.id,
          measurementProtocol: 'TrafficOut',
          source: d.serialNumber,
        });
        doors.push({
          deviceId: d.id,
          name: d.name,
          inKey: inS.key,
          outKey: outS.key,
          inId: inS.id,
          outId: outS.id,
        });
      }
      const hourly = async (protocol: string) =>
        (
          await series.ensureSeries({
            nodeId: loc.id,
            measurementProtocol: protocol,
            intervalSeconds: 3600,
            source: 'demo',
          })
        ).key;
      const sales = {
        transactions: await hourly('Transactions'),
        sales: await hourly('Sales'),
        itemsSold: await hourly('ItemsSold'),
        staffHours: await hourly('StaffHours'),
      };
      // dwell and queue figures for the larger shops, measured by their main door's sensor
      let service: DemoLocationSeries['service'] = null;
      if (profile === 'retail' && model.capacity >= 250 && devices[0]) {
        const quarter = async (protocol: string) =>
          (
            await series.ensureSeries({
              nodeId: devices[0]!.id,
              measurementProtocol: protocol,
              intervalSeconds: 900,
              source: 'demo',
            })
          ).key;
        service = {
          dwellTime: await quarter('DwellTime'),
          queuingTime: await quarter('QueuingTime'),
          queueLength: await quarter('QueueLength'),
        };
      }
      const cfg = await occupancy.configOfNode(loc.id);
      let occupancyKey: number | null = null;
      if (cfg?.history_series_id) {
        const row = await db
          .selectFrom('time_series')
          .select('key')
          .where('id', '=', cfg.history_series_id)
          .executeTakeFirst();
        occupancyKey = row?.key ?? null;
      }
      out.push({ model, locationId: loc.id, name: loc.name, doors, sales, service, occupancyKey });
    }
    return out;
  }

  /** Every point of one location-day up to `untilMs` (exclusive), at minute or quarter resolution. */
  function generateDay(
    loc: DemoLocationSeries,
    plan: DayPlan,
    step: 1 | 60,
    untilMs: number,
    points: { push(key: number, time: number, value: number): void },
    opts: { outages: Map<number, { from: number; to: number }[]>; withOccupancy: boolean },
  ) {
    const nets = new Map<number, number>();
    for (const [i, door] of loc.doors.entries()) {
      const counts = doorDay(loc.model, plan, i, step, opts.outages.get(i) ?? []);
      for (let k = 0; k < counts.times.length; k++) {
        const t = counts.times[k]!;
        if (t >= untilMs) break;
        points.push(door.inKey, t, counts.ins[k]!);
        points.push(door.outKey, t, counts.outs[k]!);
        nets.set(t, (nets.get(t) ?? 0) + counts.ins[k]! - counts.outs[k]!);
      }
    }
    // hourly sales from the hour's expected entries; quarter-hour service figures from the crowd
    let base = 0;
    for (const [a, b] of plan.windows) {
      for (let h = Math.floor(a / 60) * 60; h < b; h += 60) {
        const from = Math.max(a, h);
        const to = Math.min(b, h + 60);
        const hourStart = utcOf(loc.model, plan, h);
        if (utcOf(loc.model, plan, to) > untilMs) break;
        let entries = 0;
        for (let m = from; m < to; m++) entries += plan.expected[base + (m - a)]!;
        const s = salesOfHour(loc.model, 1, hourStart, to - from, entries);
        points.push(loc.sales.transactions, hourStart, s.transactions);
        points.push(loc.sales.sales, hourStart, s.sales);
        points.push(loc.sales.itemsSold, hourStart, s.itemsSold);
        points.push(loc.sales.staffHours, hourStart, s.staffHours);
      }
      if (loc.service) {
        // per quarter hour, hourly in older history
        const span = step === 1 ? 15 : 60;
        for (let q = a; q < b; q += span) {
          const t = utcOf(loc.model, plan, q);
          if (t + span * MINUTE > untilMs) break;
          let crowd = 0;
          for (let m = Math.max(a, q - 30); m < q + 15 && m < b; m++) crowd += plan.expected[base + (m - a)]!;
          const f = serviceFigures(loc.model, t, crowd);
          points.push(loc.service.dwellTime, t, f.dwellTime);
          points.push(loc.service.queuingTime, t, f.queuingTime);
          points.push(loc.service.queueLength, t, f.queueLength);
        }
      }
      base += b - a;
    }
    if (opts.withOccupancy && loc.occupancyKey !== null) {
      const occ = occupancyOfDay(loc.model, plan, RESET_MINUTE, nets);
      for (let k = 0; k < occ.times.length; k++) points.push(loc.occupancyKey, occ.times[k]!, occ.values[k]!);
    }
  }

  /** The most recent scheduled reset instant at or before now, in the location's zone. */
  function lastResetOf(model: LocationModel, nowMs: number): Date {
    const local = model.zone.toLocalMinute(nowMs);
    let day = Math.floor(local / 1440);
    if (local - day * 1440 < RESET_MINUTE) day--;
    return new Date(model.zone.fromLocalMinute(day * 1440 + RESET_MINUTE));
  }

  /**
   * A door's outages in the history: the random ones of the older, hourly history, and the deliberate
   * ones of DEMO_SENSOR_FAULTS (the only ones in the minute history the monitoring judges).
   */
  function outagesOfDoor(
    loc: DemoLocationSeries,
    door: number,
    first: number,
    today: number,
    minuteDays: number,
  ) {
    const list = outagesOf(loc.model, door, first, Math.min(today - 2, today - minuteDays));
    for (const f of DEMO_SENSOR_FAULTS.outages) {
      if (f.location !== loc.name || f.door !== loc.doors[door]?.name) continue;
      const day = today - f.daysAgo;
      const opening = planDay(loc.model, day).windows[0]?.[0];
      if (opening === undefined) continue;
      const from = loc.model.zone.fromLocalMinute(day * 1440 + opening + f.afterOpening);
      list.push({ from, to: from + f.minutes * MINUTE });
    }
    return list;
  }

  let prepared: DemoLocationSeries[] | null = null;

  const service = {
    /** A zone's rules as the database has them (demo-zone.ts), for whoever crafts demo data in local time. */
    async zoneOf(timeZone: string): Promise<ZoneRules> {
      const nowMs = clock.now().getTime();
      return zoneRules(await zoneOffsets(db, timeZone, nowMs - 60 * 24 * HOUR, nowMs + 7 * 24 * HOUR));
    },

    /**
     * Loads the history once (nothing happens when the demo series already hold data): generation in
     * memory, bulk insert, rollups and node totals rebuilt in SQL, occupancy refolded from the last
     * nightly reset. Answers the number of points written.
     */
    async ensureHistory(
      demo: DemoOrganisation,
      opts: { days?: number; minuteDays?: number } = {},
    ): Promise<number> {
      const historyDays = opts.days ?? HISTORY_DAYS;
      const minuteDays = opts.minuteDays ?? MINUTE_DAYS;
      const started = Date.now();
      const locations = (prepared = await prepare(demo));
      const prepareMs = Date.now() - started;
      const doorKeys = locations.flatMap((l) => l.doors.map((d) => d.inKey));
      if (doorKeys.length === 0 || (await anyMeasurement(db, doorKeys))) return 0;
      if (
        !(await hasResetSchedule(
          db,
          demo.locations.map((l) => l.id),
        ))
      ) {
        await deps.occupancyResets.addSystemSchedule({
          name: 'Demo nightly reset',
          time: '04:00',
          days: [0, 1, 2, 3, 4, 5, 6],
          locationIds: demo.locations.map((l) => l.id),
        });
      }
      const occupancyKeys = locations.map((l) => l.occupancyKey).filter((k): k is number => k !== null);
      await clearSeries(db, occupancyKeys);
      const nowMs = Math.floor(clock.now().getTime() / MINUTE) * MINUTE;
      const keys = [
        ...new Set([
          ...locations.flatMap((l) => [
            ...l.doors.flatMap((d) => [d.inKey, d.outKey]),
            ...Object.values(l.sales),
            ...(l.service ? Object.values(l.service) : []),
          ]),
          ...occupancyKeys,
        ]),
      ];
      let written = 0;
      let generateMs = 0;
      let insertMs = 0;
      let rollupMs = 0;
      await db.transaction().execute(async (trx) => {
        await relaxDurability(trx);
        const fresh = await isFreshStore(trx);
        if (fresh) await dropBulkKeys(trx);
        // one location at a time: its insert is on the wire while the next one is generated
        let pending: Promise<void> = Promise.resolve();
        for (const loc of locations) {
          const g = Date.now();
          const points = new Points();
          const today = Math.floor(loc.model.zone.toLocalMinute(nowMs) / 1440);
          const first = today - historyDays + 1;
          const outages = new Map(
            loc.doors.map((_, i) => [i, outagesOfDoor(loc, i, first, today, minuteDays)] as const),
          );
          const lastReset = lastResetOf(loc.model, nowMs).getTime();
          for (let day = first; day <= today; day++) {
            const plan = planDay(loc.model, day);
            // the current day's occupancy is the engine's own (refolded below from the last reset)
            generateDay(loc, plan, day > today - minuteDays ? 1 : 60, nowMs, points, {
              outages,
              withOccupancy: utcOf(loc.model, plan, 1440) <= lastReset,
            });
          }
          generateMs += Date.now() - g;
          written += points.length;
          const w = Date.now();
          await pending;
          insertMs += Date.now() - w;
          pending = bulkInsertMeasurements(trx, points.keys, points.times, points.values, points.length);
        }
        const w = Date.now();
        await pending;
        insertMs += Date.now() - w;
        const r = Date.now();
        if (fresh) await restoreBulkKeys(trx, 'raw');
        await ingest.rebuildRollups(trx, keys, await nodeKpisOfSeries(trx, keys));
        if (fresh) await restoreBulkKeys(trx, 'rollups');
        rollupMs = Date.now() - r;
      });
      const f = Date.now();
      for (const loc of locations) {
        const cfg = await occupancy.configOfNode(loc.locationId);
        if (!cfg) continue;
        await occupancy.reset(cfg.id, lastResetOf(loc.model, nowMs));
      }
      await analyzeTimeSeriesTables(db);
      log.info(
        {
          points: written,
          prepareMs,
          generateMs,
          insertMs,
          rollupMs,
          finishMs: Date.now() - f,
          totalMs: Date.now() - started,
        },
        'demo counts loaded',
      );
      return written;
    },

    /**
     * Adds every finished minute (and finished hour of sales, quarter of service figures) since the
     * newest demo value, up to `now`, through the ingest path. Called every minute in demo mode.
     */
    async tick(demo: DemoOrganisation, now: Date = clock.now()): Promise<number> {
      const locations = (prepared ??= await prepare(demo));
      const nowMs = Math.floor(now.getTime() / MINUTE) * MINUTE;
      let written = 0;
      for (const loc of locations) {
        const doorKeys = loc.doors.flatMap((d) => [d.inKey, d.outKey]);
        if (doorKeys.length === 0) continue;
        // each kind of figure continues from its own newest value (sales come once an hour is over)
        const groups = [doorKeys, Object.values(loc.sales), loc.service ? Object.values(loc.service) : []];
        const fromOf = new Map<number, number>();
        let fromMs = nowMs;
        for (const keys of groups) {
          if (keys.length === 0) continue;
          const last = (await lastInstant(db, keys)) ?? nowMs - MINUTE;
          const from = Math.max(last + MINUTE, nowMs - MAX_CATCH_UP_MS);
          for (const k of keys) fromOf.set(k, from);
          fromMs = Math.min(fromMs, from);
        }
        if (fromMs >= nowMs) continue;
        const points: ResolvedPoints = { keys: [], times: [], values: [] };
        const sink = {
          push: (key: number, time: number, value: number) => {
            if (time < (fromOf.get(key) ?? fromMs)) return;
            points.keys.push(key);
            points.times.push(time);
            points.values.push(value);
          },
        };
        const firstDay = Math.floor(loc.model.zone.toLocalMinute(fromMs) / 1440);
        const lastDay = Math.floor(loc.model.zone.toLocalMinute(nowMs - 1) / 1440);
        for (let day = firstDay; day <= lastDay; day++) {
          generateDay(loc, planDay(loc.model, day), 1, nowMs, sink, {
            outages: new Map(),
            withOccupancy: false,
          });
        }
        if (points.keys.length === 0) continue;
        written += await ingest.store(points, {
          seriesIds: loc.doors.flatMap((d) => [d.inId, d.outId]),
          nodeIds: [loc.locationId, ...loc.doors.map((d) => d.deviceId)],
        });
      }
      return written;
    },
  };
  return service;
}

export type DemoCountsService = ReturnType<typeof createDemoCountsService>;
