import {
  MINUTES_PER_DAY,
  SessionBody,
  formatLocal,
  fromLocalMinute,
  isOverCapacity,
  parseAlerts,
  parseLocal,
  parseSessionCsv,
  sessionState,
  startOfDay,
  toLocalMinute,
  canAccessShowtimes,
  seesWholeTree,
  type MobileSettings,
  type OrgTreeEventsQuery,
  type Principal,
  type SessionCsvError,
  type SiteEvent,
  type SiteEventBody,
  type SiteEventSession,
} from '@footfall/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import type { Tx } from '../../platform/db/unit-of-work.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import {
  deleteEvent,
  deleteSession,
  findEvent,
  findSession,
  insertEvent,
  insertSessions,
  listEvents,
  seriesUnder,
  sessionsBetween,
  updateEvent,
  updateSession,
  type EventRow,
  type SessionRow,
  type SessionWrite,
} from './site-events.repository.js';

interface EventLog {
  withAudit<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  record(
    tx: Tx,
    principal: Principal | null,
    command: string,
    target?: string | null,
    details?: Record<string, unknown>,
  ): Promise<void>;
}

/** What showtimes read from the live side: a place's zone and occupancy, a series' last value. */
export interface PlaceReader {
  placeInfo(nodeId: string): Promise<{ timeZone: string; occupancyValue: number | null }>;
  latestSeriesValue(seriesId: string): Promise<number | null>;
}

export interface SiteEventDeps {
  db: Db;
  clock: Clock;
  scope: ScopeService;
  eventLog: EventLog;
  places: PlaceReader;
  /** the signed-in user's mobile settings, for the showtimes access rule */
  users: { current(principal: Principal): Promise<{ mobileSettings: MobileSettings }> };
}

type SessionInput = z.output<typeof SessionBody>;
/** the day a read lists: a local date, or days from the event's own today */
type DayChoice = Pick<OrgTreeEventsQuery, 'date' | 'dayOffset'>;

/** A CSV with problems: 400 listing every bad line, nothing imported. */
export class CsvInvalidError extends AppError {
  constructor(readonly lines: SessionCsvError[]) {
    // the answer lists at most 100 lines: enough to fix a file, bounded for a huge one
    super(
      400,
      'csv_invalid',
      `${lines.length} line(s) of the file are invalid; nothing was imported`,
      undefined,
      {
        lines: lines.slice(0, 100),
      },
    );
  }
}

export function createSiteEventService(deps: SiteEventDeps) {
  const { db, clock, eventLog, places } = deps;
  const { scope } = deps;

  /** spec section 6: showtimes need the orgtreeevent access flag (403 otherwise) */
  async function assertShowtimesAccess(principal: Principal) {
    const { mobileSettings } = await deps.users.current(principal);
    if (!canAccessShowtimes({ roles: principal.roles, mobileSettings })) {
      throw forbidden('Your account has no access to showtimes');
    }
  }

  async function loadEvent(principal: Principal, id: string) {
    await assertShowtimesAccess(principal);
    const row = await findEvent(db, id);
    if (!row || !(await scope.isInScope(principal, row.node_id))) throw notFound('Event');
    return row;
  }

  /**
   * one day's sessions of an event, in its zone, with states from the clock: the given local date,
   * else the event's own today moved by `dayOffset` days
   */
  async function present(row: EventRow, day: DayChoice): Promise<SiteEvent> {
    const now = clock.now().getTime();
    const place = await places.placeInfo(row.node_id);
    const tz = place.timeZone;
    const dayStart = day.date
      ? parseLocal(`${day.date} 00:00`)!
      : startOfDay(toLocalMinute(tz, now)) + (day.dayOffset ?? 0) * MINUTES_PER_DAY;
    const from = new Date(fromLocalMinute(tz, dayStart).utcMs);
    const to = new Date(fromLocalMinute(tz, dayStart + MINUTES_PER_DAY).utcMs);
    const sessions = await sessionsBetween(db, row.id, from, to);
    const eventOccupancy = row.time_series_id
      ? await places.latestSeriesValue(row.time_series_id)
      : place.occupancyValue;
    const occupancyAt = new Map<string, number | null>([[row.node_id, eventOccupancy]]);
    for (const s of sessions) {
      if (!occupancyAt.has(s.node_id)) {
        occupancyAt.set(s.node_id, (await places.placeInfo(s.node_id)).occupancyValue ?? eventOccupancy);
      }
    }
    return {
      id: row.id,
      name: row.name,
      nodeId: row.node_id,
      nodeName: row.node_name,
      timeSeriesId: row.time_series_id,
      occupancyCurrent: eventOccupancy,
      timeZone: tz,
      day: formatLocal(dayStart).slice(0, 10),
      schedules: sessions.map((s) => presentSession(s, tz, now, occupancyAt.get(s.node_id) ?? null)),
    };
  }

  function presentSession(
    s: SessionRow,
    tz: string,
    now: number,
    occupancy: number | null,
  ): SiteEventSession {
    const state = sessionState(s.start_at.getTime(), s.end_at.getTime(), s.is_cancelled, now);
    const localStart = formatLocal(toLocalMinute(tz, s.start_at.getTime()));
    return {
      sessionID: s.id,
      eventId: s.event_id,
      organizationalTreeID: s.node_id,
      organizationalTreeName: s.node_name,
      time: localStart.slice(11),
      localStart,
      title: s.title,
      duration: Math.round((s.end_at.getTime() - s.start_at.getTime()) / 60_000),
      occupancySold: s.occupancy_sold,
      occupancyMax: s.occupancy_max,
      isCancelled: s.is_cancelled,
      start_at: s.start_at.toISOString(),
      end_at: s.end_at.toISOString(),
      alerts: parseAlerts(s.alerts_raw),
      alertsRaw: s.alerts_raw,
      showDetails: state === 'current',
      state,
      overCapacity: isOverCapacity(state, occupancy, s.occupancy_sold),
      occupancyCurrent: occupancy,
    };
  }

  async function checkEventInput(principal: Principal, input: SiteEventBody) {
    if (!(await scope.isInScope(principal, input.nodeId))) throw badRequest('Node not found', 'nodeId');
    if (input.timeSeriesId && !(await seriesUnder(db, input.timeSeriesId, input.nodeId))) {
      throw badRequest('Series not found on this node', 'timeSeriesId');
    }
    return { node_id: input.nodeId, name: input.name, time_series_id: input.timeSeriesId ?? null };
  }

  /** local start + duration in the event's zone -> the stored instants */
  function instants(tz: string, start: string, durationMinutes: number) {
    const lm = parseLocal(start);
    if (lm === null) throw badRequest('expected YYYY-MM-DD HH:mm', 'start');
    const startMs = fromLocalMinute(tz, lm).utcMs;
    return { start_at: new Date(startMs), end_at: new Date(startMs + durationMinutes * 60_000) };
  }

  async function toSessionWrite(
    principal: Principal,
    event: EventRow,
    input: SessionInput,
  ): Promise<SessionWrite> {
    const nodeId = input.nodeId ?? event.node_id;
    if (
      nodeId !== event.node_id &&
      (!(await scope.isInScope(principal, nodeId)) || !(await scope.contains(event.node_id, nodeId)))
    ) {
      throw badRequest('The session takes place at or below the event node', 'nodeId');
    }
    const { timeZone } = await places.placeInfo(event.node_id);
    return {
      node_id: nodeId,
      title: input.title,
      ...instants(timeZone, input.start, input.durationMinutes),
      occupancy_sold: input.occupancySold,
      occupancy_max: input.occupancyMax ?? null,
      is_cancelled: input.isCancelled,
      alerts_raw: input.alertsRaw,
    };
  }

  return {
    async list(principal: Principal, query: OrgTreeEventsQuery): Promise<SiteEvent[]> {
      await assertShowtimesAccess(principal);
      let root: string | null;
      if (query.nodeId) {
        await scope.assertInScope(principal, query.nodeId);
        root = query.nodeId;
      } else if (principal.scopeNodeId === null) {
        if (!seesWholeTree(principal)) return [];
        root = null;
      } else root = principal.scopeNodeId;
      const rows = await listEvents(db, root);
      return Promise.all(rows.map((r) => present(r, query)));
    },

    /**
     * Sessions running now over capacity at or below these nodes (the alerts' showtime condition,
     * judged by the scheduler: no caller, so no access check).
     */
    async runningOverCapacity(nodeIds: readonly string[]): Promise<SiteEventSession[]> {
      const found = new Map<string, SiteEventSession>();
      for (const root of nodeIds) {
        for (const row of await listEvents(db, root)) {
          for (const s of (await present(row, {})).schedules)
            if (s.state === 'current' && s.overCapacity) found.set(s.sessionID, s);
        }
      }
      return [...found.values()];
    },

    async get(principal: Principal, id: string, day: DayChoice = {}): Promise<SiteEvent> {
      return present(await loadEvent(principal, id), day);
    },

    async create(principal: Principal, input: SiteEventBody): Promise<SiteEvent> {
      const w = await checkEventInput(principal, input);
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertEvent(db, w);
        await eventLog.record(tx, principal, 'SiteEvent.Create', id, { name: w.name, nodeId: w.node_id });
        return id;
      });
      return this.get(principal, id);
    },

    async update(principal: Principal, id: string, input: SiteEventBody): Promise<SiteEvent> {
      await loadEvent(principal, id);
      const w = await checkEventInput(principal, input);
      await eventLog.withAudit(async (tx) => {
        await updateEvent(db, id, w, clock.now());
        await eventLog.record(tx, principal, 'SiteEvent.Update', id, { name: w.name, nodeId: w.node_id });
      });
      return this.get(principal, id);
    },

    async remove(principal: Principal, id: string): Promise<void> {
      const row = await loadEvent(principal, id);
      await eventLog.withAudit(async (tx) => {
        await deleteEvent(db, id);
        await eventLog.record(tx, principal, 'SiteEvent.Delete', id, { name: row.name });
      });
    },

    async addSession(principal: Principal, eventId: string, input: SessionInput): Promise<SiteEventSession> {
      const event = await loadEvent(principal, eventId);
      const w = await toSessionWrite(principal, event, input);
      const id = await eventLog.withAudit(async (tx) => {
        const id = (await insertSessions(db, eventId, [w]))[0]!;
        await eventLog.record(tx, principal, 'SiteEvent.SessionCreate', id, { eventId, title: w.title });
        return id;
      });
      return this.getSession(principal, eventId, id);
    },

    async getSession(principal: Principal, eventId: string, id: string): Promise<SiteEventSession> {
      const event = await loadEvent(principal, eventId);
      const s = await findSession(db, eventId, id);
      if (!s) throw notFound('Session');
      const place = await places.placeInfo(event.node_id);
      const occupancy =
        s.node_id === event.node_id
          ? event.time_series_id
            ? await places.latestSeriesValue(event.time_series_id)
            : place.occupancyValue
          : (await places.placeInfo(s.node_id)).occupancyValue;
      return presentSession(s, place.timeZone, clock.now().getTime(), occupancy);
    },

    async updateSession(
      principal: Principal,
      eventId: string,
      id: string,
      input: SessionInput,
    ): Promise<SiteEventSession> {
      const event = await loadEvent(principal, eventId);
      if (!(await findSession(db, eventId, id))) throw notFound('Session');
      const w = await toSessionWrite(principal, event, input);
      await eventLog.withAudit(async (tx) => {
        await updateSession(db, id, w, clock.now());
        await eventLog.record(tx, principal, 'SiteEvent.SessionUpdate', id, {
          eventId,
          title: w.title,
          isCancelled: w.is_cancelled,
        });
      });
      return this.getSession(principal, eventId, id);
    },

    async removeSession(principal: Principal, eventId: string, id: string): Promise<void> {
      await loadEvent(principal, eventId);
      const s = await findSession(db, eventId, id);
      if (!s) throw notFound('Session');
      await eventLog.withAudit(async (tx) => {
        await deleteSession(db, id);
        await eventLog.record(tx, principal, 'SiteEvent.SessionDelete', id, { eventId, title: s.title });
      });
    },

    /**
     * Demo data (DESIGN section 9): a programme for each venue of the demo, kept a week ahead on
     * every start: three sessions a day, one cancelled now and then, alerts on some.
     */
    async seedDemo(demo: {
      groups: { venues: string };
      locations: { id: string; name: string; groupId: string; capacity: number }[];
    }): Promise<number> {
      const venues = demo.locations.filter((l) => l.groupId === demo.groups.venues);
      let created = 0;
      for (const [v, venue] of venues.entries()) {
        let event = (await listEvents(db, venue.id)).find((e) => e.node_id === venue.id);
        if (!event) {
          const id = await eventLog.withAudit(async (tx) => {
            const id = await insertEvent(db, {
              node_id: venue.id,
              name: `${venue.name} programme`,
              time_series_id: null,
            });
            await eventLog.record(tx, null, 'SiteEvent.Create', id, {
              name: `${venue.name} programme`,
              nodeId: venue.id,
            });
            return id;
          });
          event = (await findEvent(db, id))!;
        }
        const { timeZone } = await places.placeInfo(venue.id);
        const today = startOfDay(toLocalMinute(timeZone, clock.now().getTime()));
        for (let d = 0; d < 7; d++) {
          const day = today + d * MINUTES_PER_DAY;
          const from = new Date(fromLocalMinute(timeZone, day).utcMs);
          const to = new Date(fromLocalMinute(timeZone, day + MINUTES_PER_DAY).utcMs);
          if ((await sessionsBetween(db, event.id, from, to)).length > 0) continue;
          const date = formatLocal(day).slice(0, 10);
          const seed = (v * 7 + d) % 5;
          const shows = [
            { time: '13:00', title: 'Matinee', duration: 120, share: 0.55 },
            { time: '16:30', title: 'Family show', duration: 90, share: 0.7 },
            { time: '20:00', title: 'Evening gala', duration: 150, share: 0.92 },
          ];
          const writes = shows.map((s, k) => ({
            node_id: venue.id,
            title: s.title,
            ...instants(timeZone, `${date} ${s.time}`, s.duration),
            occupancy_sold: Math.round(venue.capacity * (s.share - seed * 0.04)),
            occupancy_max: venue.capacity,
            is_cancelled: seed === 3 && k === 0,
            alerts_raw:
              k === 2 ? 'VIP guests; Security briefing' : seed === 1 && k === 1 ? 'School group' : '',
          }));
          created += (await insertSessions(db, event.id, writes)).length;
        }
      }
      return created;
    },

    /** all sessions of the file or none; times are local to the event's node */
    async importSessions(principal: Principal, eventId: string, csv: string): Promise<{ created: number }> {
      const event = await loadEvent(principal, eventId);
      const { rows, errors } = parseSessionCsv(csv);
      if (errors.length > 0) throw new CsvInvalidError(errors);
      if (rows.length === 0) throw new CsvInvalidError([{ line: 2, field: 'file', message: 'no session' }]);
      const { timeZone } = await places.placeInfo(event.node_id);
      const writes = rows.map((r) => ({
        node_id: event.node_id,
        title: r.title,
        ...instants(timeZone, r.start, r.durationMinutes),
        occupancy_sold: r.occupancySold,
        occupancy_max: r.occupancyMax,
        is_cancelled: r.isCancelled,
        alerts_raw: r.alertsRaw,
      }));
      await eventLog.withAudit(async (tx) => {
        await insertSessions(db, eventId, writes);
        await eventLog.record(tx, principal, 'SiteEvent.SessionImport', eventId, { created: writes.length });
      });
      return { created: writes.length };
    },
  };
}
export type SiteEventService = ReturnType<typeof createSiteEventService>;
