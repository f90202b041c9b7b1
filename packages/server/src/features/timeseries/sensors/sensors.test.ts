import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../../test/factories.js';
import { differences, intervalCount, REGISTER_SPAN } from './counter-differences.js';
import { irisysProtocol } from './sensors.service.js';

const samples = path.join(path.dirname(fileURLToPath(import.meta.url)), 'samples');
const sample = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(samples, name), 'utf8')) as Record<string, unknown>;

describe('counter differences', () => {
  it('takes differences of running totals, surviving resets and 32-bit wraps', () => {
    expect(intervalCount(100, 130)).toBe(30);
    expect(intervalCount(120490, 9)).toBe(9); // reset: counted 9 since the restart
    expect(intervalCount(REGISTER_SPAN - 5, 3)).toBe(8); // wrap
    expect(
      differences([
        { at: 0, total: 10 },
        { at: 60, total: 15 },
        { at: 120, total: 2 },
      ]),
    ).toEqual([
      { at: 0, value: 5 },
      { at: 60, value: 2 },
    ]);
    expect(irisysProtocol('Count In')).toBe('TrafficIn');
    expect(irisysProtocol('OUT 2')).toBe('TrafficOut');
    expect(irisysProtocol('Staff')).toBeNull();
    expect(irisysProtocol('Inside')).toBeNull();
  });
});

describe('sensor push formats', () => {
  let t: TestApp;
  let admin: MadeUser;
  let toronto: { id: string }, paris: { id: string }, otherGroup: { id: string };
  let xovisDoor: { id: string }, irisysDoor: { id: string };

  const points = async (deviceId: string, protocol: string) =>
    (
      await sql<{ at: string; value: number }>`
        select to_char(m.occurred_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at, m.value
        from measurement m join time_series s on s.key = m.series_key
        where s.node_id = ${deviceId} and s.measurement_protocol = ${protocol} order by m.occurred_on`.execute(
        t.db,
      )
    ).rows.map((r) => [r.at, r.value]);

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-03-20T12:00:00Z');
    const group = await makeGroup(t.db);
    otherGroup = await makeGroup(t.db);
    toronto = await makeLocation(t.db, { parentId: group.id });
    paris = await makeLocation(t.db, {
      parentId: group.id,
      attributes: { timezone: 'Europe/Paris', businessHours: { '3': [['09:00', '19:00']] } },
    });
    xovisDoor = await makeDevice(t.db, {
      parentId: toronto.id,
      attributes: { macAddress: '80:1F:12:A4:5B:C2' },
    });
    irisysDoor = await makeDevice(t.db, {
      parentId: paris.id,
      attributes: { macAddress: '00:1B:3A:0F:22:71', serialNumber: 'V4D-102344' },
    });
    admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
  });

  it('maps a Xovis logics push to the device by its serial (MAC), summing lines per interval', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/xovis',
      headers: await authHeader(t.ctx, admin),
      payload: sample('xovis-logics-push.json'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 6, deviceIds: [xovisDoor.id], ignored: ['max_occupancy'] });
    expect(await points(xovisDoor.id, 'TrafficIn')).toEqual([
      ['2025-03-10T14:00', 9],
      ['2025-03-10T14:01', 4],
      ['2025-03-10T14:02', 0],
    ]);
    expect(await points(xovisDoor.id, 'TrafficOut')).toEqual([
      ['2025-03-10T14:00', 3],
      ['2025-03-10T14:01', 5],
      ['2025-03-10T14:02', 2],
    ]);
    const series = await t.db
      .selectFrom('time_series')
      .select(['interval_seconds', 'source'])
      .where('node_id', '=', xovisDoor.id)
      .execute();
    expect(series).toEqual([
      { interval_seconds: 60, source: '80:1F:12:A4:5B:C2' },
      { interval_seconds: 60, source: '80:1F:12:A4:5B:C2' },
    ]);
    // the same push again replaces, never doubles; the location total follows
    await t.app.inject({
      method: 'POST',
      url: '/api/ingest/xovis',
      headers: await authHeader(t.ctx, admin),
      payload: [sample('xovis-logics-push.json')],
    });
    const total = await sql<{ sum: number }>`
      select sum(r.sum)::float8 as sum from node_rollup_day r join node_kpi k on k.key = r.node_kpi_key
      where k.node_id = ${toronto.id} and k.measurement_protocol = 'TrafficIn'`.execute(t.db);
    expect(total.rows[0]!.sum).toBe(13);
  });

  it('stores the differences of Irisys register totals, in the location time zone, across a reset', async () => {
    const payload = sample('irisys-vector-push.json');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/irisys',
      headers: await authHeader(t.ctx, admin),
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 8, deviceIds: [irisysDoor.id], ignored: ['Staff'] });
    // 09:00 Paris (CET) = 08:00Z; the 09:45 log came after a reset
    expect(await points(irisysDoor.id, 'TrafficIn')).toEqual([
      ['2025-03-12T08:00', 12],
      ['2025-03-12T08:15', 23],
      ['2025-03-12T08:30', 9],
      ['2025-03-12T08:45', 21],
    ]);
    expect(await points(irisysDoor.id, 'TrafficOut')).toEqual([
      ['2025-03-12T08:00', 4],
      ['2025-03-12T08:15', 9],
      ['2025-03-12T08:30', 4],
      ['2025-03-12T08:45', 8],
    ]);
    // the next push carries one new log: the difference with the last stored total is added
    const next = {
      SerialNumber: 'V4D-102344',
      CountLogs: [
        {
          Timestamp: '2025-03-12T10:15:00+01:00',
          Counts: [
            { RegisterId: 0, Name: 'Count In', Value: 41 },
            { RegisterId: 1, Name: 'Count Out', Value: 20 },
          ],
        },
      ],
    };
    const more = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/irisys',
      headers: await authHeader(t.ctx, admin),
      payload: next,
    });
    expect(more.json()).toMatchObject({ accepted: 2 });
    expect((await points(irisysDoor.id, 'TrafficIn')).at(-1)).toEqual(['2025-03-12T09:00', 11]);
    // re-sending everything changes nothing
    await t.app.inject({
      method: 'POST',
      url: '/api/ingest/irisys',
      headers: await authHeader(t.ctx, admin),
      payload,
    });
    expect((await points(irisysDoor.id, 'TrafficIn')).map((p) => p[1])).toEqual([12, 23, 9, 21, 11]);
  });

  it('answers 404 for an unknown device or one outside the caller scope, 400 for a malformed push', async () => {
    const outsider = await makeUser(t.db, { roles: ['admin'], scopeNodeId: otherGroup.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/xovis',
      headers: await authHeader(t.ctx, outsider),
      payload: sample('xovis-logics-push.json'),
    });
    expect(res.statusCode).toBe(404);
    const unknown = structuredClone(sample('irisys-vector-push.json')) as {
      Device: { SerialNumber: string; MacAddress: string };
    };
    unknown.Device.SerialNumber = 'nope';
    unknown.Device.MacAddress = '00:00:00:00:00:01';
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/ingest/irisys',
          headers: await authHeader(t.ctx, admin),
          payload: unknown,
        })
      ).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/irisys',
      headers: await authHeader(t.ctx, admin),
      payload: { SerialNumber: 'V4D-102344', CountLogs: [{ Timestamp: 'yesterday', Counts: [] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('CountLogs.0.Timestamp');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/xovis',
      payload: sample('xovis-logics-push.json'),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accepts a client group ingest key for its own devices', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/IngestKey',
      headers: await authHeader(t.ctx, admin),
      payload: { name: 'sensors', scopeNodeId: admin.scopeNodeId },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/xovis',
      headers: { 'x-api-key': created.json().key },
      payload: sample('xovis-logics-push.json'),
    });
    expect(res.statusCode).toBe(200);
  });
});
