import { asPrincipal } from '../../test/factories.js';
import {
  ADMIN_KIND,
  scoped,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/**
 * User groups belong to an owner scope (a tree node): admin-kind callers manage the groups owned
 * inside their scope, 404 outside (the unscoped superAdmin: every group). The group of each request
 * is a fresh one owned by the context's tenant (`m.owner`, scoped to the target group), so the
 * 'other' context probes a group of another client group. Every signed-in user reads their own
 * group (/current).
 */
const G = '/api/UserGroup';
const short = () => Math.random().toString(36).slice(2, 10);

const ownersGroup = async (m: MatrixRequestContext) =>
  (
    await m.t.app.services.userGroups.create(asPrincipal(m.owner), {
      name: `Matrix group ${short()}`,
      userRetentionPolicyDays: 0,
      defaultDashboardTemplate: null,
      defaultMobileDashboardTemplate: null,
      supportChatEnabled: true,
    })
  ).id;

export const accessMatrix: MatrixTable = {
  [`GET ${G}`]: { request: () => ({ url: G }), expect: unscoped(200, ADMIN_KIND) },
  [`GET ${G}/current`]: { request: () => ({ url: `${G}/current` }), expect: unscoped(200) },
  [`GET ${G}/:id`]: {
    request: async (m) => ({ url: `${G}/${await ownersGroup(m)}` }),
    expect: scoped(200, ADMIN_KIND),
  },
  // owned by the context's group: inside the caller's scope, or a 400 naming ownerScopeNodeId
  [`POST ${G}`]: {
    request: (m) => ({
      url: G,
      payload: { name: `Matrix new ${short()}`, ownerScopeNodeId: m.target.group.id },
    }),
    expect: (role, context) => {
      if (!ADMIN_KIND.includes(role)) return 403;
      return role === 'superAdmin' || context === 'own' ? 201 : 400;
    },
  },
  [`PUT ${G}/:id`]: {
    request: async (m) => ({
      url: `${G}/${await ownersGroup(m)}`,
      payload: { name: `Matrix renamed ${short()}` },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`DELETE ${G}/:id`]: {
    request: async (m) => ({ url: `${G}/${await ownersGroup(m)}` }),
    expect: scoped(200, ADMIN_KIND),
  },
};
