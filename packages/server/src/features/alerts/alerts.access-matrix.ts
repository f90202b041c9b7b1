import type { AlertBody } from '@footfall/domain';
import {
  ADMIN_KIND,
  scoped,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';
import { asPrincipal } from '../../test/factories.js';

/**
 * Alerts are admin-kind (spec section 6) on rules whose nodes are all in the caller's scope: a rule
 * of another region or client group answers 404 like one that does not exist. The rule a request
 * names is a fresh one on the context's location, made by the context's owner.
 */
const A = '/api/Alert';
const body = (m: MatrixRequestContext): AlertBody => ({
  name: 'Crowded',
  nodeIds: [m.target.location.id],
  condition: { kind: 'occupancy', unit: 'people', threshold: 100 },
  recipients: [{ email: 'ops@example.com' }],
});
const ownersAlert = async (m: MatrixRequestContext) =>
  (await m.t.app.services.alerts.create(asPrincipal(m.owner), body(m))).id;

export const accessMatrix: MatrixTable = {
  [`GET ${A}`]: { request: () => ({ url: A }), expect: unscoped(200, ADMIN_KIND) },
  [`GET ${A}/menu-items`]: { request: () => ({ url: `${A}/menu-items` }), expect: unscoped(200, ADMIN_KIND) },
  [`GET ${A}/history`]: { request: () => ({ url: `${A}/history` }), expect: unscoped(200, ADMIN_KIND) },
  [`POST ${A}`]: {
    request: (m) => ({ url: A, payload: body(m) }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`GET ${A}/:id`]: {
    request: async (m) => ({ url: `${A}/${await ownersAlert(m)}` }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`GET ${A}/:id/history`]: {
    request: async (m) => ({ url: `${A}/${await ownersAlert(m)}/history` }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`PUT ${A}/:id`]: {
    request: async (m) => ({ url: `${A}/${await ownersAlert(m)}`, payload: { ...body(m), name: 'Renamed' } }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`DELETE ${A}/:id`]: {
    request: async (m) => ({ url: `${A}/${await ownersAlert(m)}` }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`POST ${A}/:id/test-notification`]: {
    request: async (m) => ({ url: `${A}/${await ownersAlert(m)}/test-notification` }),
    expect: scoped(200, ADMIN_KIND),
  },
  'GET /api/SiteEvent/alerts-recipients': {
    request: (m) => ({ url: `/api/SiteEvent/alerts-recipients?nodeId=${m.target.location.id}` }),
    expect: scoped(200, ADMIN_KIND),
  },
};
