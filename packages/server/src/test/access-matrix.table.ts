import { makeDevice, makeGroup, makeLocation } from './factories.js';
import { ADMIN_KIND, SUPER_ADMIN, scoped, unscoped, type MatrixTable } from './access-matrix.js';

/**
 * ACCESS-CONTROL MATRIX: the expected answer of every route for every role in every context.
 *
 * access-matrix.test.ts builds the real app, lists every route it registers and FAILS for a route
 * that has no entry here (or in a feature's own table, see below). To add a route:
 *
 * 1. Key: the method and the path exactly as registered, e.g. 'GET /api/OrganizationalTree/node/:id'.
 * 2. `request(m)`: a *valid* request (right body, existing ids) so that access is the only reason to
 *    refuse. `m.target` holds a group, a location and a device that lie inside the caller's scope
 *    (context 'own'), in a sibling region of the same client group ('sibling') or in another client
 *    group ('other'); `m.actor` is the caller (a fresh user per request, scoped to Region A1; the
 *    superAdmin has the whole tree); `m.t` is the test app (db, ctx, clock) for the factories in
 *    ./factories.ts. Create fresh objects for requests that change or delete them.
 * 3. `expect(role, context)`: the status, or a list of acceptable statuses. `scoped(200, roles)`:
 *    the roles get 200 in their scope and 404 outside (superAdmin: 200 everywhere), the others 403.
 *    `unscoped(200, roles)`: the roles get 200 wherever the target is, the others 403.
 *
 * A feature may keep its entries beside its code instead, in `src/features/<feature>/*.access-matrix.ts`
 * exporting `accessMatrix: MatrixTable`; the test loads every such file. Public routes (no token
 * needed) are listed in PUBLIC_ROUTES below instead; every other route must answer 401 without one.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  // OpenAPI: the document and the Swagger UI page with its assets
  'GET /api/docs.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  // the built web app (the test serves a two-file build: index.html and assets/app.js)
  'GET /*',
  'GET /index.html',
  'GET /assets/app.js',
  // signing in and recovering a password
  'POST /authentication',
  'POST /authentication/refreshToken',
  'POST /authentication/forgot-password',
  'POST /authentication/recover-password',
  // the hub authenticates its connections itself (access_token on the query string)
  'POST /signalr/negotiate',
  // a live view shared by link: the share token is the credential
  'GET /api/LiveView/public/:token',
  // the maintenance message, shown on the sign-in page too
  'GET /api/Setting/WarningMessage',
  // a device's push URL: the per-device key in the path is the credential (401 when unknown or revoked)
  'POST /api/ingest/k/:pushKey/xovis',
  'POST /api/ingest/k/:pushKey/irisys',
  'POST /api/ingest/k/:pushKey/axis',
  'POST /api/ingest/k/:pushKey/hikvision',
  'POST /api/ingest/k/:pushKey/milesight',
  'POST /api/ingest/k/:pushKey/vivotek',
  'POST /api/ingest/k/:pushKey/brickstream',
  // customer sign-in pages (features/sso): their branding, starting an attempt, the code exchange
  'GET /api/CustomerSignIn/public/:slug',
  'POST /api/CustomerSignIn/public/:slug/start',
  'POST /authentication/:endpoint',
];

const TREE = '/api/OrganizationalTree';
const validLocation = (parentId: string) => ({
  parentId,
  name: 'Matrix store',
  type: 'StoreNodeAttributes',
  attributes: JSON.stringify({ timezone: 'Europe/Paris' }),
});

export const accessMatrix: MatrixTable = {
  // ---- event log (features/event-log): admin-kind; what they see is filtered by scope, not refused
  'GET /api/EventLog': { request: () => ({ url: '/api/EventLog' }), expect: unscoped(200, ADMIN_KIND) },

  // ---- organisational tree (features/tree)
  [`GET ${TREE}`]: { request: () => ({ url: TREE }), expect: unscoped(200) },
  [`GET ${TREE}/node/:id`]: {
    request: (m) => ({ url: `${TREE}/node/${m.target.location.id}` }),
    expect: scoped(200),
  },
  [`GET ${TREE}/Attributes/:id`]: {
    request: (m) => ({ url: `${TREE}/Attributes/${m.target.device.id}` }),
    expect: scoped(200),
  },
  [`GET ${TREE}/search`]: {
    request: (m) => ({ url: `${TREE}/search?text=${encodeURIComponent(m.target.location.name)}` }),
    expect: unscoped(200),
  },
  [`GET ${TREE}/orphans`]: {
    request: () => ({ url: `${TREE}/orphans` }),
    expect: unscoped(200, SUPER_ADMIN),
  },
  [`POST ${TREE}`]: {
    request: (m) => ({ url: TREE, payload: validLocation(m.target.group.id) }),
    expect: scoped(201, ADMIN_KIND),
  },
  [`PUT ${TREE}/:id`]: {
    request: (m) => ({ url: `${TREE}/${m.target.location.id}`, payload: { name: m.target.location.name } }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`DELETE ${TREE}/:id`]: {
    request: async (m) => {
      const doomed = await makeLocation(m.t.db, { parentId: m.target.group.id });
      return { url: `${TREE}/${doomed.id}` };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  [`POST ${TREE}/move`]: {
    request: async (m) => {
      const node = await makeDevice(m.t.db, { parentId: m.target.location.id });
      const to = await makeLocation(m.t.db, { parentId: m.target.group.id });
      return { url: `${TREE}/move`, payload: { nodeId: node.id, parentId: to.id } };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  [`POST ${TREE}/toOrphans`]: {
    request: async (m) => {
      const node = await makeGroup(m.t.db, { parentId: m.target.group.id });
      return { url: `${TREE}/toOrphans`, payload: { nodeIds: [node.id] } };
    },
    expect: scoped(200, ADMIN_KIND),
  },
};
