import { OCCUPANCY_RESET_MESSAGE_KEYS, type Principal, type SaveOccupancyResetBody } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { SeriesService } from '../timeseries/series.service.js';
import type { OccupancyService } from './occupancy.service.js';
import {
  deleteSchedule,
  findSchedule,
  listSchedules,
  nodeKinds,
  replaceSchedule,
  resetPairs,
  scheduleIdsOfNode,
  type ResetScheduleRow,
} from './occupancy.reset.repository.js';

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** One location of one reset schedule, with what the scheduler needs to know when it is due. */
export interface ScheduledReset {
  scheduleId: string;
  nodeId: string;
  timeZone: string;
  /** `HH:mm` in the location's zone */
  time: string;
  /** 0 = Sunday */
  daysOfWeek: number[];
}

const view = (row: ResetScheduleRow) => ({
  scheduleDto: { id: row.id, name: row.name, time: row.time_of_day, daysOfWeek: row.days_of_week },
  locations: row.locations,
});

/**
 * Occupancy reset schedules (spec "Occupancy reset configuration"), superAdmin. A save with an
 * existing id deletes that schedule and creates a new one (new id); removing one location is such a
 * save with `removedId`. The daily job `occupancy.reset` (occupancy.jobs.ts) resets each listed
 * location's occupancy at the schedule's wall-clock time in the location's zone, once per local day.
 */
export function createOccupancyResetService(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  scope: ScopeService;
  eventLog: EventLogService;
  occupancy: OccupancyService;
  series: Pick<SeriesService, 'nodeTimeZone'>;
}) {
  const { db, clock, log, scope, eventLog, occupancy, series } = deps;

  /**
   * The scheduler asks for the reset targets at every tick (each second): they are read from the
   * database at most once a minute, and at once after this instance changed a schedule. A schedule or
   * time zone changed elsewhere is seen within the minute, and the scheduler still runs a reset missed by
   * less than an hour.
   */
  const TARGETS_MAX_AGE_MS = 60_000;
  let cachedTargets: { readAt: number; resets: ScheduledReset[] } | null = null;
  const forgetTargets = () => void (cachedTargets = null);

  async function readScheduledResets(): Promise<ScheduledReset[]> {
    const zones = new Map<string, string>();
    const out: ScheduledReset[] = [];
    for (const pair of await resetPairs(db)) {
      let tz = zones.get(pair.node_id);
      if (!tz) zones.set(pair.node_id, (tz = await series.nodeTimeZone(pair.node_id)));
      out.push({
        scheduleId: pair.schedule_id,
        nodeId: pair.node_id,
        timeZone: tz,
        time: pair.time_of_day,
        daysOfWeek: pair.days_of_week,
      });
    }
    return out;
  }

  async function visible(principal: Principal, row: ResetScheduleRow): Promise<boolean> {
    for (const l of row.locations) if (!(await scope.isInScope(principal, l.id))) return false;
    return true;
  }

  async function loadVisible(principal: Principal, id: string): Promise<ResetScheduleRow> {
    const row = await findSchedule(db, id);
    if (!row || !(await visible(principal, row))) throw notFound('Occupancy reset schedule');
    return row;
  }

  return {
    /** A schedule set up by the system (the demo's nightly reset): no caller, so not audited. */
    async addSystemSchedule(row: { name: string; time: string; days: number[]; locationIds: string[] }) {
      const id = await replaceSchedule(db, null, row);
      forgetTargets();
      return id;
    },

    async list(principal: Principal) {
      const out = [];
      for (const row of await listSchedules(db)) if (await visible(principal, row)) out.push(view(row));
      return out;
    },

    async save(principal: Principal, body: SaveOccupancyResetBody) {
      const oldId = body.scheduleDto.id ? body.scheduleDto.id : null;
      if (oldId) await loadVisible(principal, oldId);
      const ids = [...new Set(body.locations.map((l) => l.id))];
      const kinds = await nodeKinds(db, ids);
      for (const [i, l] of body.locations.entries()) {
        if (!(await scope.isInScope(principal, l.id))) throw notFound('Location');
        if (kinds.get(l.id) !== 'location') throw badRequest('Not a location', `locations.${i}.id`);
      }
      const kind = !oldId ? 'creation' : body.removedId ? 'deleteLocation' : 'modification';
      const id = await eventLog.withAudit(async (tx) => {
        const id = await replaceSchedule(db, oldId, {
          name: body.scheduleDto.name ?? '',
          time: body.scheduleDto.time,
          days: [...new Set(body.scheduleDto.daysOfWeek ?? ALL_DAYS)].sort(),
          locationIds: ids,
        });
        await eventLog.record(tx, principal, `OccupancyReset.${kind}`, id, {
          replaced: oldId,
          removedId: body.removedId ?? null,
          time: body.scheduleDto.time,
          locations: ids,
        });
        return id;
      });
      forgetTargets();
      return { ...view((await findSchedule(db, id))!), messageKey: OCCUPANCY_RESET_MESSAGE_KEYS[kind][0] };
    },

    async remove(principal: Principal, id: string) {
      await loadVisible(principal, id);
      await eventLog.withAudit(async (tx) => {
        await deleteSchedule(db, id);
        await eventLog.record(tx, principal, 'OccupancyReset.delete', id, {});
      });
      forgetTargets();
      return { messageKey: OCCUPANCY_RESET_MESSAGE_KEYS.delete[0] };
    },

    /**
     * The tree node's `occupancy-reset-schedule`: the schedules resetting the node (a location), its
     * location (a device) or locations under it (a group), each listing only the caller's locations.
     */
    async ofNode(principal: Principal, nodeId: string) {
      await scope.assertInScope(principal, nodeId, 'Node');
      const ids = new Set(await scheduleIdsOfNode(db, nodeId));
      const out = [];
      for (const row of await listSchedules(db)) {
        if (!ids.has(row.id)) continue;
        const locations = [];
        for (const l of row.locations) if (await scope.isInScope(principal, l.id)) locations.push(l);
        out.push(view({ ...row, locations }));
      }
      return out;
    },

    /**
     * "Reset now" of one location (the settings screen): its occupancy goes back to the floor at this
     * instant, audited as `Occupancy.Reset` with the caller. 404 outside the scope or without an
     * occupancy configuration; 400 on `nodeId` for a node that is not a location.
     */
    async resetNow(principal: Principal, nodeId: string) {
      await scope.assertInScope(principal, nodeId, 'Location');
      if ((await nodeKinds(db, [nodeId])).get(nodeId) !== 'location')
        throw badRequest('Not a location', 'nodeId');
      const cfg = await occupancy.configOfNode(nodeId);
      if (!cfg) throw notFound('Occupancy');
      const at = clock.now();
      const value = await occupancy.reset(cfg.id, at, { nodeId, manual: true, at }, principal);
      return { occupancyId: cfg.id, occupancyValue: value ?? 0, resetOn: at.toISOString() };
    },

    /**
     * Every (schedule, location) pair with the location's time zone, for the daily job
     * (occupancy.jobs.ts) to run at the schedule's time on its weekdays, in the location's own zone.
     */
    async scheduledResets(): Promise<ScheduledReset[]> {
      const now = clock.now().getTime();
      if (!cachedTargets || now - cachedTargets.readAt >= TARGETS_MAX_AGE_MS || now < cachedTargets.readAt) {
        cachedTargets = { readAt: now, resets: await readScheduledResets() };
      }
      return cachedTargets.resets;
    },

    /**
     * Resets one location of a schedule at `at` (the schedule's local time that day), audited. The
     * scheduler claims each (schedule, location, local date) once, so this runs once a day per pair.
     * Answers false when the location has no occupancy configuration.
     */
    async runScheduledReset(reset: { scheduleId: string; nodeId: string }, at: Date): Promise<boolean> {
      const cfg = await occupancy.configOfNode(reset.nodeId);
      if (!cfg) return false;
      // the reset and its entry commit together (inside occupancy.reset)
      await occupancy.reset(cfg.id, at, { scheduleId: reset.scheduleId, at });
      log.info({ nodeId: reset.nodeId, at }, 'occupancy reset');
      return true;
    },
  };
}

export type OccupancyResetService = ReturnType<typeof createOccupancyResetService>;
