import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/**
 * Monitoring (migration 0510, features/monitoring).
 * - `monitoring_device_health`: one row per device that ever sent data; the newest interval (start and
 *   end) and arrival are moved forward on every ingest, the status by the detection job.
 * - `monitoring_status_change`: the status history (a row per status, `to_at` null while current).
 * - `monitoring_arrival`: per device and UTC hour of the intervals, how long after their interval end
 *   the points arrived (min and max delay, seconds; negative = stamped in the future).
 * - `monitoring_incident`: one row per incident; at most one `open` per (node, rule) (unique partial
 *   index). Scope 0 = device, 1 = location.
 * - `monitoring_ticket`: a ticket per approved incident, numbered from a deployment-wide sequence
 *   (shown as T-000123); `monitoring_ticket_comment` its comments.
 * - `monitoring_rule_settings`: a client group's threshold overrides (jsonb, only the keys it set).
 * - `monitoring_recipient`: a client group's mail recipients, a user or an address with a language.
 */
export interface MonitoringDeviceHealthTable {
  device_id: string;
  last_interval_at: Timestamp | null;
  last_interval_end: Timestamp | null;
  last_arrival_at: Timestamp | null;
  status: Generated<string>;
  status_since: Timestamp | null;
  checked_at: Timestamp | null;
}

export interface MonitoringStatusChangeTable {
  id: Generated<string>;
  device_id: string;
  status: string;
  from_at: Timestamp;
  to_at: Timestamp | null;
}

export interface MonitoringArrivalTable {
  device_id: string;
  hour: Timestamp;
  min_delay_s: number;
  max_delay_s: number;
}

export interface MonitoringIncidentTable {
  id: Generated<string>;
  rule: string;
  severity: string;
  scope_type: number;
  node_id: string;
  status: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
  resolved_at: Timestamp | null;
  details: Json<Record<string, unknown>>;
  review_decision: string | null;
  review_by: string | null;
  review_at: Timestamp | null;
  review_text: string | null;
}

export interface MonitoringTicketTable {
  number: Generated<number>;
  incident_id: string;
  status: string;
  opened_at: Timestamp;
  opened_by: string;
  closed_at: Timestamp | null;
  closed_by: string | null;
  close_note: string | null;
}

export interface MonitoringTicketCommentTable {
  id: Generated<string>;
  /** insertion order (comments of one instant keep the order they were written in) */
  seq: Generated<number>;
  ticket_number: number;
  author: string;
  author_id: string | null;
  text: string;
  created_at: Timestamp;
}

export interface MonitoringRuleSettingsTable {
  client_group_id: string;
  thresholds: Json<Record<string, number>>;
  updated_at: Timestamp;
}

export interface MonitoringRecipientTable {
  id: Generated<string>;
  client_group_id: string;
  user_id: string | null;
  email: string | null;
  language: string | null;
  position: number;
}

export interface MonitoringTables {
  monitoring_device_health: MonitoringDeviceHealthTable;
  monitoring_status_change: MonitoringStatusChangeTable;
  monitoring_arrival: MonitoringArrivalTable;
  monitoring_incident: MonitoringIncidentTable;
  monitoring_ticket: MonitoringTicketTable;
  monitoring_ticket_comment: MonitoringTicketCommentTable;
  monitoring_rule_settings: MonitoringRuleSettingsTable;
  monitoring_recipient: MonitoringRecipientTable;
}
