import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeLocation, makeUser } from '../../test/factories.js';
import type { DemoOrganisation } from '../demo/demo.service.js';
import { DEMO_TRACK_LOCATION, demoShoppersPerHour } from './tracks-demo.js';

/** Day partitions of track_point: created ahead by the job, dropped once a whole day is past the retention. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRACK_RETENTION_DAYS: '30' });
});

describe('track partitions', () => {
  it('creates the coming days ahead and drops the days past the retention', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const device = await makeDevice(t.db);
    const admin = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/tracks',
      headers: await authHeader(t.ctx, admin),
      payload: {
        deviceId: device.id,
        tracks: ['2026-03-07T10:00:00Z', '2026-03-08T10:00:00Z', '2026-03-09T10:00:00Z'].map((at, i) => ({
          trackId: `d${i}`,
          points: [{ t: at, x: 1, y: 1 }],
        })),
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const service = t.app.services.tracks;
    const first = await service.maintainPartitions();
    expect(first.dropped).toEqual([]);
    expect(first.created).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    // 30 days later: the days ending before 03-09 12:00 are past the retention
    t.clock.set('2026-04-08T12:00:00Z');
    const later = await service.maintainPartitions();
    expect(later.dropped).toEqual(['track_point_p20260307', 'track_point_p20260308']);
    expect(later.created).toEqual(['2026-04-08', '2026-04-09', '2026-04-10']);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from track_point where occurred_on < '2026-03-09T00:00:00Z'`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
    const kept = await sql<{ n: number }>`select count(*)::int as n from track_point`.execute(t.db);
    expect(kept.rows[0]!.n).toBe(1);
  });
});

describe('track demo', () => {
  it('draws shoppers per hour by weekday and hour, the same on every run', () => {
    const week = [
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ];
    const plan = demoShoppersPerHour(week, 0);
    expect(demoShoppersPerHour(week, 0)).toEqual(plan);
    expect(demoShoppersPerHour(week, 1).shoppers).not.toEqual(plan.shoppers);
    const total = (day: string) =>
      plan.shoppers.filter((_, i) => plan.day[i] === day).reduce((a, b) => a + b, 0);
    const totals = week.map(total);
    expect(new Set(totals).size).toBeGreaterThan(5);
    expect(total('2026-03-07')).toBeGreaterThan(total('2026-03-03')); // Saturday over Tuesday
    // hours differ within a day, the afternoon busier than the opening hour on average over the week
    const byHour = (h: number) =>
      plan.shoppers.filter((_, i) => plan.hour[i] === h).reduce((a, b) => a + b, 0);
    expect(byHour(15)).toBeGreaterThan(byHour(10));
    expect(new Set(plan.shoppers.slice(0, 11)).size).toBeGreaterThan(4);
  });

  it('gives the demo store a plan, two placed sensors with zones and a few days of trajectories, quickly', async () => {
    t.clock.set('2026-03-10T20:00:00Z');
    const location = await makeLocation(t.db, {
      name: DEMO_TRACK_LOCATION,
      attributes: { timezone: 'America/Toronto' },
    });
    const doors = [
      await makeDevice(t.db, { parentId: location.id }),
      await makeDevice(t.db, { parentId: location.id }),
    ];
    const demo = {
      locations: [{ id: location.id, name: location.name, timezone: 'America/Toronto' }],
      devices: doors.map((d) => ({ id: d.id, name: d.name, locationId: location.id })),
    } as unknown as DemoOrganisation;
    const started = Date.now();
    await t.app.services.tracksDemo(demo);
    const ms = Date.now() - started;
    const { rows } = await sql<{ tracks: number; points: number; devices: number }>`
      select count(distinct (device_id, track_id))::int as tracks, count(*)::int as points,
        count(distinct device_id)::int as devices
      from track_point where device_id in (${doors[0]!.id}, ${doors[1]!.id})`.execute(t.db);
    console.log(`tracks demo seeded in ${ms} ms: ${JSON.stringify(rows[0])}`);
    expect(rows[0]!.devices).toBe(2);
    expect(rows[0]!.tracks).toBeGreaterThan(800);
    expect(rows[0]!.points).toBeLessThan(250_000);
    const admin = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
    const plan = await t.app.inject({
      method: 'GET',
      url: `/api/FloorPlan/${location.id}`,
      headers: await authHeader(t.ctx, admin),
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.json().image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(
      plan
        .json()
        .devices.map((d: { zones: unknown[] }) => d.zones.length)
        .sort(),
    ).toEqual([2, 3]);
    const master = await t.app.inject({
      method: 'POST',
      url: '/api/Track/GetTrackViewerMasterRows',
      headers: await authHeader(t.ctx, admin),
      payload: { locationId: location.id, from: '2026-03-07 00:00', to: '2026-03-11 00:00' },
    });
    expect(master.statusCode, master.body).toBe(200);
    expect(master.json().rows.length).toBeGreaterThan(10);
    // the days differ: tracks started per local day (Sat 7, Sun 8, Mon 9, Tue 10 until 16:00)
    const perDay = await sql<{ day: string; n: number }>`
      select to_char(min_at at time zone 'America/Toronto', 'YYYY-MM-DD') as day, count(*)::int as n
      from (select min(occurred_on) as min_at from track_point
            where device_id in (${doors[0]!.id}, ${doors[1]!.id}) group by device_id, track_id) s
      group by 1 order by 1`.execute(t.db);
    console.log(`tracks demo per day: ${JSON.stringify(perDay.rows)}`);
    const n = Object.fromEntries(perDay.rows.map((r) => [r.day, r.n]));
    expect(Object.keys(n)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(new Set(Object.values(n)).size).toBe(4);
    expect(n['2026-03-07']!).toBeGreaterThan(n['2026-03-09']! * 1.3); // Saturday over Monday
    // a second start changes nothing
    await t.app.services.tracksDemo(demo);
    const again = await sql<{ n: number }>`select count(*)::int as n from track_point
      where device_id in (${doors[0]!.id}, ${doors[1]!.id})`.execute(t.db);
    expect(again.rows[0]!.n).toBe(rows[0]!.points);
  });
});
