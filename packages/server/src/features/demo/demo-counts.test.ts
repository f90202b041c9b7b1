import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { DemoOrganisation } from './demo.service.js';
import type { DomainEvents } from '../../platform/event-bus.js';
import { expectRollupsConsistent } from '../../test/rollup-checks.js';
import { poisson, rng } from './demo-counts.model.js';
import { demoJobs } from './demo.jobs.js';

describe('demo count model', () => {
  it('draws Poisson counts with the asked mean', () => {
    const random = rng(42);
    for (const lambda of [0.3, 4, 25, 120]) {
      let total = 0;
      for (let i = 0; i < 4000; i++) total += poisson(lambda, random);
      expect(Math.abs(total / 4000 - lambda) / lambda).toBeLessThan(0.08);
    }
  });
});

describe('demo counts', () => {
  let t: TestApp;
  let demo: DemoOrganisation;
  let written: number;
  const changes: DomainEvents['occupancyChanged'][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // Wednesday 2025-06-04 12:00 in Toronto: the malls are open
    t.clock.set('2025-06-04T16:00:00Z');
    t.ctx.bus.on('occupancyChanged', (e) => changes.push(e));
    demo = (await t.app.services.demo.seedIfEmpty()).demo!;
    written = await t.app.services.demoCounts.ensureHistory(demo, { days: 21, minuteDays: 4 });
  }, 120_000);

  it('loads door counts, sales, service figures and occupancy history with consistent rollups', async () => {
    expect(written).toBeGreaterThan(50_000);
    const protocols = await sql<{ protocol: string; n: number }>`
      select s.measurement_protocol as protocol, count(*)::int as n
      from measurement m join time_series s on s.key = m.series_key group by 1 order by 1`.execute(t.db);
    expect(protocols.rows.map((r) => r.protocol).sort()).toEqual([
      'DwellTime',
      'ItemsSold',
      'Occupancy',
      'QueueLength',
      'QueuingTime',
      'Sales',
      'StaffHours',
      'TrafficIn',
      'TrafficOut',
      'Transactions',
    ]);
    await expectRollupsConsistent(t.db);
    // nothing in the future, nothing outside business hours for the doors
    const future = await sql<{ n: number }>`
      select count(*)::int as n from measurement where occurred_on >= ${new Date('2025-06-04T16:00:00Z')}`.execute(
      t.db,
    );
    expect(future.rows[0]!.n).toBe(0);
    const outside = await sql<{ n: number }>`
      select count(*)::int as n from rollup_day r join time_series s on s.key = r.series_key
      where s.measurement_protocol = 'TrafficIn' and r.bh_count <> r.count`.execute(t.db);
    expect(outside.rows[0]!.n).toBe(0);
    // a second start finds the history and leaves it alone
    expect(await t.app.services.demoCounts.ensureHistory(demo, { days: 21, minuteDays: 4 })).toBe(0);
  });

  it('looks like a shop: busier on Saturday than on Monday, entries and exits balance each day', async () => {
    const store = demo.locations.find((l) => l.name === 'Toronto Eaton Centre')!;
    const days = await sql<{ day: string; dow: number; ins: number; outs: number }>`
      select r.local_date::text as day, extract(dow from r.local_date)::int as dow,
        sum(r.sum) filter (where k.measurement_protocol = 'TrafficIn')::float8 as ins,
        sum(r.sum) filter (where k.measurement_protocol = 'TrafficOut')::float8 as outs
      from node_total_day r join node_kpi k on k.key = r.node_kpi_key
      where k.node_id = ${store.id} and k.meta_tags = '{}' and r.local_date < '2025-06-04'
      group by r.local_date order by r.local_date`.execute(t.db);
    const avg = (dow: number) => {
      const list = days.rows.filter((d) => d.dow === dow).map((d) => d.ins);
      return list.reduce((a, b) => a + b, 0) / list.length;
    };
    expect(avg(6)).toBeGreaterThan(avg(1) * 1.3);
    // a day with a sensor outage (a door sent fewer points than the others) loses exits and entries
    // unevenly: those days are left out of the balance check
    const outageDays = await sql<{ day: string }>`
      select r.local_date::text as day from rollup_day r join time_series s on s.key = r.series_key
      join node d on d.id = s.node_id
      where d.parent_id = ${store.id} and s.measurement_protocol = 'TrafficIn'
      group by r.local_date having min(r.count) <> max(r.count) or count(*) < ${demo.devices.filter((x) => x.locationId === store.id).length}`.execute(
      t.db,
    );
    const skipped = new Set(outageDays.rows.map((r) => r.day));
    const whole = days.rows.filter((d) => !skipped.has(d.day));
    expect(whole.length).toBeGreaterThan(days.rows.length / 2);
    for (const d of whole) expect(Math.abs(d.ins - d.outs)).toBeLessThanOrEqual(Math.max(5, d.ins * 0.05));
    // conversion around a quarter of the entries
    const conv = await sql<{ tx: number; ins: number }>`
      select
        (select sum(r.sum) from node_total_day r join node_kpi k on k.key = r.node_kpi_key
         where k.node_id = ${store.id} and k.measurement_protocol = 'Transactions')::float8 as tx,
        (select sum(r.sum) from node_total_day r join node_kpi k on k.key = r.node_kpi_key
         where k.node_id = ${store.id} and k.measurement_protocol = 'TrafficIn' and k.meta_tags = '{}')::float8 as ins`.execute(
      t.db,
    );
    const rate = conv.rows[0]!.tx / conv.rows[0]!.ins;
    expect(rate).toBeGreaterThan(0.15);
    expect(rate).toBeLessThan(0.4);
  });

  it('keeps occupancy history in step with the engine: a refold from an earlier reset changes nothing', async () => {
    const store = demo.locations.find((l) => l.name === 'Toronto Eaton Centre')!;
    const cfg = (await t.app.services.occupancy.configOfNode(store.id))!;
    expect(cfg.last_reset_at.toISOString()).toBe('2025-06-04T08:00:00.000Z'); // 04:00 local today
    const history = async () =>
      (
        await sql<{ t: Date; value: number }>`
          select occurred_on as t, value from measurement m join time_series s on s.key = m.series_key
          where s.id = ${cfg.history_series_id} and occurred_on >= '2025-06-03T08:00:00Z'
          order by occurred_on`.execute(t.db)
      ).rows.map((r) => `${r.t.toISOString()}=${r.value}`);
    const generated = await history();
    expect(generated.length).toBeGreaterThan(600);
    // fold yesterday again with the engine from yesterday's 04:00 reset
    await t.app.services.occupancy.reset(cfg.id, new Date('2025-06-03T08:00:00Z'));
    const engine = await history();
    expect(engine.slice(0, 600)).toEqual(generated.slice(0, 600));
    await t.app.services.occupancy.reset(cfg.id, new Date('2025-06-04T08:00:00Z'));
    expect(await history()).toEqual(generated);
  });

  it('adds each finished minute through the ingest path, moving occupancy', async () => {
    changes.length = 0;
    // the live generator is the job of demo.jobs.ts, run by the scheduler once per minute
    t.app.scheduler.register(...demoJobs(t.app.services, demo));
    t.clock.set('2025-06-04T16:05:00Z');
    expect(await t.app.scheduler.tick(['demo.live-counts'])).toEqual([
      { job: 'demo.live-counts', runKey: '2025-06-04T16:05:00.000Z', status: 'succeeded' },
    ]);
    await t.app.services.occupancy.settled();
    const latest = await sql<{ t: Date }>`
      select max(m.occurred_on) as t from measurement m join time_series s on s.key = m.series_key
      where s.measurement_protocol = 'TrafficIn'`.execute(t.db);
    expect(latest.rows[0]!.t.toISOString()).toBe('2025-06-04T16:04:00.000Z');
    expect(changes.length).toBeGreaterThan(0);
    // the same minute again: claimed already; and the generator itself writes nothing twice (the hour
    // of sales that ended at 12:00 Toronto was already there)
    t.clock.advance(30_000);
    expect(await t.app.scheduler.tick(['demo.live-counts'])).toEqual([]);
    expect(await t.app.services.demoCounts.tick(demo)).toBe(0);
    await expectRollupsConsistent(t.db);
  });
});
