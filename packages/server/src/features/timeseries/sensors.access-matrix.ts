import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import {
  ADMIN_KIND,
  SUPER_ADMIN,
  scoped,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/**
 * Access matrix of the device formats (issue 17): pushes for a device outside the caller's scope
 * answer 404 (the device is unknown to it); push keys are the device's admins'; the unknown-devices
 * list and its adoption are the superAdmin's. The per-device push URLs (`/api/ingest/k/:pushKey/...`)
 * are in PUBLIC_ROUTES: their key is the credential.
 */
/** The MAC address a device of the matrix fixtures carries (the vendor pushes identify it by it). */
export const macOf = async (m: MatrixRequestContext, nodeId: string) => {
  const row = await m.t.db
    .selectFrom('node')
    .select('attributes')
    .where('id', '=', nodeId)
    .executeTakeFirstOrThrow();
  return String((row.attributes as { macAddress?: string }).macAddress);
};
const minutesAgo = (n: number) => Date.now() - n * 60_000;
const csvTime = (ms: number) => {
  const d = new Date(ms);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} - ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};
const principalOfActor = (m: MatrixRequestContext) => ({
  userId: m.actor.id,
  username: m.actor.username,
  roles: ['superAdmin' as const],
  scopeNodeId: null,
});

export const accessMatrix: MatrixTable = {
  'POST /api/ingest/xovis': {
    request: async (m) => ({
      url: '/api/ingest/xovis',
      payload: {
        logics_data: {
          sensor_info: { serial_number: await macOf(m, m.target.device.id) },
          logics: [
            {
              id: 0,
              records: [{ from: minutesAgo(61), to: minutesAgo(60), counts: [{ name: 'fw', value: 1 }] }],
            },
          ],
        },
      },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/irisys': {
    request: async (m) => ({
      url: '/api/ingest/irisys',
      payload: {
        macAddress: await macOf(m, m.target.device.id),
        CountLogs: [
          {
            LogEntryId: 1,
            Timestamp: new Date(minutesAgo(60)).toISOString(),
            Counts: [{ Name: 'Line 1', RegisterId: 0, Value: 5 }],
          },
        ],
      },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/xovis/export/:id': {
    request: (m) => ({
      url: `/api/ingest/xovis/export/${m.target.device.id}`,
      headers: { 'content-type': 'text/csv' },
      payload: `from-time,to-time,Forward counter,Backward counter\n${csvTime(minutesAgo(2 * 1440))},${csvTime(minutesAgo(2 * 1440 - 1))},2,1\n`,
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'GET /api/Device/:id/PushKey': {
    request: (m) => ({ url: `/api/Device/${m.target.device.id}/PushKey` }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/Device/:id/PushKey': {
    request: (m) => ({ url: `/api/Device/${m.target.device.id}/PushKey` }),
    expect: scoped(201, ADMIN_KIND),
  },
  'DELETE /api/Device/:id/PushKey/:keyId': {
    request: async (m) => {
      const key = await m.t.app.services.deviceAdmin.createKey(principalOfActor(m), m.target.device.id);
      return { url: `/api/Device/${m.target.device.id}/PushKey/${key.id}` };
    },
    expect: scoped(204, ADMIN_KIND),
  },
  'GET /api/UnknownDevice': {
    request: () => ({ url: '/api/UnknownDevice' }),
    expect: unscoped(200, SUPER_ADMIN),
  },
  'POST /api/UnknownDevice/:identity/adopt': {
    request: async (m) => {
      const identity = `matrix-${randomBytes(6).toString('hex')}`;
      await sql`
        insert into sensor_unknown_device (identity, vendor, identities, first_seen_at, last_seen_at)
        values (${identity}, 'xovis', ${[identity]}::text[], now(), now())`.execute(m.t.db);
      return {
        url: `/api/UnknownDevice/${identity}/adopt`,
        payload: { parentId: m.target.location.id, name: 'Adopted counter' },
      };
    },
    expect: unscoped(201, SUPER_ADMIN),
  },
};
