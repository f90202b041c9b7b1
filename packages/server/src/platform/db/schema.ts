import type { Generated } from 'kysely';

/**
 * Typed tables. Each feature declares its tables in its own `*.tables.ts` file and they are joined
 * here, so that Kysely knows every table and column.
 */
import type { FoundationTables } from './foundation.tables.js';
import type { SettingsTables } from './settings.tables.js';
import type { TreeTables } from './tree.tables.js';
import type { TimeSeriesTables } from './timeseries.tables.js';
import type { LiveTables } from './live.tables.js';
import type { DashboardTables } from './dashboards.tables.js';
import type { SchedulerTables } from './scheduler.tables.js';
import type { MonitoringTables } from './monitoring.tables.js';
import type { ObjectiveTables } from './objectives.tables.js';
import type { ReportScheduleTables } from './report-schedules.tables.js';
import type { SsoTables } from './sso.tables.js';
import type { ImportTables } from './imports.tables.js';
import type { AlertTables } from './alerts.tables.js';
import type { TrackTables } from './tracks.tables.js';

export type { Json, Timestamp } from './columns.js';
export type { Generated };

export type Database = FoundationTables &
  SettingsTables &
  TreeTables &
  TimeSeriesTables &
  LiveTables &
  DashboardTables &
  SchedulerTables &
  MonitoringTables &
  ObjectiveTables &
  ReportScheduleTables &
  SsoTables &
  ImportTables &
  AlertTables &
  TrackTables;
