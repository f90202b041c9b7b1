import type { Json, Timestamp } from './columns.js';

/** Deployment-wide settings changed at run time (e.g. the maintenance warning message). */
export interface SettingTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface SettingsTables {
  setting: SettingTable;
}
