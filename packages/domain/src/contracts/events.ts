import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { SESSION_STATES } from '../rules/site-events.js';

/**
 * /api/SiteEvent: showtimes. An event (a show, a room's programme) belongs to a node and has
 * sessions; a session has a local start time, a duration, tickets sold and a capacity, can be
 * cancelled and carries alerts. Times in and out are the event node's local wall clock.
 */
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/, 'expected YYYY-MM-DD HH:mm (local time)');
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

export const SiteEventSession = z.object({
  sessionID: z.uuid(),
  eventId: z.uuid(),
  organizationalTreeID: z.uuid(),
  organizationalTreeName: z.string(),
  /** local start 'HH:mm' */
  time: z.string(),
  /** local start 'YYYY-MM-DD HH:mm' */
  localStart: z.string(),
  title: z.string(),
  /** minutes */
  duration: z.number().int(),
  occupancySold: z.number().int(),
  occupancyMax: z.number().int().nullable(),
  isCancelled: z.boolean(),
  start_at: z.string(),
  end_at: z.string(),
  alerts: z.array(z.string()),
  alertsRaw: z.string(),
  /** whether the UI opens the details at first (the current session's are) */
  showDetails: z.boolean(),
  state: z.enum(SESSION_STATES),
  overCapacity: z.boolean(),
  /** occupancy at the session's place now (null when not measured) */
  occupancyCurrent: z.number().nullable(),
});
export type SiteEventSession = z.infer<typeof SiteEventSession>;

export const SiteEvent = z.object({
  id: z.uuid(),
  name: z.string(),
  nodeId: z.uuid(),
  nodeName: z.string(),
  timeSeriesId: z.uuid().nullable(),
  occupancyCurrent: z.number().nullable(),
  timeZone: z.string(),
  /** the local day listed, 'YYYY-MM-DD' in the event's zone (events in other zones may list another date) */
  day: localDate,
  /** the sessions of the asked day, by start time */
  schedules: z.array(SiteEventSession),
});
export type SiteEvent = z.infer<typeof SiteEvent>;
export const SiteEventList = z.array(SiteEvent);

/** GET /api/SiteEvent/orgtreeevents */
export const OrgTreeEventsQuery = z.object({
  /** events at or below this node (default: the caller's scope) */
  nodeId: z.uuid().optional(),
  /** local day (default: today in each event's zone) */
  date: localDate.optional(),
  /**
   * days after (negative: before) today in each event's own zone, when no date is given: a screen
   * listing venues of several time zones pages through each venue's own local days
   */
  dayOffset: z.coerce.number().int().min(-366).max(366).optional(),
});
export type OrgTreeEventsQuery = z.infer<typeof OrgTreeEventsQuery>;

export const SiteEventBody = z.object({
  name: safeText().trim().min(1).max(200),
  nodeId: z.uuid(),
  /** the series measuring attendance; default: the node's occupancy */
  timeSeriesId: z.uuid().nullable().optional(),
});
export type SiteEventBody = z.infer<typeof SiteEventBody>;

export const SessionBody = z.object({
  title: safeText().trim().min(1).max(200),
  start: localDateTime,
  durationMinutes: z.number().int().min(1).max(1440),
  occupancySold: z.number().int().min(0).max(1_000_000).default(0),
  occupancyMax: z.number().int().min(0).max(1_000_000).nullable().optional(),
  isCancelled: z.boolean().default(false),
  alertsRaw: z.string().max(500).default(''),
  /** where it takes place, at or below the event's node (default: the event's node) */
  nodeId: z.uuid().optional(),
});
export type SessionBody = z.input<typeof SessionBody>;

export const SessionParams = z.object({ id: z.uuid(), sessionId: z.uuid() });

export const SessionImportBody = z.object({ csv: z.string().min(1).max(1_000_000) });
export const SessionImportResult = z.object({ created: z.number().int() });
export const SessionImportError = z.object({
  error: z.literal('csv_invalid'),
  message: z.string(),
  statusCode: z.literal(400),
  lines: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
});
