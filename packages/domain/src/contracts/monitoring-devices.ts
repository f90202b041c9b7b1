import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { listParam, instant } from './monitoring-params.js';
import { DeviceStatus } from './monitoring-status.js';
import { RuleThresholds } from './monitoring-settings.js';

/** Monitoring (issue 13): device health and completeness, status history, activity per hour. */

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
