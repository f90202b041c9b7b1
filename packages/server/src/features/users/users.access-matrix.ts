import type { Role } from '@footfall/domain';
import { makeUser } from '../../test/factories.js';
import {
  ADMIN_KIND,
  scoped,
  unscoped,
  type MatrixContext,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/**
 * User management is admin-kind only; an admin manages the users whose scope lies inside their own
 * (404 outside, the unscoped superAdmin sees all). The managed user is a fresh plain User scoped to
 * the context's group. Creating a user with a scope outside the caller's answers 400 on `scope`
 * ("outside the caller's scope looks exactly like a node that does not exist").
 * The current user and the profile dialog are every signed-in user's, for themselves only.
 */
const U = '/api/User';
const short = () => Math.random().toString(36).slice(2, 10);

const managed = (m: MatrixRequestContext) =>
  makeUser(m.t.db, { roles: ['User'], scopeNodeId: m.target.group.id });

/** Admin-kind; a scope given in the request must lie in the caller's scope (400 on `scope` otherwise). */
const scopeGiven = (ok: number) => (role: Role, context: MatrixContext) => {
  if (!ADMIN_KIND.includes(role)) return 403;
  return role === 'superAdmin' || context === 'own' ? ok : 400;
};

export const accessMatrix: MatrixTable = {
  ...Object.fromEntries(
    ['/api/User/Current', '/user/current'].map((url) => [
      `GET ${url}`,
      { request: () => ({ url }), expect: () => 200 },
    ]),
  ),
  // own context: the caller's own profile; other contexts: another user's id (403: self only)
  [`PUT ${U}/profile`]: {
    request: async (m) => {
      const id = m.context === 'own' ? m.actor.id : (await managed(m)).id;
      return {
        url: `${U}/profile`,
        payload: {
          id,
          firstName: 'Matrix',
          lastName: 'Profile',
          email: 'matrix@example.com',
          language: 'en',
        },
      };
    },
    expect: (_role, context) => (context === 'own' ? 200 : 403),
  },
  [`GET ${U}`]: { request: () => ({ url: U }), expect: unscoped(200, ADMIN_KIND) },
  // the list filtered to the context's client group: a node outside the caller's scope is 400 `scope`
  [`GET ${U}/search`]: {
    request: (m) => ({ url: `${U}/search?scope=${m.target.group.id}&pageSize=5` }),
    expect: scopeGiven(200),
  },
  [`GET ${U}/UsersReport`]: {
    request: (m) => ({ url: `${U}/UsersReport?format=csv&scope=${m.target.group.id}` }),
    expect: scopeGiven(200),
  },
  [`POST ${U}/:id/password-reset-mail`]: {
    request: async (m) => ({ url: `${U}/${(await managed(m)).id}/password-reset-mail` }),
    expect: scoped(204, ADMIN_KIND),
  },
  [`POST ${U}`]: {
    request: (m) => ({
      url: U,
      payload: {
        username: `matrix-${short()}`,
        firstName: 'Matrix',
        lastName: 'Created',
        email: 'created@example.com',
        roles: ['User'],
        scope: m.target.group.id,
        password: 'Matrix-created-9',
      },
    }),
    expect: scopeGiven(201),
  },
  [`GET ${U}/:id`]: {
    request: async (m) => ({ url: `${U}/${(await managed(m)).id}` }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`PUT ${U}/:id`]: {
    request: async (m) => ({ url: `${U}/${(await managed(m)).id}`, payload: { firstName: 'Renamed' } }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`DELETE ${U}/:id`]: {
    request: async (m) => ({ url: `${U}/${(await managed(m)).id}` }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`GET ${U}/:id/affected-users`]: {
    request: async (m) => ({ url: `${U}/${(await managed(m)).id}/affected-users` }),
    expect: scoped(200, ADMIN_KIND),
  },
};
