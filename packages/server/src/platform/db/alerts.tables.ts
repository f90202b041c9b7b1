import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** Alert rules (migration 0720); `condition`, `active_hours`, `recipients` follow the domain contract. */
export interface AlertRuleTable {
  id: Generated<string>;
  name: string;
  /** a demo rule's ALERT_DEMO_NAMES key (migration 0821); null for customers' rules */
  name_key: string | null;
  node_ids: string[];
  condition: Json<unknown>;
  condition_kind: string;
  active_hours: Json<unknown>;
  severity: 'info' | 'warning' | 'critical';
  recipients: Json<unknown>;
  email_enabled: boolean;
  webhook_url: string | null;
  /** sealed by the secret box (migration 0820) */
  webhook_secret_sealed: string | null;
  /** secrets saved before 0820, sealed and cleared at start-up */
  webhook_secret_plain: string | null;
  reminder_minutes: number;
  linked_alert_id: string;
  enabled: boolean;
  created_by: string | null;
  updated_on: Timestamp;
}

/** One alert raised on one node; at most one open per rule and node. */
export interface AlertOccurrenceTable {
  id: Generated<string>;
  alert_id: string;
  node_id: string;
  opened_on: Timestamp;
  resolved_on: Timestamp | null;
  last_notified_on: Timestamp;
  value: number | null;
  threshold: number | null;
}

/** What was (or is being) sent to whom: the history and the retry queue. */
export interface AlertDeliveryTable {
  id: Generated<string>;
  alert_id: string;
  occurrence_id: string | null;
  kind: 'opened' | 'reminder' | 'resolved' | 'test';
  channel: 'email' | 'webhook';
  recipient: string;
  language: string;
  payload: Json<unknown>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_on: Timestamp;
  last_error: string | null;
  created_on: Timestamp;
  sent_on: Timestamp | null;
}

export interface AlertTables {
  alert_rule: AlertRuleTable;
  alert_occurrence: AlertOccurrenceTable;
  alert_delivery: AlertDeliveryTable;
}
