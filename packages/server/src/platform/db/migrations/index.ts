import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0010 from './0010_everyone_group.js';
import * as m0011 from './0011_settings.js';
import * as m0012 from './0012_group_owner_scope.js';
import * as m0020 from './0020_tree.js';
import * as m0100 from './0100_timeseries.js';
import * as m0101 from './0101_rollup_basis.js';
import * as m0102 from './0102_occupancy_managed.js';
import * as m0103 from './0103_node_rollup_hour.js';
import * as m0104 from './0104_query_sources.js';
import * as m0200 from './0200_live.js';
import * as m0300 from './0300_dashboards.js';
import * as m0400 from './0400_job_runs.js';
import * as m0410 from './0410_share_measurements.js';
import * as m0420 from './0420_rollup_stale_queue.js';
import * as m0500 from './0500_user_last_sign_in.js';
import * as m0510 from './0510_monitoring.js';
import * as m0600 from './0600_user_reports.js';
import * as m0620 from './0620_sensor_pipeline.js';
import * as m0630 from './0630_sensor_counters.js';
import * as m0640 from './0640_objectives.js';
import * as m0710 from './0710_report_schedules.js';
import * as m0760 from './0760_customer_sign_in.js';
import * as m0730 from './0730_imports.js';
import * as m0770 from './0770_measurement_partitions.js';
import * as m0810 from './0810_import_sftp.js';
import * as m0720 from './0720_alerts.js';
import * as m0820 from './0820_alert_webhook_secret_sealed.js';
import * as m0821 from './0821_alert_demo_name_key.js';
import * as m0750 from './0750_tracks.js';
import * as m0850 from './0850_timeseries_layout.js';
import * as m0910 from './0910_import_sftp_host_key.js';
import * as m0930 from './0930_node_rollup_day_covering.js';
import * as m0990 from './0990_single_member_node_totals.js';
import * as m0995 from './0995_node_rollup_hour_covering.js';
import * as m0996 from './0996_rollup_day_covering.js';

/** Every migration, by version. Add new ones at the end; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0010_everyone_group': m0010,
  '0011_settings': m0011,
  '0012_group_owner_scope': m0012,
  '0020_tree': m0020,
  '0100_timeseries': m0100,
  '0101_rollup_basis': m0101,
  '0102_occupancy_managed': m0102,
  '0103_node_rollup_hour': m0103,
  '0104_query_sources': m0104,
  '0200_live': m0200,
  '0300_dashboards': m0300,
  '0400_job_runs': m0400,
  '0410_share_measurements': m0410,
  '0420_rollup_stale_queue': m0420,
  '0500_user_last_sign_in': m0500,
  '0510_monitoring': m0510,
  '0600_user_reports': m0600,
  '0620_sensor_pipeline': m0620,
  '0630_sensor_counters': m0630,
  '0640_objectives': m0640,
  '0710_report_schedules': m0710,
  '0760_customer_sign_in': m0760,
  '0730_imports': m0730,
  '0770_measurement_partitions': m0770,
  '0720_alerts': m0720,
  '0750_tracks': m0750,
  '0810_import_sftp': m0810,
  '0820_alert_webhook_secret_sealed': m0820,
  '0821_alert_demo_name_key': m0821,
  '0850_timeseries_layout': m0850,
  '0910_import_sftp_host_key': m0910,
  '0930_node_rollup_day_covering': m0930,
  '0990_single_member_node_totals': m0990,
  '0995_node_rollup_hour_covering': m0995,
  '0996_rollup_day_covering': m0996,
};
