import type { Role } from '@footfall/domain';
import { ACCESS } from '../../platform/http/access-groups.js';
import { makeDevice, makeLocation } from '../../test/factories.js';
import {
  ADMIN_KIND,
  SUPER_ADMIN,
  scoped,
  type MatrixContext,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/** Access matrix of the occupancy configs, operator updates and reset schedules. */
const OPERATORS: readonly Role[] = ACCESS.occupancyOperators.roles;

/** A fresh location with one door counting in and out: it gets its default occupancy config. */
async function occupiedLocation(m: MatrixRequestContext) {
  const location = await makeLocation(m.t.db, { parentId: m.target.group.id });
  const door = await makeDevice(m.t.db, { parentId: location.id });
  const inId = (
    await m.t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficIn' })
  ).id;
  const outId = (
    await m.t.app.services.series.ensureSeries({ nodeId: door.id, measurementProtocol: 'TrafficOut' })
  ).id;
  const config = (await m.t.app.services.occupancy.configOfNode(location.id))!;
  return { location, inId, outId, config };
}

/** superAdmin routes where a scoped superAdmin still meets the scope (the matrix's is unscoped). */
const superAdminOnly = (ok: number) => (role: Role, _context: MatrixContext) =>
  role === 'superAdmin' ? ok : 403;

export const accessMatrix: MatrixTable = {
  'GET /api/Occupancy/config/:nodeId': {
    request: async (m) => ({ url: `/api/Occupancy/config/${(await occupiedLocation(m)).location.id}` }),
    expect: scoped(200),
  },
  'POST /api/Occupancy/config': {
    request: async (m) => {
      const location = await makeLocation(m.t.db, { parentId: m.target.group.id });
      return {
        url: '/api/Occupancy/config',
        payload: { nodeId: location.id, timeSeriesInIds: [], timeSeriesOutIds: [] },
      };
    },
    expect: scoped(201, ADMIN_KIND),
  },
  'PUT /api/Occupancy/config/:id': {
    request: async (m) => {
      const { config, inId, outId } = await occupiedLocation(m);
      return {
        url: `/api/Occupancy/config/${config.id}`,
        payload: { timeSeriesInIds: [inId], timeSeriesOutIds: [outId] },
      };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/Occupancy/UpdateOccupancy': {
    request: async (m) => ({
      url: '/api/Occupancy/UpdateOccupancy',
      payload: { occupancyId: (await occupiedLocation(m)).config.id, delta: 1 },
    }),
    expect: scoped(200, OPERATORS),
  },
  'GET /api/Schedule/occupancy-reset': {
    request: () => ({ url: '/api/Schedule/occupancy-reset' }),
    expect: superAdminOnly(200),
  },
  'POST /api/Schedule/occupancy-reset': {
    request: (m) => ({
      url: '/api/Schedule/occupancy-reset',
      payload: { scheduleDto: { id: '', time: '04:00' }, locations: [{ id: m.target.location.id }] },
    }),
    expect: (role) => (SUPER_ADMIN.includes(role) ? 200 : 403),
  },
  'DELETE /api/Schedule/occupancy-reset/:id': {
    request: async (m) => {
      const saved = await m.t.app.services.occupancyResets.save(
        { userId: m.actor.id, username: m.actor.username, roles: ['superAdmin'], scopeNodeId: null },
        { scheduleDto: { id: '', time: '05:00' }, locations: [{ id: m.target.location.id }] },
      );
      return { url: `/api/Schedule/occupancy-reset/${saved.scheduleDto.id}` };
    },
    expect: (role) => (SUPER_ADMIN.includes(role) ? 200 : 403),
  },
  'POST /api/Schedule/occupancy-reset/now': {
    request: async (m) => ({
      url: '/api/Schedule/occupancy-reset/now',
      payload: { nodeId: (await occupiedLocation(m)).location.id },
    }),
    expect: superAdminOnly(200),
  },
  'GET /api/OrganizationalTree/occupancy-reset-schedule/:nodeId': {
    request: (m) => ({ url: `/api/OrganizationalTree/occupancy-reset-schedule/${m.target.location.id}` }),
    expect: scoped(200, ADMIN_KIND),
  },
};
