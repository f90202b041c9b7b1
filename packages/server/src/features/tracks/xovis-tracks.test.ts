import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authHeader, makeDevice, makeUser, type MadeUser } from '../../test/factories.js';
import { countChanges, tableCounts } from '../../test/table-counts.js';

/**
 * Xovis track ingest (issue 18) on the vendor's published schema: the frame is built from the
 * `example` values of Xovis' Sensor V5 API schemas (samples/README.md), walked mechanically, then
 * sent as one frame and inside a live data push; bad frames answer 400 naming the field and write
 * nothing.
 */
type Schema = Record<string, unknown>;
const file = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'samples',
  'xovis-sensor-v5-api-tracked-objects.yaml',
);
const schemas = (parse(fs.readFileSync(file, 'utf8')) as { components: { schemas: Record<string, Schema> } })
  .components.schemas;

/** The vendor's example of a schema: its `example`, else the examples of its parts (refs resolved). */
function example(s: Schema | undefined): unknown {
  if (!s) return undefined;
  if (typeof s.$ref === 'string') return example(schemas[s.$ref.split('/').pop()!]);
  if ('example' in s) return s.example;
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((p) => example(p as Schema) ?? {}));
  if (s.properties) {
    const out = Object.entries(s.properties as Record<string, Schema>)
      .map(([k, v]) => [k, example(v)] as const)
      .filter(([, v]) => v !== undefined);
    return Object.fromEntries(out);
  }
  if (s.type === 'array' && s.items) {
    const item = example(s.items as Schema);
    return item === undefined ? undefined : [item];
  }
  return undefined;
}

let t: TestApp;
let admin: MadeUser;
let device: { id: string };
const SERIAL = '00:6E:02:00:A1:B2';
/** the vendor's example time, 2020-01-20T16:26:54Z: the test clock stands 5 minutes later */
const VENDOR_TIME = schemas.time_instant!.example as number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(VENDOR_TIME + 5 * 60_000).toISOString());
  admin = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
  device = await makeDevice(t.db, { attributes: { serialNumber: SERIAL } });
});

const send = async (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ingest/xovis/tracks/${encodeURIComponent(SERIAL)}`,
    headers: await authHeader(t.ctx, admin),
    payload: payload as object,
  });
const points = async () =>
  (
    await sql<{ track_id: string; at: Date; x: number; y: number }>`
      select track_id, occurred_on as at, x, y from track_point where device_id = ${device.id}
      order by occurred_on, track_id`.execute(t.db)
  ).rows;

describe('Xovis live frames', () => {
  it("the vendor's example frame: its PERSON's position goes to its track", async () => {
    const frame = example(schemas.live_view_image_meta_headers);
    // what the vendor's examples make: time, and one tracked object (track 167, PERSON, [0.4, 0.1, 1.0])
    expect(frame).toMatchObject({
      time: 1579537614000,
      tracked_objects: [{ track_id: 167, type: 'PERSON', position: [0.4, 0.1, 1.0] }],
    });
    const res = await send(frame);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 1, tracks: 1 });
    const rows = await points();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.track_id).toBe('xovis-167');
    expect(new Date(rows[0]!.at).toISOString()).toBe('2020-01-20T16:26:54.000Z');
    expect(rows[0]!.x).toBeCloseTo(0.4, 5);
    expect(rows[0]!.y).toBeCloseTo(0.1, 5);
  });

  it('a live data push: frames in time, RFC 3339 times, 64-bit ids as text, other objects skipped', async () => {
    const object = example(schemas.tracked_object) as Record<string, unknown>;
    const frames = [1, 2, 3].map((k) => ({
      time: k === 2 ? new Date(VENDOR_TIME + k * 1000).toISOString() : VENDOR_TIME + k * 1000,
      tracked_objects: [
        { ...object, position: [0.4 + k * 0.5, 0.1, 1.0] },
        { ...object, track_id: 2 ** 53, track_id_str: '9007199254740993', position: [2, k, 1.6] },
        { ...object, track_id: 168, type: 'GROUP', position: [5, 5, 1.2] },
      ],
    }));
    const res = await send({ live_data: { frames } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 6, tracks: 2 });
    const rows = await points();
    const of = (id: string) => rows.filter((r) => r.track_id === id);
    expect(of('xovis-167')).toHaveLength(4); // with the first test's position
    expect(of('xovis-167').map((r) => r.x)).toEqual([0.4, 0.9, 1.4, 1.9].map((v) => expect.closeTo(v, 5)));
    expect(of('xovis-9007199254740993').map((r) => r.y)).toEqual([1, 2, 3]);
    expect(rows.some((r) => r.track_id === 'xovis-168')).toBe(false);
  });

  it('refuses bad frames with 400 naming the field, and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const frame = (o: object, time: unknown = VENDOR_TIME) => ({
      live_data: {
        frames: [
          { time: VENDOR_TIME, tracked_objects: [{ track_id: 1, type: 'PERSON', position: [1, 1, 1] }] },
          { time, tracked_objects: [o] },
        ],
      },
    });
    const cases: [unknown, string][] = [
      [
        frame({ track_id: 2, type: 'PERSON', position: [1, 'x', 1] }),
        'live_data.frames.1.tracked_objects.0.position',
      ],
      [
        frame({ track_id: 2, type: 'PERSON', position: [1] }),
        'live_data.frames.1.tracked_objects.0.position',
      ],
      [frame({ type: 'PERSON', position: [1, 2, 3] }), 'live_data.frames.1.tracked_objects.0.track_id'],
      [frame({ track_id: 2, position: [1, 2, 3] }, '2020-01-20 16:40'), 'live_data.frames.1.time'],
      [
        frame({ track_id: 2, position: [1, 2, 3] }, VENDOR_TIME + 86_400_000),
        'live_data.frames.1.tracked_objects.0.position',
      ],
      [{ live_data: { frames: 'no' } }, 'live_data.frames'],
      [{ hello: 1 }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    expect(countChanges(before, await tableCounts(t.db))).toEqual({});
    // an unknown sensor is not one of ours
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/xovis/tracks/NOT-A-SENSOR',
      headers: await authHeader(t.ctx, admin),
      payload: example(schemas.live_view_image_meta_headers) as object,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
