import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** Live views and site events (migration 0200_live). */
export interface LiveViewTable {
  id: Generated<string>;
  node_id: string;
  occupancy_id: string | null;
  name: string;
  warning_threshold: Generated<number>;
  alert_threshold: Generated<number>;
  black_screen_outside_business_hours: Generated<boolean>;
  threshold_delta: Generated<number>;
  is_delta_percentage: Generated<boolean>;
  /** sha-256 hex of the public share token; null = no public link */
  share_token_hash: string | null;
  share_created_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SiteEventTable {
  id: Generated<string>;
  node_id: string;
  name: string;
  time_series_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SiteEventSessionTable {
  id: Generated<string>;
  event_id: string;
  /** where the session takes place (organizationalTreeID); the event's node by default */
  node_id: string;
  title: string;
  start_at: Timestamp;
  end_at: Timestamp;
  occupancy_sold: Generated<number>;
  occupancy_max: number | null;
  is_cancelled: Generated<boolean>;
  /** alerts as typed by the organiser, separated by ';' */
  alerts_raw: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LiveTables {
  live_view: LiveViewTable;
  site_event: SiteEventTable;
  site_event_session: SiteEventSessionTable;
}
