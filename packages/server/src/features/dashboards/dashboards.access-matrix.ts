import { DashboardJson, type Role } from '@footfall/domain';
import { makeUser } from '../../test/factories.js';
import { type MatrixContext, type MatrixRequestContext, type MatrixTable } from '../../test/access-matrix.js';

/**
 * Dashboards are owned by a user, not placed in the tree: in context 'own' the request touches the
 * caller's own dashboard, in the other contexts another user's (404 for everyone, superAdmin included).
 * dashboardOnly users are read-only: creating, saving or deleting answers 403 before any lookup.
 */
const D = '/api/Dashboard';
const json = JSON.stringify({ widgets: [], fullTreeViewSelection: [] });

const emptyJson = () => DashboardJson.parse({});

const dashboardFor = async (m: MatrixRequestContext, json = emptyJson()) => {
  const owner = m.context === 'own' ? m.actor.id : (await makeUser(m.t.db)).id;
  return m.t.app.services.dashboards.createForUser(owner, 'Matrix', json, false);
};

const owned = (ok: number) => (_role: Role, context: MatrixContext) => (context === 'own' ? ok : 404);
const ownedWrite = (ok: number) => (role: Role, context: MatrixContext) =>
  role === 'dashboardOnly' ? 403 : context === 'own' ? ok : 404;

export const accessMatrix: MatrixTable = {
  [`GET ${D}`]: { request: () => ({ url: D }), expect: () => 200 },
  [`POST ${D}`]: {
    request: () => ({ url: D, payload: { useDefaultTemplate: false, name: 'New', json } }),
    expect: (role) => (role === 'dashboardOnly' ? 403 : 201),
  },
  [`GET ${D}/:id`]: { request: async (m) => ({ url: `${D}/${await dashboardFor(m)}` }), expect: owned(200) },
  [`PUT ${D}/:id`]: {
    request: async (m) => {
      const id = await dashboardFor(m);
      return { url: `${D}/${id}`, payload: { id, name: 'Saved', linkedTemplateName: null, json } };
    },
    expect: ownedWrite(200),
  },
  [`DELETE ${D}/:id`]: {
    request: async (m) => ({ url: `${D}/${await dashboardFor(m)}` }),
    expect: ownedWrite(200),
  },
  [`POST ${D}/:id/snapshot`]: {
    request: async (m) => ({
      // a snapshot needs a saved location (the context's store: in 'own', inside the caller's scope)
      url: `${D}/${await dashboardFor(m, DashboardJson.parse({ fullTreeViewSelection: [m.target.location.id] }))}/snapshot`,
      payload: { recipients: [{ email: 'matrix@example.com' }] },
    }),
    expect: owned(200),
  },
  // defaults: in 'own' the caller's own; elsewhere those of a user of the context's tenant, which only
  'GET /api/User/:id/dashboards': {
    request: async (m: MatrixRequestContext) => {
      const userId =
        m.context === 'own' ? m.actor.id : (await makeUser(m.t.db, { scopeNodeId: m.target.group.id })).id;
      return { url: `/api/User/${userId}/dashboards` };
    },
    expect: (role: Role, context: MatrixContext) => {
      if (context === 'own' || role === 'superAdmin') return 200;
      return role === 'admin' ? 404 : 403;
    },
  },
  // an admin-kind caller managing that user may touch (others: 403 before any lookup; admin: 404)
  ...Object.fromEntries(
    ['defaultDashboard', 'defaultMobileDashboard'].flatMap((kind) =>
      ['GET', 'POST'].map((method) => [
        `${method} /api/User/:id/${kind}/:dashboardId`,
        {
          request: async (m: MatrixRequestContext) => {
            const userId =
              m.context === 'own'
                ? m.actor.id
                : (await makeUser(m.t.db, { scopeNodeId: m.target.group.id })).id;
            const id = await m.t.app.services.dashboards.createForUser(userId, 'Mine', emptyJson(), false);
            return { url: `/api/User/${userId}/${kind}/${id}` };
          },
          expect: (role: Role, context: MatrixContext) => {
            if (context === 'own' || role === 'superAdmin') return 200;
            return role === 'admin' ? 404 : 403;
          },
        },
      ]),
    ),
  ),
  ...Object.fromEntries(
    ['defaultDashboard', 'defaultMobileDashboard'].map((kind) => [
      `DELETE /api/User/:id/${kind}`,
      {
        request: async (m: MatrixRequestContext) => {
          const userId =
            m.context === 'own'
              ? m.actor.id
              : (await makeUser(m.t.db, { scopeNodeId: m.target.group.id })).id;
          return { url: `/api/User/${userId}/${kind}` };
        },
        expect: (role: Role, context: MatrixContext) => {
          if (context === 'own' || role === 'superAdmin') return 200;
          return role === 'admin' ? 404 : 403;
        },
      },
    ]),
  ),
};
