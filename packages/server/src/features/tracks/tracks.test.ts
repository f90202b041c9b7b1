import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type {
  AttendanceResponse,
  HeatMapResponse,
  TrackDetailRowsResponse,
  TrackMasterRowsResponse,
  TrackPlayerPointsResponse,
  TrackZone,
} from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../test/factories.js';
import { encodeIrisysTargets } from './irisys-targets.js';

/**
 * Tracks through the real app on real PostgreSQL: ingest (JSON and the Irisys binary targets
 * format), day partitions created ahead and dropped past the retention with the manual clock, the
 * viewer's master and detail rows, attendance and the heat map against a computation in this file
 * from the positions sent, and tenancy (404 outside the scope, 400 naming the field).
 */
let t: TestApp;
let admin: MadeUser, viewer: MadeUser, stranger: MadeUser;
let store: { id: string }, device: { id: string }, other: { id: string };
const TZ = 'America/Toronto';
const NOW = new Date('2026-03-10T12:00:00Z');

const call = async (actor: MadeUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: await authHeader(t.ctx, actor),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** mulberry32: a seeded generator, so a failure replays */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

interface Pt {
  t: number;
  x: number;
  y: number;
}
type Track = { trackId: string; points: Pt[] };

const ZONES = [
  { name: 'Left', rect: [0, 0, 5, 8] },
  { name: 'Back', rect: [5, 0, 10, 4] },
] as const;
const rectPoints = ([x0, y0, x1, y1]: readonly number[]): [number, number][] => [
  [x0!, y0!],
  [x1!, y0!],
  [x1!, y1!],
  [x0!, y1!],
];

/** 80 tracks over 2026-03-07..09 (Toronto's spring-forward day included), walking in a 10 x 8 m room. */
function makeTracks(): Track[] {
  const rnd = prng(18);
  const tracks: Track[] = [];
  for (let i = 0; i < 80; i++) {
    const start = Date.UTC(2026, 2, 7, 4) + Math.floor(rnd() * 3 * 86_400_000);
    let x = rnd() * 10;
    let y = rnd() * 8;
    let at = start;
    const points: Pt[] = [];
    const n = 3 + Math.floor(rnd() * 40);
    for (let j = 0; j < n; j++) {
      points.push({ t: at, x, y });
      at += 1000 + Math.floor(rnd() * 4000);
      x = Math.min(9.99, Math.max(0.01, x + (rnd() - 0.5) * 1.5));
      y = Math.min(7.99, Math.max(0.01, y + (rnd() - 0.5) * 1.5));
    }
    tracks.push({ trackId: `t${i}`, points });
  }
  return tracks;
}

// ---- the independent computation: positions as PostgreSQL stores them (float4), zones by hand ----
const f4 = Math.fround;
const zoneOf = (p: Pt, ids: string[]): string | null => {
  for (const [i, z] of ZONES.entries()) {
    const [x0, y0, x1, y1] = z.rect;
    if (f4(p.x) >= x0 && f4(p.x) <= x1 && f4(p.y) >= y0 && f4(p.y) <= y1) return ids[i]!;
  }
  return null;
};
const localKey = (ms: number, unit: 'hour' | 'day') => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${unit === 'day' ? '00' : parts.hour}:00`;
};

function expectedMaster(tracks: Track[], ids: string[], minDuration = 0) {
  type Row = { tracks: Set<string>; dwell: number[]; from: Map<string | null, number> };
  const rows = new Map<string, Row>();
  let total = 0;
  for (const tr of tracks) {
    const dur = (tr.points.at(-1)!.t - tr.points[0]!.t) / 1000;
    if (dur < minDuration) continue;
    total++;
    const visits: { zone: string; s: number; e: number }[] = [];
    let prev: string | null | undefined;
    for (const p of tr.points) {
      const z = zoneOf(p, ids);
      if (z !== null && z === prev) visits.at(-1)!.e = p.t;
      else if (z !== null) visits.push({ zone: z, s: p.t, e: p.t });
      prev = z;
    }
    visits.forEach((v, i) => {
      const key = `${localKey(v.s, 'day')}|${v.zone}`;
      const row: Row = rows.get(key) ?? { tracks: new Set(), dwell: [], from: new Map() };
      row.tracks.add(tr.trackId);
      row.dwell.push((v.e - v.s) / 1000);
      const from = i === 0 ? null : visits[i - 1]!.zone;
      row.from.set(from, (row.from.get(from) ?? 0) + 1);
      rows.set(key, row);
    });
  }
  return {
    total,
    rows: [...rows.entries()]
      .map(([k, r]) => ({
        key: k.split('|')[0]!,
        zoneId: k.split('|')[1]!,
        tracks: r.tracks.size,
        visits: r.dwell.length,
        averageDwellSeconds: Math.round((r.dwell.reduce((a, b) => a + b, 0) / r.dwell.length) * 10) / 10,
        entries: Object.fromEntries([...r.from.entries()].map(([z, n]) => [String(z), n])),
      }))
      .sort((a, b) => `${a.key}${a.zoneId}`.localeCompare(`${b.key}${b.zoneId}`)),
  };
}

const tracks = makeTracks();
const PERIOD = { from: '2026-03-07 00:00', to: '2026-03-10 00:00' };
let zoneIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ TRACK_RETENTION_DAYS: '30' });
  t.clock.set(NOW);
  const client = await makeGroup(t.db, { name: 'Client T' });
  store = await makeLocation(t.db, { parentId: client.id, attributes: { timezone: TZ } });
  device = await makeDevice(t.db, { parentId: store.id, name: 'Ceiling 1' });
  const elsewhere = await makeGroup(t.db, { name: 'Client U' });
  other = await makeLocation(t.db, { parentId: elsewhere.id, attributes: { timezone: TZ } });
  admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: client.id });
  viewer = await makeUser(t.db, { roles: ['dashboardOnly'], scopeNodeId: client.id });
  stranger = await makeUser(t.db, { roles: ['admin'], scopeNodeId: elsewhere.id });

  const zones = await call(admin, 'PUT', `/api/active-zones/device/${device.id}`, {
    zones: ZONES.map((z) => ({ name: z.name, points: rectPoints(z.rect) })),
  });
  expect(zones.statusCode).toBe(200);
  zoneIds = (zones.json() as TrackZone[]).map((z) => z.id);
  const res = await call(admin, 'POST', '/api/ingest/tracks', {
    deviceId: device.id,
    tracks: tracks.map((tr) => ({
      trackId: tr.trackId,
      points: tr.points.map((p) => ({ t: new Date(p.t).toISOString(), x: p.x, y: p.y })),
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
});

describe('ingest', () => {
  it('stores every position once, in the day partitions it created', async () => {
    const points = tracks.reduce((n, tr) => n + tr.points.length, 0);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from track_point where device_id = ${device.id}`.execute(t.db);
    expect(rows[0]!.n).toBe(points);
    const parts = await sql<{ relname: string }>`
      select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent where p.relname = 'track_point' order by 1`.execute(t.db);
    expect(parts.rows.map((r) => r.relname)).toEqual(
      expect.arrayContaining(['track_point_p20260307', 'track_point_p20260308', 'track_point_p20260309']),
    );
    // the same batch again replaces, never doubles
    const again = await call(admin, 'POST', '/api/ingest/tracks', {
      deviceId: device.id,
      tracks: [
        {
          trackId: 't0',
          points: [
            {
              t: new Date(tracks[0]!.points[0]!.t).toISOString(),
              x: tracks[0]!.points[0]!.x,
              y: tracks[0]!.points[0]!.y,
            },
          ],
        },
      ],
    });
    expect(again.statusCode).toBe(200);
    const after = await sql<{ n: number }>`
      select count(*)::int as n from track_point where device_id = ${device.id}`.execute(t.db);
    expect(after.rows[0]!.n).toBe(points);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const cases: [unknown, string][] = [
      [
        { deviceId: device.id, tracks: [{ trackId: 'x', points: [{ t: at(NOW.getTime()), x: 'a', y: 1 }] }] },
        'tracks.0.points.0.x',
      ],
      [
        {
          deviceId: device.id,
          tracks: [{ trackId: 'x', points: [{ t: at(NOW.getTime() + 3600_000), x: 1, y: 1 }] }],
        },
        'tracks.0.points.0.t',
      ],
      [
        {
          deviceId: device.id,
          tracks: [
            {
              trackId: 'x',
              points: [
                { t: at(NOW.getTime()), x: 1, y: 1 },
                { t: at(NOW.getTime() - 40 * 86_400_000), x: 1, y: 1 },
              ],
            },
          ],
        },
        'tracks.0.points.1.t',
      ],
      [{ deviceId: 'nope', tracks: [] }, 'deviceId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(admin, 'POST', '/api/ingest/tracks', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from track_point where track_id = 'x'`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  });

  it("answers 404 for a device outside the caller's scope, and 403 to a non-admin", async () => {
    const payload = {
      deviceId: device.id,
      tracks: [{ trackId: 'y', points: [{ t: NOW.toISOString(), x: 1, y: 1 }] }],
    };
    expect((await call(stranger, 'POST', '/api/ingest/tracks', payload)).statusCode).toBe(404);
    expect((await call(viewer, 'POST', '/api/ingest/tracks', payload)).statusCode).toBe(403);
  });

  it('assembles Irisys target messages into tracks (an id reused after 30 s is a new track)', async () => {
    const irisys = await makeDevice(t.db, {
      parentId: store.id,
      attributes: { serialNumber: 'V4D-17020025' },
    });
    const send = (at: Date | null, x: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ingest/irisys/targets/V4D-17020025',
        headers: { 'content-type': 'application/octet-stream', authorization: '' },
        payload: encodeIrisysTargets(at, [{ targetId: 3, status: 0, x, y: 0.25, height: 1.75 }]),
      });
    const auth = await authHeader(t.ctx, admin);
    const post = async (at: Date | null, x: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/irisys/targets/V4D-17020025',
        headers: { 'content-type': 'application/octet-stream', ...auth },
        payload: encodeIrisysTargets(at, [{ targetId: 3, status: 0, x, y: 0.25, height: 1.75 }]),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect((await send(NOW, 1)).statusCode).toBe(401);
    await post(new Date(NOW.getTime() - 120_000), 0.5);
    await post(new Date(NOW.getTime() - 119_000), 0.75);
    await post(null, 1); // type 0: stamped with the server clock, 119 s later: a new track
    const { rows } = await sql<{ track_id: string; n: number }>`
      select track_id, count(*)::int as n from track_point where device_id = ${irisys.id}
      group by track_id order by min(occurred_on)`.execute(t.db);
    expect(rows.map((r) => r.n)).toEqual([2, 1]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/irisys/targets/V4D-17020025',
      headers: { 'content-type': 'application/octet-stream', ...auth },
      payload: Buffer.from([1, 2, 3]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body');
  });
});

describe('viewer, attendance, heat map and player', () => {
  const master = async (extra: object = {}) => {
    const res = await call(viewer, 'POST', '/api/Track/GetTrackViewerMasterRows', {
      locationId: store.id,
      ...PERIOD,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TrackMasterRowsResponse;
  };
  const comparable = (r: TrackMasterRowsResponse) =>
    r.rows.map((row) => ({
      key: row.key,
      zoneId: row.zoneId,
      tracks: row.tracks,
      visits: row.visits,
      averageDwellSeconds: row.averageDwellSeconds,
      entries: Object.fromEntries(row.entriesFrom.map((e) => [String(e.fromZoneId), e.count])),
    }));

  it('master rows equal the visits computed from the positions (local days, entries from each zone)', async () => {
    const expected = expectedMaster(tracks, zoneIds);
    const got = await master();
    expect(got.timeZone).toBe(TZ);
    expect(got.totalTracks).toBe(expected.total);
    expect(comparable(got)).toEqual(expected.rows);
    expect(got.rows.length).toBeGreaterThan(3);
  });

  it('filters by duration and by zone', async () => {
    const expected = expectedMaster(tracks, zoneIds, 60);
    const got = await master({ minDurationSeconds: 60, zoneIds: [zoneIds[1]] });
    expect(got.totalTracks).toBe(expected.total);
    expect(comparable(got)).toEqual(expected.rows.filter((r) => r.zoneId === zoneIds[1]));
  });

  it('detail rows list the tracks of a master row', async () => {
    const got = await master();
    const row = got.rows[0]!;
    const res = await call(viewer, 'POST', '/api/Track/GetTrackViewerMasterDetailRows', {
      locationId: store.id,
      ...PERIOD,
      zoneId: row.zoneId,
      key: row.key,
      pageSize: 500,
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as TrackDetailRowsResponse;
    expect(detail.fullCount).toBe(row.tracks);
    for (const d of detail.rows) {
      const tr = tracks.find((x) => x.trackId === d.trackId)!;
      expect(d.points).toBe(tr.points.length);
      expect(d.durationSeconds).toBe((tr.points.at(-1)!.t - tr.points[0]!.t) / 1000);
      expect(d.zoneIds).toContain(row.zoneId);
    }
    const all = await call(viewer, 'POST', '/api/Track/GetTrackViewerMasterDetailRows', {
      locationId: store.id,
      ...PERIOD,
      pageSize: 10,
      page: 2,
    });
    expect(all.json().fullCount).toBe(tracks.length);
    expect(all.json().rows.map((r: { trackId: string }) => r.trackId)).toEqual(
      [...tracks]
        .sort((a, b) => a.points[0]!.t - b.points[0]!.t)
        .slice(10, 20)
        .map((tr) => tr.trackId),
    );
  });

  it('attendance counts distinct visitors per local hour and zone', async () => {
    const res = await call(viewer, 'POST', '/api/Track/Attendance', { locationId: store.id, ...PERIOD });
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json() as AttendanceResponse;
    const expected = new Map<string, Set<string>>();
    for (const tr of tracks)
      for (const p of tr.points) {
        const key = localKey(p.t, 'hour');
        const zone = zoneOf(p, zoneIds);
        for (const k of zone === null ? [`${key}|null`] : [`${key}|null`, `${key}|${zone}`])
          expected.set(k, (expected.get(k) ?? new Set()).add(tr.trackId));
      }
    const exp = [...expected.entries()].map(([k, v]) => `${k}=${v.size}`).sort();
    expect(got.rows.map((r) => `${r.key}|${r.zoneId}=${r.visitors}`).sort()).toEqual(exp);
    // Toronto's spring-forward night has no 02:00
    expect(got.rows.some((r) => r.key === '2026-03-08 02:00')).toBe(false);
  });

  it('the heat map grid counts the positions in each cell of the plan', async () => {
    const res = await call(viewer, 'POST', '/api/Track/HeatMap', {
      locationId: store.id,
      ...PERIOD,
      cellSize: 24,
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json() as HeatMapResponse;
    const cells = new Map<string, number>();
    for (const tr of tracks)
      for (const p of tr.points) {
        const k = `${Math.floor((f4(p.x) * 40) / 24)},${Math.floor((f4(p.y) * 40) / 24)}`;
        cells.set(k, (cells.get(k) ?? 0) + 1);
      }
    expect(Object.fromEntries(got.cells.map((c) => [`${c.col},${c.row}`, c.value]))).toEqual(
      Object.fromEntries(cells),
    );
    expect(got.total).toBe(tracks.reduce((n, tr) => n + tr.points.length, 0));
    expect(got.columns).toBe(50);
    const dwell = await call(viewer, 'POST', '/api/Track/HeatMap', {
      locationId: store.id,
      ...PERIOD,
      metric: 'dwell',
    });
    const held = tracks.reduce(
      (s, tr) =>
        s + tr.points.slice(1).reduce((a, p, i) => a + Math.min(10, (p.t - tr.points[i]!.t) / 1000), 0),
      0,
    );
    expect((dwell.json() as HeatMapResponse).total).toBeCloseTo(held, 0);
  });

  it("the player's points follow the device's placement on the plan", async () => {
    const placed = await call(admin, 'PUT', `/api/FloorPlan/${store.id}/device/${device.id}`, {
      scale: 20,
      rotation: 90,
      offsetX: 600,
      offsetY: 100,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const res = await call(viewer, 'POST', '/api/Track/GetTrackPlayerPoints', {
      locationId: store.id,
      ...PERIOD,
      tracks: [{ deviceId: device.id, trackId: 't5' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json() as TrackPlayerPointsResponse;
    const tr = tracks.find((x) => x.trackId === 't5')!;
    expect(got.tracks).toHaveLength(1);
    expect(got.start).toBe(tr.points[0]!.t);
    expect(got.tracks[0]!.t).toEqual(tr.points.map((p) => p.t - tr.points[0]!.t));
    tr.points.forEach((p, i) => {
      expect(got.tracks[0]!.x[i]).toBeCloseTo(600 - 20 * f4(p.y), 1);
      expect(got.tracks[0]!.y[i]).toBeCloseTo(100 + 20 * f4(p.x), 1);
    });
    const capped = await call(viewer, 'POST', '/api/Track/GetTrackPlayerPoints', {
      locationId: store.id,
      ...PERIOD,
      maxTracks: 10,
    });
    expect(capped.json().tracks).toHaveLength(10);
    expect(capped.json().truncated).toBe(true);
  });

  it('answers 404 outside the scope and 400 naming the field', async () => {
    const body = { locationId: other.id, ...PERIOD };
    expect((await call(viewer, 'POST', '/api/Track/GetTrackViewerMasterRows', body)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', `/api/FloorPlan/${other.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/active-zones/device/${device.id}`)).statusCode).toBe(404);
    const asDevice = await call(viewer, 'POST', '/api/Track/HeatMap', { ...PERIOD, locationId: device.id });
    expect(asDevice.statusCode).toBe(400);
    expect(asDevice.json().field).toBe('locationId');
    const backwards = await call(viewer, 'POST', '/api/Track/Attendance', {
      locationId: store.id,
      from: PERIOD.to,
      to: PERIOD.from,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('to');
    const badZone = await call(viewer, 'POST', '/api/Track/GetTrackViewerMasterRows', {
      locationId: store.id,
      ...PERIOD,
      zoneIds: [store.id],
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().field).toBe('zoneIds.0');
    const notPng = await call(admin, 'PUT', `/api/FloorPlan/${store.id}`, {
      contentType: 'image/png',
      content: Buffer.from('<svg></svg>').toString('base64'),
      width: 10,
      height: 10,
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().field).toBe('content');
    expect(
      (await call(viewer, 'PUT', `/api/active-zones/device/${device.id}`, { zones: [] })).statusCode,
    ).toBe(403);
  });
});
