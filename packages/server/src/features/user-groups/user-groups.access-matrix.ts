import { asPrincipal } from '../../test/factories.js';
import {
  ADMIN_KIND,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/**
 * User groups belong to the whole deployment (they carry dashboard templates, not tree rights): any
 * admin-kind user manages any group, wherever the caller's scope lies. Every signed-in user may read
 * their own group (/current). Changing requests touch a fresh group.
 */
const G = '/api/UserGroup';
const short = () => Math.random().toString(36).slice(2, 10);

const freshGroup = async (m: MatrixRequestContext) =>
  (
    await m.t.app.services.userGroups.create(asPrincipal(m.actor), {
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
    request: async (m) => ({ url: `${G}/${await freshGroup(m)}` }),
    expect: unscoped(200, ADMIN_KIND),
  },
  [`POST ${G}`]: {
    request: () => ({ url: G, payload: { name: `Matrix new ${short()}` } }),
    expect: unscoped(201, ADMIN_KIND),
  },
  [`PUT ${G}/:id`]: {
    request: async (m) => ({
      url: `${G}/${await freshGroup(m)}`,
      payload: { name: `Matrix renamed ${short()}` },
    }),
    expect: unscoped(200, ADMIN_KIND),
  },
  [`DELETE ${G}/:id`]: {
    request: async (m) => ({ url: `${G}/${await freshGroup(m)}` }),
    expect: unscoped(200, ADMIN_KIND),
  },
};
