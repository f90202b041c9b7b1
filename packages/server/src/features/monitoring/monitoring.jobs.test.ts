import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../platform/db/database.js';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/harness.js';
import { makeDevice, makeLocation } from '../../test/factories.js';
import { monitoringJobs } from './monitoring.jobs.js';

/**
 * Detection runs on the scheduler exactly once per minute slot across instances: two apps on one
 * database (each with its own pool, clock and scheduler) tick the same slots at the same time.
 */
describe('monitoring.detect: two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const { db, url } = await createTestDatabase();
    a = await createTestApp({}, { db });
    const other = createDb(url, { max: 5 }).db;
    afterAll(() => other.destroy());
    b = await createTestApp({}, { db: other });
    a.app.scheduler.register(...monitoringJobs(a.app.services));
    b.app.scheduler.register(...monitoringJobs(b.app.services));
  });

  it('claims each slot once: one run, one incident, one audit entry', async () => {
    const loc = await makeLocation(a.db, { attributes: { timezone: 'UTC' } });
    const door = await makeDevice(a.db, { parentId: loc.id });
    const s = await a.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' });
    a.clock.set('2025-06-02T10:00:00Z');
    await a.app.services.ingest.store({
      keys: [s.key],
      times: [Date.parse('2025-06-02T09:00:00Z')],
      values: [3],
    });

    for (const iso of ['2025-06-02T10:00:05Z', '2025-06-02T10:01:05Z', '2025-06-02T10:02:05Z']) {
      a.clock.set(iso);
      b.clock.set(iso);
      const [ra, rb] = await Promise.all([
        a.app.scheduler.tick(['monitoring.detect']),
        b.app.scheduler.tick(['monitoring.detect']),
      ]);
      expect([...ra, ...rb]).toEqual([
        { job: 'monitoring.detect', runKey: iso.replace(':05Z', ':00.000Z'), status: 'succeeded' },
      ]);
    }
    const runs = await a.db
      .selectFrom('job_run')
      .select(['run_key', 'instance'])
      .where('job', '=', 'monitoring.detect')
      .execute();
    expect(runs).toHaveLength(3);
    const incidents = await a.db
      .selectFrom('monitoring_incident')
      .selectAll()
      .where('node_id', '=', door.id)
      .execute();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ rule: 'offline', status: 'open' });
    // judged at the slot start, whichever instance ran it
    expect(incidents[0]!.first_seen_at.toISOString()).toBe('2025-06-02T10:00:00.000Z');
    expect(incidents[0]!.last_seen_at.toISOString()).toBe('2025-06-02T10:02:00.000Z');
    const audits = await a.db
      .selectFrom('event_log')
      .select('details')
      .where('command', '=', 'Monitoring.Detect')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ raised: 1, resolved: 0 });
  });
});
