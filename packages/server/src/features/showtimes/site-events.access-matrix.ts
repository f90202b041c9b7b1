import type { Role } from '@footfall/domain';
import { makeLocation } from '../../test/factories.js';
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
 * Access matrix of /api/SiteEvent (showtimes). Reading needs the orgtreeevent mobile flag, which the
 * matrix's users do not have, or an admin-kind role; admin-kind users manage events and sessions.
 */
async function event(m: MatrixRequestContext) {
  const location = await makeLocation(m.t.db, { parentId: m.target.group.id });
  const row = await m.t.db
    .insertInto('site_event')
    .values({ node_id: location.id, name: 'Matrix hall' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, location };
}

async function session(m: MatrixRequestContext) {
  const e = await event(m);
  const start = new Date(Date.UTC(2025, 5, 14, 18));
  const row = await m.t.db
    .insertInto('site_event_session')
    .values({
      event_id: e.id,
      node_id: e.location.id,
      title: 'Matinee',
      start_at: start,
      end_at: new Date(start.getTime() + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { event: e, id: row.id };
}

const sessionBody = { title: 'Matinee', start: '2025-06-14 14:00', durationMinutes: 90 };

const createLike =
  (ok: number, roles: readonly Role[]) =>
  (role: Role, context: MatrixContext): Expected => {
    if (!roles.includes(role)) return 403;
    return role === 'superAdmin' || context === 'own' ? ok : 400;
  };

export const accessMatrix: MatrixTable = {
  'GET /api/SiteEvent/orgtreeevents': {
    request: () => ({ url: '/api/SiteEvent/orgtreeevents' }),
    expect: unscoped(200, ADMIN_KIND),
  },
  'GET /api/SiteEvent/:id': {
    request: async (m) => ({ url: `/api/SiteEvent/${(await event(m)).id}` }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/SiteEvent': {
    request: async (m) => {
      const location = await makeLocation(m.t.db, { parentId: m.target.group.id });
      return { url: '/api/SiteEvent', payload: { name: 'Matrix hall', nodeId: location.id } };
    },
    expect: createLike(201, ADMIN_KIND),
  },
  'PUT /api/SiteEvent/:id': {
    request: async (m) => {
      const e = await event(m);
      return { url: `/api/SiteEvent/${e.id}`, payload: { name: 'Renamed', nodeId: e.location.id } };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  'DELETE /api/SiteEvent/:id': {
    request: async (m) => ({ url: `/api/SiteEvent/${(await event(m)).id}` }),
    expect: scoped(204, ADMIN_KIND),
  },
  'POST /api/SiteEvent/:id/sessions': {
    request: async (m) => ({ url: `/api/SiteEvent/${(await event(m)).id}/sessions`, payload: sessionBody }),
    expect: scoped(201, ADMIN_KIND),
  },
  'GET /api/SiteEvent/:id/sessions/:sessionId': {
    request: async (m) => {
      const s = await session(m);
      return { url: `/api/SiteEvent/${s.event.id}/sessions/${s.id}` };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  'PUT /api/SiteEvent/:id/sessions/:sessionId': {
    request: async (m) => {
      const s = await session(m);
      return { url: `/api/SiteEvent/${s.event.id}/sessions/${s.id}`, payload: sessionBody };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  'DELETE /api/SiteEvent/:id/sessions/:sessionId': {
    request: async (m) => {
      const s = await session(m);
      return { url: `/api/SiteEvent/${s.event.id}/sessions/${s.id}` };
    },
    expect: scoped(204, ADMIN_KIND),
  },
  'POST /api/SiteEvent/:id/sessions/import': {
    request: async (m) => ({
      url: `/api/SiteEvent/${(await event(m)).id}/sessions/import`,
      payload: { csv: 'date,time,title,duration\n2025-06-14,20:00,Gala,120\n' },
    }),
    expect: scoped(201, ADMIN_KIND),
  },
};
