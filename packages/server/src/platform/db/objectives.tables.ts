import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** Objectives per node, KPI and period (migration 0640). Dates are "YYYY-MM-DD" strings. */
export interface ObjectiveTable {
  id: Generated<string>;
  node_id: string;
  kpi: string;
  period_type: 'day' | 'weekday' | 'week' | 'month' | 'year';
  start_date: string;
  end_date: string;
  value: number | null;
  weekday_values: number[] | null;
  updated_on: Timestamp;
  updated_by: string | null;
}

export interface ObjectiveTables {
  objective: ObjectiveTable;
}
