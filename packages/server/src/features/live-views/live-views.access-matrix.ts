import type { Role } from '@footfall/domain';
import { makeDevice, makeLocation } from '../../test/factories.js';
import {
  ADMIN_KIND,
  scoped,
  unscoped,
  type Expected,
  type MatrixContext,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/**
 * Access matrix of /api/LiveView. Reading needs access to occupancy: the matrix's users have no
 * mobile flags, so only the roles that operate occupancy read; admin-kind users configure.
 */
const OPERATORS: readonly Role[] = ['superAdmin', 'admin', 'OccupancyOperator'];

/** A live view on a fresh location under the target group, with a door so that it has an occupancy. */
async function liveView(m: MatrixRequestContext) {
  const location = await makeLocation(m.t.db, { parentId: m.target.group.id });
  const door = await makeDevice(m.t.db, { parentId: location.id });
  for (const measurementProtocol of ['TrafficIn', 'TrafficOut']) {
    await m.t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol });
  }
  const occupancy = await m.t.app.services.occupancy.configOfNode(location.id);
  const row = await m.t.db
    .insertInto('live_view')
    .values({ node_id: location.id, occupancy_id: occupancy?.id ?? null, name: 'Matrix door' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, location };
}

/** A body naming a node: outside the scope it is a bad reference (400 naming nodeId). */
const createLike =
  (ok: number, roles: readonly Role[]) =>
  (role: Role, context: MatrixContext): Expected => {
    if (!roles.includes(role)) return 403;
    return role === 'superAdmin' || context === 'own' ? ok : 400;
  };

const settings = (nodeId: string) => ({
  name: 'Matrix door',
  nodeId,
  warningThreshold: 10,
  alertThreshold: 20,
});

export const accessMatrix: MatrixTable = {
  'GET /api/LiveView': { request: () => ({ url: '/api/LiveView' }), expect: unscoped(200, OPERATORS) },
  'GET /api/LiveView/first': {
    request: async (m) => {
      await liveView(m);
      return { url: '/api/LiveView/first' };
    },
    // the first in the caller's scope: views made by earlier requests may be there
    expect: (role, context) =>
      !OPERATORS.includes(role) ? 403 : role === 'superAdmin' || context === 'own' ? 200 : [200, 404],
  },
  'GET /api/LiveView/:id': {
    request: async (m) => ({ url: `/api/LiveView/${(await liveView(m)).id}` }),
    expect: scoped(200, OPERATORS),
  },
  'POST /api/LiveView': {
    request: async (m) => {
      const location = await makeLocation(m.t.db, { parentId: m.target.group.id });
      return { url: '/api/LiveView', payload: settings(location.id) };
    },
    expect: createLike(201, ADMIN_KIND),
  },
  'PUT /api/LiveView/:id': {
    request: async (m) => {
      const view = await liveView(m);
      return { url: `/api/LiveView/${view.id}`, payload: settings(view.location.id) };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  'DELETE /api/LiveView/:id': {
    request: async (m) => ({ url: `/api/LiveView/${(await liveView(m)).id}` }),
    expect: scoped(204, ADMIN_KIND),
  },
  'POST /api/LiveView/:id/adjustment': {
    request: async (m) => ({
      url: `/api/LiveView/${(await liveView(m)).id}/adjustment`,
      payload: { delta: 1 },
    }),
    expect: scoped(200, OPERATORS),
  },
  'POST /api/LiveView/:id/share': {
    request: async (m) => ({ url: `/api/LiveView/${(await liveView(m)).id}/share` }),
    expect: scoped(201, ADMIN_KIND),
  },
  'DELETE /api/LiveView/:id/share': {
    request: async (m) => ({ url: `/api/LiveView/${(await liveView(m)).id}/share` }),
    expect: scoped(204, ADMIN_KIND),
  },
};
