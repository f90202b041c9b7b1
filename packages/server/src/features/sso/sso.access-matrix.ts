import type { CustomerSignInBody } from '@footfall/domain';
import {
  SUPER_ADMIN,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';
import { asPrincipal, makeUser } from '../../test/factories.js';

/**
 * Customer sign-ins are deployment-wide configuration, managed by superAdmin only (403 for every
 * other role). They belong to no tenant: the matrix's scoped superAdmin of 'own' is not among the
 * roles (the matrix superAdmin is unscoped), so the path-parameter routes say why no 404 applies.
 * The public routes (page, start, exchange) are in PUBLIC_ROUTES.
 */
const S = '/api/CustomerSignIn';
let n = 0;
export const matrixSignInBody = (): CustomerSignInBody => {
  n++;
  return {
    slug: `matrix-${n}-${Math.random().toString(36).slice(2, 8)}`,
    name: 'Matrix customer',
    enabled: true,
    branding: {
      logoUrl: '',
      primaryColor: '#123456',
      backgroundColor: '#ffffff',
      title: { en: 'Matrix', fr: 'Matrice', es: 'Matriz' },
      welcome: { en: 'Welcome', fr: 'Bienvenue', es: 'Bienvenido' },
      buttonLabel: { en: 'Sign in', fr: 'Se connecter', es: 'Iniciar sesión' },
    },
    provider: { issuerUrl: 'http://127.0.0.1:9/matrix', clientId: 'matrix', scopes: 'openid email' },
    userMatch: 'email',
    autoCreate: { enabled: false, userGroupId: null, scopeNodeId: null, roles: ['User'] },
  };
};

const existing = async (m: MatrixRequestContext) => {
  const admin = await makeUser(m.t.db, { roles: ['superAdmin'], scopeNodeId: null });
  return (await m.t.app.services.sso.create(asPrincipal(admin), matrixSignInBody())).id;
};
const why = 'customer sign-ins are deployment-wide configuration of superAdmin, owned by no tenant';

export const accessMatrix: MatrixTable = {
  [`GET ${S}`]: { request: () => ({ url: S }), expect: unscoped(200, SUPER_ADMIN) },
  [`POST ${S}`]: {
    request: () => ({ url: S, payload: matrixSignInBody() }),
    expect: unscoped(201, SUPER_ADMIN),
  },
  [`GET ${S}/:id`]: {
    request: async (m) => ({ url: `${S}/${await existing(m)}` }),
    expect: unscoped(200, SUPER_ADMIN),
    notTenantOwned: why,
  },
  [`PUT ${S}/:id`]: {
    request: async (m) => ({ url: `${S}/${await existing(m)}`, payload: matrixSignInBody() }),
    expect: unscoped(200, SUPER_ADMIN),
    notTenantOwned: why,
  },
  [`DELETE ${S}/:id`]: {
    request: async (m) => ({ url: `${S}/${await existing(m)}` }),
    expect: unscoped(204, SUPER_ADMIN),
    notTenantOwned: why,
  },
};
