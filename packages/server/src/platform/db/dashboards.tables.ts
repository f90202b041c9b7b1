import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** Dashboards and templates (migration 0300_dashboards). */
export interface DashboardTable {
  id: Generated<string>;
  owner_id: string;
  kind: Generated<'dashboard' | 'report'>;
  name: string;
  json: Json<Record<string, unknown>>;
  linked_template_name: string | null;
  is_default: Generated<boolean>;
  is_default_mobile: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DashboardTemplateTable {
  id: Generated<string>;
  user_group_id: string;
  name: string;
  dashboard: Json<Record<string, unknown>>;
  user_creation_action: Generated<'none' | 'copy' | 'link'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DashboardTables {
  dashboard: DashboardTable;
  dashboard_template: DashboardTemplateTable;
}
