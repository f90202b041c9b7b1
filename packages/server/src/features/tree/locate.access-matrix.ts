import { ADMIN_KIND, unscoped, type MatrixTable } from '../../test/access-matrix.js';

/** Locating a place concerns no node: admin-kind roles get 200 wherever they are, the others 403. */
export const accessMatrix: MatrixTable = {
  'GET /api/OrganizationalTree/geocoder': {
    request: () => ({ url: '/api/OrganizationalTree/geocoder' }),
    expect: unscoped(200, ADMIN_KIND),
  },
  'POST /api/OrganizationalTree/locate': {
    request: () => ({
      url: '/api/OrganizationalTree/locate',
      payload: { latitude: 45.5019, longitude: -73.5674 },
    }),
    expect: unscoped(200, ADMIN_KIND),
  },
};
