import { SUPER_ADMIN, unscoped, type MatrixTable } from '../../test/access-matrix.js';

/** The scheduler's run list: superAdmin only, whatever the scope (runs belong to no node). */
export const accessMatrix: MatrixTable = {
  'GET /api/Jobs/runs': { request: () => ({ url: '/api/Jobs/runs' }), expect: unscoped(200, SUPER_ADMIN) },
};
