import { every, type Job } from '../../platform/scheduler/index.js';
import type { Services } from '../../services.js';
import type { DemoOrganisation } from './demo.service.js';

/**
 * The live demo generator (LIVE_DEMO_GENERATOR, while the demo organisation exists): once a minute it
 * adds each finished minute of demo counts through the ingest path, starting with the minutes missed
 * while the server was stopped, so dashboards and live screens move.
 */
export function demoJobs(services: Pick<Services, 'demoCounts'>, demo: DemoOrganisation): Job[] {
  return [
    { name: 'demo.live-counts', schedule: every({ minutes: 1 }), run: () => services.demoCounts.tick(demo) },
  ];
}
