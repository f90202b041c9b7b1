import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/**
 * Time-series storage (migration 0100). What the query engine may rely on:
 *
 * KEYS
 * - `time_series.id` (uuid) is the public id; `time_series.key` (int) is the compact key every
 *   measurement and rollup row uses (4 bytes instead of 16 per row: raw rows + index shrink ~35%).
 * - `measurement` is keyed by (series_key, occurred_on): occurred_on is the START of the interval the
 *   value covers (`interval_seconds`, 60 by default). Re-sending an interval replaces the value.
 *   Sub-15-minute alignment is not required, but points are counted in the 15-minute bucket holding
 *   their start.
 *
 * LOCAL TIME
 * - Every series carries a copy of its location's IANA time zone (`time_zone`, the node's own
 *   `timezone` attribute or its nearest ancestor's, 'UTC' when none) and business hours
 *   (`business_minutes`: 7 int4multiranges of local minutes-of-day, index 1 = Sunday ... 7 = Saturday;
 *   empty = closed). They are the basis the rollups were built with; `series.service`
 *   `refreshRollupBasis` re-copies them and rebuilds the rollups when the tree changes.
 * - All current time zone offsets are whole multiples of 15 minutes, so a UTC-aligned 15-minute bucket
 *   is exactly one local 15-minute bucket in every zone. 15-minute rollups are therefore keyed by the
 *   bucket's UTC start instant (`bucket`, timestamptz): unambiguous across DST (the repeated local hour
 *   of a 25-hour day is two distinct instants) and independent of the time zone. Local keys come from
 *   `bucket at time zone <tz>`.
 * - Daily rollups are keyed by the LOCAL date (`local_date`) in the series' time zone: a day is
 *   [local midnight, next local midnight), 23, 24 or 25 hours long.
 *
 * BUSINESS HOURS (exact, even for hours not on 15-minute boundaries)
 * - Every rollup row keeps the full values and a business-hours-only copy (`bh_*`), computed from the
 *   raw points: a point is inside business hours when the local minute-of-day of its start lies in one
 *   of the intervals of that local weekday. A 15-minute bucket half inside hours (open at 09:10) has
 *   `bh_sum` = the 09:10-09:14 minutes only. So business-hours queries never need raw minutes.
 *
 * ROLLUPS (kept current on every ingest, late data included, in the ingest transaction)
 * - `rollup_15m` per series and bucket: sum, count, min, max, first, last (+ bh_ copies).
 * - `rollup_day` per series and local date: the same, built from `rollup_15m`.
 * - Totals per tree node for fast group/location queries: `node_kpi` is one (node, protocol, metaTags)
 *   total; `node_kpi_member` lists the series it adds up: every series whose node is the node itself
 *   or lies below it, of that protocol and tag set, and not `excluded_in_formula` (usedByFormula =
 *   false keeps a series out of its ancestors' totals; it stays queryable on its own node).
 *   Device nodes get no node_kpi: query a device through its series' rollups.
 *   `node_rollup_15m` / `node_rollup_hour` / `node_rollup_day` hold sum and count (+ bh_) of the
 *   members, maintained by deltas of the series rollups. Min/Max/First/Last over a node come from the
 *   series rollups. Hourly and daily node rows add up each member's own local hour / local date
 *   (migration 0103: a local hour is four whole local 15-minute slots in every zone).
 * - A total of ONE series (a store's own Sales, a one-door store's traffic) keeps no node rows: they
 *   would copy that series' rollups (migration 0990). The engine reads such a total through its series;
 *   a total growing to two members gets its rows built then, one shrinking to one loses them. The views
 *   `node_total_15m` / `node_total_hour` / `node_total_day` show every total either way.
 * - Rows exist only where data exists: a missing bucket means no data (0 for Sum in the past).
 *
 * Occupancy: `occupancy_config` per location, its running state on the row; the history is an
 * ordinary series (protocol Occupancy, `source` = 'occupancy:<config id>') so First/Last/Max come
 * from the same rollups.
 */
export interface TimeSeriesTable {
  id: Generated<string>;
  key: Generated<number>;
  node_id: string;
  measurement_protocol: string;
  /** sorted, distinct; '{}' for the plain series */
  meta_tags: string[];
  excluded_in_formula: Generated<boolean>;
  interval_seconds: Generated<number>;
  /** device serial / register id / 'occupancy:<id>' / 'demo' */
  source: string | null;
  time_zone: Generated<string>;
  /** int4multirange[] as text on read; written by SQL only */
  business_minutes: Generated<string>;
  created_at: Timestamp;
}

export interface MeasurementTable {
  series_key: number;
  occurred_on: Timestamp;
  value: number;
}

interface RollupValues {
  sum: number;
  count: number;
  min: number;
  max: number;
  first: number;
  last: number;
  bh_sum: number;
  bh_count: number;
  bh_min: number | null;
  bh_max: number | null;
  bh_first: number | null;
  bh_last: number | null;
}

export interface Rollup15mTable extends RollupValues {
  series_key: number;
  /** UTC start instant of the 15-minute bucket */
  bucket: Timestamp;
}

export interface RollupDayTable extends RollupValues {
  series_key: number;
  /** local date in the series' time zone; date columns are read as 'YYYY-MM-DD' strings (database.ts) */
  local_date: string;
}

export interface NodeKpiTable {
  key: Generated<number>;
  node_id: string;
  measurement_protocol: string;
  meta_tags: string[];
}

export interface NodeKpiMemberTable {
  node_kpi_key: number;
  series_key: number;
}

interface NodeRollupValues {
  sum: number;
  count: number;
  bh_sum: number;
  bh_count: number;
}

export interface NodeRollup15mTable extends NodeRollupValues {
  node_kpi_key: number;
  bucket: Timestamp;
}

/** Migration 0103: per member's local hour (timestamp without time zone, 'YYYY-MM-DD HH:00'). */
export interface NodeRollupHourTable extends NodeRollupValues {
  node_kpi_key: number;
  local_hour: string;
}

export interface NodeRollupDayTable extends NodeRollupValues {
  node_kpi_key: number;
  local_date: string;
}

/** Running register totals of counters that report totals (Irisys): differences become measurements. */
export interface CounterReadingTable {
  series_key: number;
  occurred_on: Timestamp;
  total: number;
}

export interface IngestKeyTable {
  id: Generated<string>;
  name: string;
  /** the client group (or any node) the key may write under */
  scope_node_id: string;
  /** sha256 hex of the key; the key itself is shown once at creation */
  key_hash: string;
  /** first characters of the key, to recognise it in lists */
  key_prefix: string;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface OccupancyConfigTable {
  id: Generated<string>;
  /** a location */
  node_id: string;
  time_series_in_ids: Generated<string[]>;
  time_series_out_ids: Generated<string[]>;
  /** floor_values[1] is the floor the occupancy never goes below (0 by default) */
  floor_values: Generated<number[]>;
  /** the Occupancy series holding the history of this occupancy */
  history_series_id: string | null;
  current_value: Generated<number>;
  /** created by default (all the location's doors) and not edited since: follows new doors */
  auto_managed: Generated<boolean>;
  /** start of the running count: the last reset (or creation) */
  last_reset_at: Timestamp;
  value_updated_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OccupancyAdjustmentTable {
  id: Generated<string>;
  occupancy_id: string;
  occurred_on: Timestamp;
  /** either a delta or an absolute value set by the operator */
  delta: number | null;
  set_value: number | null;
  user_id: string | null;
  requester: string;
}

export interface OccupancyResetScheduleTable {
  id: Generated<string>;
  name: string;
  /** local wall-clock time 'HH:mm' in each location's zone */
  time_of_day: string;
  /** 0 = Sunday ... 6 = Saturday; all seven for a daily reset */
  days_of_week: number[];
  created_at: Timestamp;
}

export interface OccupancyResetScheduleLocationTable {
  schedule_id: string;
  node_id: string;
  /** local date of the last reset run, so each scheduled reset runs exactly once */
  last_run_local_date: string | null;
}

/** Nodes whose subtree's rollup basis or totals must be rebuilt (queued by triggers, migration 0101). */
export interface RollupStaleTable {
  node_id: string;
  marked_at: Timestamp;
}

export interface TimeSeriesTables {
  rollup_stale: RollupStaleTable;
  time_series: TimeSeriesTable;
  measurement: MeasurementTable;
  rollup_15m: Rollup15mTable;
  rollup_day: RollupDayTable;
  node_kpi: NodeKpiTable;
  node_kpi_member: NodeKpiMemberTable;
  node_rollup_15m: NodeRollup15mTable;
  node_rollup_hour: NodeRollupHourTable;
  node_rollup_day: NodeRollupDayTable;
  counter_reading: CounterReadingTable;
  ingest_key: IngestKeyTable;
  occupancy_config: OccupancyConfigTable;
  occupancy_adjustment: OccupancyAdjustmentTable;
  occupancy_reset_schedule: OccupancyResetScheduleTable;
  occupancy_reset_schedule_location: OccupancyResetScheduleLocationTable;
}
