import { z } from 'zod';

/** Monitoring (issue 13): the detection rules, severities and the incident, ticket and device statuses. */

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
