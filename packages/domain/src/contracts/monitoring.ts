import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { INCIDENT_HISTORY_PAGE_SIZE } from '../constants.js';

/**
 * Monitoring (spec section 7 "Monitoring", "Incident", "DeviceActivity"; issue 13): device health,
 * incidents raised by the detection rules, tickets opened from incidents, comments, rule thresholds and
 * mail recipients per client group.
 *
 * Routes (server `features/monitoring`); every list and object is limited to the caller's scope, and an
 * object outside it answers 404:
 *
 *   GET  /api/Monitoring/GetNbOpenTickets                      everyone        -> OpenTicketCount
 *   GET  /api/Monitoring/OpenTickets?nodeIds                    everyone        -> Ticket[]
 *   GET  /api/Monitoring/HistoryTicket?nodeIds&page&pageSize    everyone        -> TicketPage (closed tickets)
 *   GET  /api/Monitoring/Tickets/{ticketNumber}                 everyone        -> TicketDetail
 *   GET  /api/Monitoring/Incidents?macAddresses&openOnly&limit&page&scopeType&rule&severity&clientGroupId&nodeIds
 *                                                               superAdmin, deviceManagerAdmin -> IncidentPage
 *   GET  /api/Monitoring/devices?nodeIds&status&search          superAdmin, deviceManagerAdmin -> DeviceHealth[]
 *   GET  /api/Monitoring/devices/{deviceId}                     superAdmin, deviceManagerAdmin -> DeviceDetail
 *   POST /api/Monitoring/RefreshDevices  {nodeIds?}             superAdmin, deviceManagerAdmin -> RefreshDevicesResult
 *   GET  /api/DeviceActivity?deviceId&from&to                   superAdmin, deviceManagerAdmin -> DeviceActivity
 *   POST /api/Incident/{incidentId}/approve  {comment?}         superAdmin, deviceManagerAdmin -> Ticket
 *   POST /api/Incident/{incidentId}/discard  {reason}           superAdmin, deviceManagerAdmin -> Incident
 *   POST /api/Incident/ticket/{ticketNumber}/close  {note}      superAdmin, admin, deviceManagerAdmin -> Ticket
 *   GET  /api/Incident/ticket/{ticketNumber}/comments           everyone        -> TicketComment[]
 *   POST /api/Incident/ticket/{ticketNumber}/comments  {text}   everyone        -> TicketComment
 *   GET  /api/Monitoring/rules/{clientGroupId}                  superAdmin      -> RuleSettings
 *   PUT  /api/Monitoring/rules/{clientGroupId}  RuleThresholdsInput  superAdmin -> RuleSettings
 *   GET  /api/Monitoring/recipients/{clientGroupId}             superAdmin      -> MonitoringRecipients
 *   PUT  /api/Monitoring/recipients/{clientGroupId}  MonitoringRecipientsInput  superAdmin -> MonitoringRecipients
 *
 * Times are ISO 8601 instants (UTC, `Z`) unless a field says "local".
 */

const flag = (def: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === true || v === 'true' || v === '1'));

/** A comma-separated query list (`a,b,c`), also accepted as a repeated parameter. */
const listParam = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .union([z.string().max(20_000), z.array(z.string().max(200)).max(max)])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter((s) => s.length > 0),
    )
    .pipe(z.array(item).max(max));

const MAC = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;
const macAddress = z.string().regex(MAC, 'expected a MAC address such as AA:BB:CC:DD:EE:FF');
const instant = z.string();

// ---------------------------------------------------------------------------------------------
// Rules, severities, statuses

/**
 * The six detection rules:
 * - `offline`: no data while the location is open, for at least `offlineMinutes` expected minutes.
 * - `blocked`: counting zero during business hours for `blockedMinutes` while the location's other
 *   devices count (blocked or blinded lens).
 * - `imbalance`: |in - out| / max(in, out) above `imbalanceRatio` over the previous local day, on days
 *   where max(in, out) >= `imbalanceMinTraffic`.
 * - `clockDrift`: intervals stamped more than `clockFutureMinutes` after their arrival, or a device
 *   whose newest interval lags its last arrival by more than `clockLagMinutes`.
 * - `counterReset`: a cumulative register (Irisys) went back, `counterResetsPerDay` times or more in 24 h.
 * - `suddenDrop`: a location's traffic in over the previous local day below (1 - `dropRatio`) times the
 *   mean of the same weekday over the 4 weeks before, when that mean is >= `dropMinTraffic`.
 */
export const INCIDENT_RULES = [
  'offline',
  'blocked',
  'imbalance',
  'clockDrift',
  'counterReset',
  'suddenDrop',
] as const;
export const IncidentRule = z.enum(INCIDENT_RULES);
export type IncidentRule = z.infer<typeof IncidentRule>;

export const INCIDENT_SEVERITIES = ['warning', 'error'] as const;
export const IncidentSeverity = z.enum(INCIDENT_SEVERITIES);
export type IncidentSeverity = z.infer<typeof IncidentSeverity>;

/** Spec: scope type 0 = a device, 1 = a location. */
export const INCIDENT_SCOPE_TYPES = { device: 0, location: 1 } as const;
export const IncidentScopeType = z.union([z.literal(0), z.literal(1)]);
export type IncidentScopeType = z.infer<typeof IncidentScopeType>;

/**
 * An incident's lifecycle: `open` while the condition holds (and nobody discarded it), `resolved` when
 * the condition cleared by itself, `discarded` when a user called it a false alarm.
 */
export const INCIDENT_STATUSES = ['open', 'resolved', 'discarded'] as const;
export const IncidentStatus = z.enum(INCIDENT_STATUSES);
export type IncidentStatus = z.infer<typeof IncidentStatus>;

export const TICKET_STATUSES = ['open', 'closed'] as const;
export const TicketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatus>;

/**
 * Device health status:
 * - `online`: the newest interval ended less than `lateMinutes` ago;
 * - `late`: behind by more than `lateMinutes`, but fewer than `offlineMinutes` expected (open) minutes missing;
 * - `offline`: `offlineMinutes` or more expected minutes without data;
 * - `noDataExpected`: behind, but the location was closed all that time (a closed store is not an outage);
 * - `neverReported`: no data ever.
 */
export const DEVICE_STATUSES = ['online', 'late', 'offline', 'noDataExpected', 'neverReported'] as const;
export const DeviceStatus = z.enum(DEVICE_STATUSES);
export type DeviceStatus = z.infer<typeof DeviceStatus>;

// ---------------------------------------------------------------------------------------------
// Rule thresholds (per client group, superAdmin)

export const RuleThresholds = z.object({
  /** health: behind by more than this = late */
  lateMinutes: z.number().int().min(1).max(1440),
  /** offline rule and status: expected minutes without data */
  offlineMinutes: z.number().int().min(5).max(10_080),
  /** blocked rule: length of the all-zero window (whole 15-minute slots inside business hours) */
  blockedMinutes: z.number().int().min(15).max(1440),
  /** blocked rule: the location's other devices counted at least this much in the same window */
  blockedOthersMinCount: z.number().int().min(1).max(1_000_000),
  /** imbalance rule: |in - out| / max(in, out) above this (0..1) */
  imbalanceRatio: z.number().min(0.01).max(1),
  /** imbalance rule: only days where max(in, out) reaches this */
  imbalanceMinTraffic: z.number().int().min(1).max(10_000_000),
  /** clock drift: an interval stamped more than this after its arrival */
  clockFutureMinutes: z.number().int().min(1).max(10_080),
  /** clock drift: newest interval older than its arrival by more than this */
  clockLagMinutes: z.number().int().min(5).max(10_080),
  /** counter resets in 24 h that raise an incident */
  counterResetsPerDay: z.number().int().min(1).max(1000),
  /** sudden drop: fraction lost against the 4-week same-weekday mean (0..1) */
  dropRatio: z.number().min(0.05).max(1),
  /** sudden drop: only when that mean reaches this */
  dropMinTraffic: z.number().int().min(1).max(10_000_000),
});
export type RuleThresholds = z.infer<typeof RuleThresholds>;

/** The documented defaults (README "Monitoring"), used where a client group set nothing. */
export const DEFAULT_RULE_THRESHOLDS: RuleThresholds = {
  lateMinutes: 10,
  offlineMinutes: 30,
  blockedMinutes: 60,
  blockedOthersMinCount: 20,
  imbalanceRatio: 0.2,
  imbalanceMinTraffic: 200,
  clockFutureMinutes: 5,
  clockLagMinutes: 180,
  counterResetsPerDay: 1,
  dropRatio: 0.5,
  dropMinTraffic: 100,
};

/** Severity of each rule's incidents. */
export const RULE_SEVERITY: Record<IncidentRule, IncidentSeverity> = {
  offline: 'error',
  blocked: 'error',
  imbalance: 'warning',
  clockDrift: 'warning',
  counterReset: 'warning',
  suddenDrop: 'warning',
};

/** PUT /api/Monitoring/rules/{clientGroupId}: the thresholds to set; a null one goes back to its default. */
export const RuleThresholdsInput = z
  .object(
    Object.fromEntries(
      Object.entries(RuleThresholds.shape).map(([k, v]) => [k, v.nullable().optional()]),
    ) as { [K in keyof RuleThresholds]: z.ZodOptional<z.ZodNullable<(typeof RuleThresholds.shape)[K]>> },
  )
  .strict();
export type RuleThresholdsInput = z.infer<typeof RuleThresholdsInput>;

export const RuleSettings = z.object({
  clientGroupId: z.uuid(),
  /** what applies: the group's own values over the defaults */
  thresholds: RuleThresholds,
  /** the values the group set itself (the others follow the defaults) */
  overrides: RuleThresholds.partial(),
  defaults: RuleThresholds,
});
export type RuleSettings = z.infer<typeof RuleSettings>;

export const ClientGroupParams = z.object({ clientGroupId: z.uuid() });
export type ClientGroupParams = z.infer<typeof ClientGroupParams>;

// ---------------------------------------------------------------------------------------------
// Recipients (per client group, superAdmin): who is mailed when a ticket opens and closes

/**
 * A recipient is a user of the client group (mailed at their address, in their language) or a plain
 * address with a language.
 */
export const MonitoringRecipientInput = z.union([
  z.object({ userId: z.uuid() }).strict(),
  z
    .object({
      email: z.email().max(320),
      language: z.enum(['en', 'fr', 'es']).default('en'),
    })
    .strict(),
]);
export type MonitoringRecipientInput = z.input<typeof MonitoringRecipientInput>;

export const MonitoringRecipientsInput = z.object({
  recipients: z.array(MonitoringRecipientInput).max(50),
});
export type MonitoringRecipientsInput = z.input<typeof MonitoringRecipientsInput>;

export const MonitoringRecipient = z.object({
  userId: z.uuid().nullable(),
  /** the user's name, null for a plain address */
  name: z.string().nullable(),
  email: z.string(),
  language: z.string(),
});
export type MonitoringRecipient = z.infer<typeof MonitoringRecipient>;

export const MonitoringRecipients = z.object({
  clientGroupId: z.uuid(),
  recipients: z.array(MonitoringRecipient),
});
export type MonitoringRecipients = z.infer<typeof MonitoringRecipients>;

// ---------------------------------------------------------------------------------------------
// Incidents

export const IncidentReview = z.object({
  /** approved: a ticket was opened from it; discarded: a false alarm */
  decision: z.enum(['approved', 'discarded']),
  by: z.string(),
  at: instant,
  /** the discard reason, or the approval comment */
  text: z.string().nullable(),
});
export type IncidentReview = z.infer<typeof IncidentReview>;

export const Incident = z.object({
  id: z.uuid(),
  rule: IncidentRule,
  severity: IncidentSeverity,
  status: IncidentStatus,
  /** 0 = device, 1 = location */
  scopeType: IncidentScopeType,
  /** the device (scope 0) or the location (scope 1) */
  nodeId: z.uuid(),
  nodeName: z.string(),
  /** the device's MAC address (scope 0, when the device has one) */
  macAddress: z.string().nullable(),
  deviceId: z.uuid().nullable(),
  deviceName: z.string().nullable(),
  locationId: z.uuid().nullable(),
  locationName: z.string().nullable(),
  clientGroupId: z.uuid().nullable(),
  clientGroupName: z.string().nullable(),
  firstSeenAt: instant,
  lastSeenAt: instant,
  resolvedAt: instant.nullable(),
  /** what the rule measured (e.g. {missingMinutes}, {in, out, ratio}, {value, mean}); the web formats it */
  details: z.record(z.string(), z.unknown()),
  review: IncidentReview.nullable(),
  /** the ticket opened from it, if approved */
  ticketNumber: z.string().nullable(),
});
export type Incident = z.infer<typeof Incident>;

/**
 * GET /api/Monitoring/Incidents. `macAddresses` (comma list) limits to those devices; `openOnly` to open
 * incidents; `limit` is the page size (10 for a device's history, spec section 9); `page` counts from 1;
 * `nodeIds` limits to incidents under those tree nodes. Newest first seen first.
 */
export const IncidentsQuery = z.object({
  macAddresses: listParam(macAddress, 200),
  openOnly: flag(false),
  limit: z.coerce.number().int().min(1).max(500).default(INCIDENT_HISTORY_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  scopeType: z.coerce.number().pipe(IncidentScopeType).optional(),
  rule: IncidentRule.optional(),
  severity: IncidentSeverity.optional(),
  status: IncidentStatus.optional(),
  clientGroupId: z.uuid().optional(),
  nodeIds: listParam(z.uuid(), 500),
});
export type IncidentsQuery = z.infer<typeof IncidentsQuery>;
export type IncidentsQueryInput = z.input<typeof IncidentsQuery>;

export const IncidentPage = z.object({
  items: z.array(Incident),
  /** number of incidents matching the filters, all pages together */
  fullCount: z.number().int(),
});
export type IncidentPage = z.infer<typeof IncidentPage>;

export const IncidentParams = z.object({ incidentId: z.uuid() });
export type IncidentParams = z.infer<typeof IncidentParams>;

export const ApproveIncidentBody = z.object({
  /** first comment of the ticket */
  comment: safeText().trim().max(4000).optional(),
});
export type ApproveIncidentBody = z.infer<typeof ApproveIncidentBody>;

export const DiscardIncidentBody = z.object({
  reason: safeText().trim().min(1).max(4000),
});
export type DiscardIncidentBody = z.infer<typeof DiscardIncidentBody>;

// ---------------------------------------------------------------------------------------------
// Tickets

/** `T-000123`: per deployment, sequential. */
export const TICKET_NUMBER = /^T-\d{6,}$/;
export const TicketNumberParams = z.object({
  ticketNumber: z.string().regex(TICKET_NUMBER, 'expected a ticket number such as T-000123'),
});
export type TicketNumberParams = z.infer<typeof TicketNumberParams>;

export const Ticket = z.object({
  ticketNumber: z.string(),
  status: TicketStatus,
  openedAt: instant,
  openedBy: z.string(),
  closedAt: instant.nullable(),
  closedBy: z.string().nullable(),
  closeNote: z.string().nullable(),
  commentCount: z.number().int(),
  /** the incident the ticket was opened from (its status tells whether the condition still holds) */
  incident: Incident,
});
export type Ticket = z.infer<typeof Ticket>;

export const TicketComment = z.object({
  id: z.uuid(),
  ticketNumber: z.string(),
  author: z.string(),
  authorId: z.uuid().nullable(),
  text: z.string(),
  createdAt: instant,
});
export type TicketComment = z.infer<typeof TicketComment>;

/** One step of a ticket's timeline, oldest first. */
export const TICKET_EVENT_KINDS = ['detected', 'approved', 'commented', 'resolved', 'closed'] as const;
export const TicketEvent = z.object({
  kind: z.enum(TICKET_EVENT_KINDS),
  at: instant,
  by: z.string().nullable(),
  text: z.string().nullable(),
});
export type TicketEvent = z.infer<typeof TicketEvent>;

export const TicketDetail = Ticket.extend({
  comments: z.array(TicketComment),
  timeline: z.array(TicketEvent),
});
export type TicketDetail = z.infer<typeof TicketDetail>;

/** GET /api/Monitoring/OpenTickets: `nodeIds` limits to tickets under those tree nodes (the tree view). */
export const OpenTicketsQuery = z.object({
  nodeIds: listParam(z.uuid(), 500),
});
export type OpenTicketsQuery = z.infer<typeof OpenTicketsQuery>;

/** GET /api/Monitoring/HistoryTicket: closed tickets, newest closed first; `page` counts from 1. */
export const HistoryTicketQuery = z.object({
  nodeIds: listParam(z.uuid(), 500),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(INCIDENT_HISTORY_PAGE_SIZE),
});
export type HistoryTicketQuery = z.infer<typeof HistoryTicketQuery>;

export const TicketPage = z.object({
  items: z.array(Ticket),
  fullCount: z.number().int(),
});
export type TicketPage = z.infer<typeof TicketPage>;

/** GET /api/Monitoring/GetNbOpenTickets: open tickets within the caller's scope. */
export const OpenTicketCount = z.object({ count: z.number().int() });
export type OpenTicketCount = z.infer<typeof OpenTicketCount>;

export const CloseTicketBody = z.object({
  note: safeText().trim().min(1).max(4000),
});
export type CloseTicketBody = z.infer<typeof CloseTicketBody>;

export const TicketCommentBody = z.object({
  text: safeText().trim().min(1).max(4000),
});
export type TicketCommentBody = z.infer<typeof TicketCommentBody>;

// ---------------------------------------------------------------------------------------------
// Devices

export const DayCompleteness = z.object({
  /** local date of the device's location */
  date: z.string(),
  /** minutes with data / expected minutes; null when nothing was expected (closed) */
  ratio: z.number().nullable(),
  expectedMinutes: z.number().int(),
  minutesWithData: z.number().int(),
});
export type DayCompleteness = z.infer<typeof DayCompleteness>;

export const DeviceHealth = z.object({
  deviceId: z.uuid(),
  name: z.string(),
  macAddress: z.string().nullable(),
  serialNumber: z.string().nullable(),
  firmware: z.string().nullable(),
  deviceConnectorAvailable: z.boolean(),
  locationId: z.uuid().nullable(),
  locationName: z.string().nullable(),
  clientGroupId: z.uuid().nullable(),
  clientGroupName: z.string().nullable(),
  timeZone: z.string(),
  status: DeviceStatus,
  /** start of the newest interval received */
  lastIntervalAt: instant.nullable(),
  /** when the newest data arrived at the server */
  lastArrivalAt: instant.nullable(),
  /** completeness of today so far (business hours, up to now); null when nothing was expected */
  completenessToday: z.number().nullable(),
  /** the last 7 local days, oldest first, today included (the sparkline) */
  completenessDays: z.array(DayCompleteness),
  /** completeness over those 7 days together; null when nothing was expected */
  completeness7d: z.number().nullable(),
  openIncidents: z.number().int(),
});
export type DeviceHealth = z.infer<typeof DeviceHealth>;

export const DevicesQuery = z.object({
  nodeIds: listParam(z.uuid(), 500),
  status: DeviceStatus.optional(),
  /** name, MAC address or serial number contains (case-insensitive) */
  search: safeText().trim().max(200).optional(),
});
export type DevicesQuery = z.infer<typeof DevicesQuery>;

export const DeviceParams = z.object({ deviceId: z.uuid() });
export type DeviceParams = z.infer<typeof DeviceParams>;

export const DeviceStatusChange = z.object({
  status: DeviceStatus,
  from: instant,
  /** null: still the status */
  to: instant.nullable(),
});
export type DeviceStatusChange = z.infer<typeof DeviceStatusChange>;

export const DeviceSeries = z.object({
  id: z.uuid(),
  measurementProtocol: z.string(),
  metaTags: z.array(z.string()),
  intervalSeconds: z.number().int(),
});
export type DeviceSeries = z.infer<typeof DeviceSeries>;

export const DeviceDetail = DeviceHealth.extend({
  /** newest first, the last 30 days */
  statusHistory: z.array(DeviceStatusChange),
  series: z.array(DeviceSeries),
  /** the thresholds that apply to this device (its client group's) */
  thresholds: RuleThresholds,
});
export type DeviceDetail = z.infer<typeof DeviceDetail>;

export const RefreshDevicesBody = z.object({
  /** limit the refresh to devices under these nodes; all visible devices when absent */
  nodeIds: z.array(z.uuid()).max(500).optional(),
});
export type RefreshDevicesBody = z.infer<typeof RefreshDevicesBody>;

export const RefreshDevicesResult = z.object({
  /** devices whose health was recomputed from the stored data */
  devices: z.number().int(),
  refreshedAt: instant,
});
export type RefreshDevicesResult = z.infer<typeof RefreshDevicesResult>;

// ---------------------------------------------------------------------------------------------
// DeviceActivity

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /api/DeviceActivity: `from` (inclusive) and `to` (exclusive) are local dates of the device's
 * location, at most 31 days apart; by default the last 7 days up to tomorrow.
 */
export const DeviceActivityQuery = z.object({
  deviceId: z.uuid(),
  from: z.string().regex(LOCAL_DATE, 'expected YYYY-MM-DD').optional(),
  to: z.string().regex(LOCAL_DATE, 'expected YYYY-MM-DD').optional(),
});
export type DeviceActivityQuery = z.infer<typeof DeviceActivityQuery>;

export const DeviceActivityHour = z.object({
  /** local hour start 'YYYY-MM-DD HH:00' */
  hour: z.string(),
  /** the same hour as an instant (the repeated autumn hour appears twice, with two instants) */
  start: instant,
  /** TrafficIn / TrafficOut counted in the hour; null when no data */
  in: z.number().nullable(),
  out: z.number().nullable(),
  minutesWithData: z.number().int(),
  /** business minutes of the hour (0 = closed) */
  expectedMinutes: z.number().int(),
  /** how long after their interval the points of this hour arrived (seconds); null if unknown */
  maxDelaySeconds: z.number().nullable(),
  minDelaySeconds: z.number().nullable(),
});
export type DeviceActivityHour = z.infer<typeof DeviceActivityHour>;

export const DeviceActivityGap = z.object({
  from: instant,
  to: instant,
  /** expected (business) minutes without data inside the gap */
  missingMinutes: z.number().int(),
});
export type DeviceActivityGap = z.infer<typeof DeviceActivityGap>;

export const DeviceActivity = z.object({
  deviceId: z.uuid(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** every local hour of the period up to now, oldest first */
  hours: z.array(DeviceActivityHour),
  /** runs of hours with expected minutes but no data */
  gaps: z.array(DeviceActivityGap),
});
export type DeviceActivity = z.infer<typeof DeviceActivity>;

// ---------------------------------------------------------------------------------------------
// Completeness in the aggregated query (POST /api/TimeSeries/AggregatedTimeSeries, includeCompleteness)

export const NodeCompleteness = z.object({
  nodeId: z.uuid(),
  /** minutes with data / expected minutes over the period's business hours up to now; null: nothing expected */
  ratio: z.number().nullable(),
  expectedMinutes: z.number().int(),
  missingMinutes: z.number().int(),
  /** devices under the node counted */
  devices: z.number().int(),
});
export type NodeCompleteness = z.infer<typeof NodeCompleteness>;
