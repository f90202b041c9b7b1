import { DashboardJson, EVERYONE_GROUP } from '@footfall/domain';
import {
  ADMIN_KIND,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/**
 * Templates belong to user groups, shared by the deployment: admin-kind users manage them anywhere;
 * every user reads the templates of their own group (the matrix callers have none: _EVERYONE_).
 */
const T = '/api/Template';
const dashboard = JSON.stringify({ widgets: [] });

const everyone = async (m: MatrixRequestContext) =>
  (
    await m.t.db
      .selectFrom('user_group')
      .select('id')
      .where('name', '=', EVERYONE_GROUP)
      .executeTakeFirstOrThrow()
  ).id;

let n = 0;
/** A fresh template of _EVERYONE_, saved as a superAdmin. */
const template = async (m: MatrixRequestContext) => {
  const userGroupId = await everyone(m);
  const name = `Matrix ${n++}`;
  await m.t.app.services.templates.save(
    { userId: m.actor.id, username: m.actor.username, roles: ['superAdmin'], scopeNodeId: null },
    { userGroupId, name, dashboard: JSON.stringify(DashboardJson.parse({})) },
  );
  return { userGroupId, name, path: `${T}/${userGroupId}/${encodeURIComponent(name)}` };
};

export const accessMatrix: MatrixTable = {
  [`GET ${T}`]: { request: () => ({ url: T }), expect: unscoped(200) },
  'GET /api/User/hasTemplates': { request: () => ({ url: '/api/User/hasTemplates' }), expect: unscoped(200) },
  [`GET ${T}/:userGroupId/:name`]: {
    request: async (m) => ({ url: (await template(m)).path }),
    expect: unscoped(200),
  },
  [`POST ${T}`]: {
    request: async (m) => ({
      url: T,
      payload: { name: `Saved ${n++}`, dashboard, userGroupId: await everyone(m) },
    }),
    expect: unscoped(200, ADMIN_KIND),
  },
  [`POST ${T}/copy`]: {
    request: async (m) => {
      const t = await template(m);
      return {
        url: `${T}/copy`,
        payload: { templateName: t.name, sourceUserGroupId: t.userGroupId, targetUserGroupId: t.userGroupId },
      };
    },
    expect: unscoped(200, ADMIN_KIND),
  },
  [`DELETE ${T}/:userGroupId/:name`]: {
    request: async (m) => ({ url: (await template(m)).path }),
    expect: unscoped(200, ADMIN_KIND),
  },
  [`POST ${T}/:userGroupId/:name/push`]: {
    request: async (m) => ({ url: `${(await template(m)).path}/push` }),
    expect: unscoped(200, ADMIN_KIND),
  },
  [`PUT ${T}/:userGroupId/:name/userCreationAction`]: {
    request: async (m) => ({
      url: `${(await template(m)).path}/userCreationAction`,
      payload: { userCreationAction: 'copy' },
    }),
    expect: unscoped(200, ADMIN_KIND),
  },
  [`PUT ${T}/defaults/:userGroupId`]: {
    request: async (m) => ({
      url: `${T}/defaults/${await everyone(m)}`,
      payload: { defaultDashboardTemplate: null },
    }),
    expect: unscoped(200, ADMIN_KIND),
  },
};
