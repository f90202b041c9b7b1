import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** Tracks (migration 0750). `track_point` is partitioned by day; see the migration. */
export interface TrackPointTable {
  device_id: string;
  track_id: string;
  occurred_on: Timestamp;
  x: number;
  y: number;
}

export interface TrackDeviceTable {
  device_id: string;
  scale: Generated<number>;
  rotation: Generated<number>;
  offset_x: Generated<number>;
  offset_y: Generated<number>;
  updated_on: Generated<Timestamp>;
}

export interface FloorPlanTable {
  location_id: string;
  content_type: string;
  image: Buffer;
  width: number;
  height: number;
  updated_on: Generated<Timestamp>;
}

/** `area` is a PostgreSQL polygon, written and read as text "((x1,y1),(x2,y2),...)". */
export interface TrackZoneTable {
  id: Generated<string>;
  device_id: string;
  name: string;
  area: string;
  position: Generated<number>;
}

export interface TrackTables {
  track_point: TrackPointTable;
  track_device: TrackDeviceTable;
  floor_plan: FloorPlanTable;
  track_zone: TrackZoneTable;
}
