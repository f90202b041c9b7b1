import type { BenchModule } from './bench-kit.js';
import { timeseriesBench } from './timeseries.bench.js';
import { hubBench } from './hub.bench.js';
import { lighthouseBench } from './lighthouse.bench.js';
import { apiBench } from './api.bench.js';
import { monitoringBench } from './monitoring.bench.js';
import { settingsTreeBench } from './settings-tree.bench.js';
import { sensorsBench } from './sensors.bench.js';
import { importsBench } from './imports.bench.js';
import { reportsBench } from './reports.bench.js';
import { startupBench } from './startup.bench.js';
import { churnBench } from './timeseries-churn.bench.js';
import { partitionsBench } from './partitions.bench.js';

/** Every bench module, run in this order by `npm run bench` (add yours here). */
export const benches: BenchModule[] = [
  timeseriesBench,
  hubBench,
  lighthouseBench,
  apiBench,
  monitoringBench,
  settingsTreeBench,
  sensorsBench,
  importsBench,
  reportsBench,
  startupBench,
  churnBench,
  partitionsBench,
];
