import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** Scheduled reports and their history (migration 0710_report_schedules). */
export interface ReportScheduleTable {
  id: Generated<string>;
  owner_id: string;
  kind: 'report' | 'dashboard';
  title: string;
  report_name: string | null;
  dashboard_id: string | null;
  frequency: 'daily' | 'weekly' | 'monthly';
  time_of_day: string;
  weekdays: number[];
  day_of_month: number | null;
  time_zone: string;
  relative_period: string;
  formats: string[];
  recipients: Json<({ userId: string } | { email: string })[]>;
  language: string;
  nodes1: string[];
  nodes2: string[];
  groups1: string[];
  groups2: string[];
  options: Json<Record<string, unknown>>;
  disabled_on: Date | null;
  next_run_at: Date | null;
  retry_attempt: Generated<number>;
  retry_of: Date | null;
  created_on: Timestamp;
  updated_on: Timestamp;
}

export interface ReportScheduleRunTable {
  id: Generated<string>;
  schedule_id: string;
  occurred_on: Date;
  execution_result: 'Success' | 'Failure';
  error: string | null;
  trigger: 'schedule' | 'manual';
  attempts: number;
  period_from: string | null;
  period_to: string | null;
  recipients: number;
  files: string[];
}

export interface ReportScheduleTables {
  report_schedule: ReportScheduleTable;
  report_schedule_run: ReportScheduleRunTable;
}
