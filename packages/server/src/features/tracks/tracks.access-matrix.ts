import { ADMIN_KIND, scoped, type MatrixRequestContext, type MatrixTable } from '../../test/access-matrix.js';
import { encodeIrisysTargets } from './irisys-targets.js';

/**
 * Tracks (spec section 6: track is for everyone): every role reads the locations of its scope, 404
 * outside it; floor plans, placements and zones are changed by admin-kind users; trajectories are
 * pushed by admin-kind users (or ingest keys) for devices of their scope, 404 outside.
 */
/** The device's MAC address: the identity the Irisys route finds it by. */
const macOf = async (m: MatrixRequestContext, nodeId: string) => {
  const row = await m.t.db
    .selectFrom('node')
    .select('attributes')
    .where('id', '=', nodeId)
    .executeTakeFirstOrThrow();
  return String((row.attributes as { macAddress?: string }).macAddress);
};
const hourAgo = () => new Date(Date.now() - 3600_000);
const period = (m: MatrixRequestContext) => ({
  locationId: m.target.location.id,
  from: '2026-01-01 00:00',
  to: '2026-01-02 00:00',
});
// a 1x1 PNG
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const square: [number, number][] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

export const accessMatrix: MatrixTable = {
  'POST /api/ingest/tracks': {
    request: (m) => ({
      url: '/api/ingest/tracks',
      payload: {
        deviceId: m.target.device.id,
        tracks: [{ trackId: 'a', points: [{ t: hourAgo().toISOString(), x: 1, y: 2 }] }],
      },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/irisys/targets/:serial': {
    request: async (m) => ({
      url: `/api/ingest/irisys/targets/${encodeURIComponent(await macOf(m, m.target.device.id))}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: encodeIrisysTargets(hourAgo(), [{ targetId: 7, status: 0, x: 0.5, y: -0.5, height: 1.7 }]),
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/xovis/tracks/:serial': {
    request: async (m) => ({
      url: `/api/ingest/xovis/tracks/${encodeURIComponent(await macOf(m, m.target.device.id))}`,
      payload: {
        time: hourAgo().getTime(),
        tracked_objects: [{ track_id: 42, type: 'PERSON', position: [1.5, 2.5, 1.7] }],
      },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/Track/GetTrackViewerMasterRows': {
    request: (m) => ({ url: '/api/Track/GetTrackViewerMasterRows', payload: period(m) }),
    expect: scoped(200),
  },
  'POST /api/Track/GetTrackViewerMasterDetailRows': {
    request: (m) => ({ url: '/api/Track/GetTrackViewerMasterDetailRows', payload: period(m) }),
    expect: scoped(200),
  },
  'POST /api/Track/GetTrackPlayerPoints': {
    request: (m) => ({ url: '/api/Track/GetTrackPlayerPoints', payload: period(m) }),
    expect: scoped(200),
  },
  'POST /api/Track/HeatMap': {
    request: (m) => ({ url: '/api/Track/HeatMap', payload: period(m) }),
    expect: scoped(200),
  },
  'POST /api/Track/Attendance': {
    request: (m) => ({ url: '/api/Track/Attendance', payload: period(m) }),
    expect: scoped(200),
  },
  'GET /api/Track/locations': {
    request: () => ({ url: '/api/Track/locations' }),
    expect: () => 200,
  },
  'GET /api/FloorPlan/:id': {
    request: (m) => ({ url: `/api/FloorPlan/${m.target.location.id}` }),
    expect: scoped(200),
  },
  'PUT /api/FloorPlan/:id': {
    request: (m) => ({
      url: `/api/FloorPlan/${m.target.location.id}`,
      payload: { contentType: 'image/png', content: PNG, width: 1, height: 1 },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'PUT /api/FloorPlan/:id/device/:deviceId': {
    request: (m) => ({
      url: `/api/FloorPlan/${m.target.location.id}/device/${m.target.device.id}`,
      payload: { scale: 30, rotation: 90, offsetX: 100, offsetY: 50 },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'GET /api/active-zones/device/:id': {
    request: (m) => ({ url: `/api/active-zones/device/${m.target.device.id}` }),
    expect: scoped(200),
  },
  'PUT /api/active-zones/device/:id': {
    request: (m) => ({
      url: `/api/active-zones/device/${m.target.device.id}`,
      payload: { zones: [{ name: 'Entrance', points: square }] },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
};
