import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** External data import tasks, uploaded files and runs (migration 0730). */
export interface ImportTaskTable {
  id: Generated<string>;
  node_id: string;
  name: string;
  disabled_on: NullableTimestamp;
  source_kind: 'upload' | 'https' | 'sftp';
  source_url: string | null;
  source_username: string | null;
  source_secret: Buffer | null;
  /** an SFTP server's host key fingerprint, SHA256 (migration 0910) */
  source_host_key: ColumnType<string | null, string | null | undefined, string | null>;
  pull_at: string | null;
  format: 'csv' | 'xlsx';
  delimiter: string;
  encoding: string;
  mapping: Json<unknown>;
  time_zone: string | null;
  granularity: string;
  skip_invalid_rows: boolean;
  last_pull_on: NullableTimestamp;
  created_on: Timestamp;
  created_by: string | null;
}

export interface ImportFileTable {
  id: Generated<string>;
  name: string;
  size: Generated<string>;
  complete: Generated<boolean>;
  created_by: string | null;
  created_on: Timestamp;
}

export interface ImportFileChunkTable {
  file_id: string;
  seq: number;
  data: Buffer;
}

export interface ImportRunTable {
  id: Generated<string>;
  seq: Generated<string>;
  task_id: string;
  status: 'running' | 'succeeded' | 'rejected' | 'failed';
  trigger: 'upload' | 'pull';
  file_id: string | null;
  file_name: string;
  started_on: Timestamp;
  finished_on: NullableTimestamp;
  rows_read: Generated<number>;
  rows_written: Generated<number>;
  rows_rejected: Generated<number>;
  points_written: Generated<number>;
  bytes_total: Generated<string>;
  bytes_read: Generated<string>;
  message: string | null;
  started_by: string | null;
  started_by_name: string | null;
}

export interface ImportRunErrorTable {
  run_id: string;
  seq: number;
  row_number: number;
  column_name: string;
  code: string;
  value: string;
  message: string;
}

export interface ImportTables {
  import_task: ImportTaskTable;
  import_file: ImportFileTable;
  import_file_chunk: ImportFileChunkTable;
  import_run: ImportRunTable;
  import_run_error: ImportRunErrorTable;
}
