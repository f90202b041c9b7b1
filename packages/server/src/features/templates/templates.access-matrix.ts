import { DashboardJson } from '@footfall/domain';
import { asPrincipal } from '../../test/factories.js';
import {
  ADMIN_KIND,
  scoped,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/**
 * Templates belong to a user group and so to its owner scope: admin-kind callers manage the
 * templates of the groups owned inside their scope, every user reads those of their own group
 * (the matrix callers have none: the `_EVERYONE_` of client A); anything else answers 404.
 * Each request's template is saved by the context's tenant (`m.owner`): in a fresh group owned by
 * the target group, or, in the 'other' context, in client B's own `_EVERYONE_`.
 */
const T = '/api/Template';
const dashboard = JSON.stringify({ widgets: [] });
const short = () => Math.random().toString(36).slice(2, 10);

/** A group the context's tenant manages: client B's _EVERYONE_, or a fresh group of the target. */
const ownersGroup = async (m: MatrixRequestContext) => {
  const groups = m.t.app.services.userGroups;
  if (m.context === 'other') return (await groups.current(asPrincipal(m.owner))).id;
  return (
    await groups.create(asPrincipal(m.owner), {
      name: `Matrix group ${short()}`,
      userRetentionPolicyDays: 0,
      defaultDashboardTemplate: null,
      defaultMobileDashboardTemplate: null,
      supportChatEnabled: true,
    })
  ).id;
};

/** A fresh template saved by the context's tenant in `userGroupId` (its own group by default). */
const template = async (m: MatrixRequestContext, userGroupId?: string) => {
  const groupId = userGroupId ?? (await ownersGroup(m));
  const name = `Matrix ${short()}`;
  await m.t.app.services.templates.save(asPrincipal(m.owner), {
    userGroupId: groupId,
    name,
    dashboard: JSON.stringify(DashboardJson.parse({})),
  });
  return { userGroupId: groupId, name, path: `${T}/${groupId}/${encodeURIComponent(name)}` };
};

/**
 * For reading: in 'own', a template of the caller's own group (_EVERYONE_ of client A, which the
 * actor's region does not own), so every role reads it; elsewhere one of the context's tenant.
 */
const readable = async (m: MatrixRequestContext) => {
  if (m.context !== 'own') return template(m);
  const own = await m.t.app.services.userGroups.current(asPrincipal(m.actor));
  const name = `Matrix ${short()}`;
  await m.t.app.services.templates.save(
    { userId: m.actor.id, username: m.actor.username, roles: ['superAdmin'], scopeNodeId: null },
    { userGroupId: own.id, name, dashboard: JSON.stringify(DashboardJson.parse({})) },
  );
  return { path: `${T}/${own.id}/${encodeURIComponent(name)}` };
};

export const accessMatrix: MatrixTable = {
  [`GET ${T}`]: { request: () => ({ url: T }), expect: unscoped(200) },
  'GET /api/User/hasTemplates': { request: () => ({ url: '/api/User/hasTemplates' }), expect: unscoped(200) },
  [`GET ${T}/:userGroupId/:name`]: {
    request: async (m) => ({ url: (await readable(m)).path }),
    expect: scoped(200),
  },
  [`POST ${T}`]: {
    request: async (m) => ({
      url: T,
      payload: { name: `Saved ${short()}`, dashboard, userGroupId: await ownersGroup(m) },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`POST ${T}/copy`]: {
    request: async (m) => {
      const t = await template(m);
      return {
        url: `${T}/copy`,
        payload: { templateName: t.name, sourceUserGroupId: t.userGroupId, targetUserGroupId: t.userGroupId },
      };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  [`DELETE ${T}/:userGroupId/:name`]: {
    request: async (m) => ({ url: (await template(m)).path }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`POST ${T}/:userGroupId/:name/push`]: {
    request: async (m) => ({ url: `${(await template(m)).path}/push` }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`PUT ${T}/:userGroupId/:name/rename`]: {
    request: async (m) => ({
      url: `${(await template(m)).path}/rename`,
      payload: { name: `Renamed ${short()}` },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`PUT ${T}/:userGroupId/:name/userCreationAction`]: {
    request: async (m) => ({
      url: `${(await template(m)).path}/userCreationAction`,
      payload: { userCreationAction: 'copy' },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`PUT ${T}/defaults/:userGroupId`]: {
    request: async (m) => ({
      url: `${T}/defaults/${await ownersGroup(m)}`,
      payload: { defaultDashboardTemplate: null },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
};
