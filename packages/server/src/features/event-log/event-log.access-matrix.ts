import { ADMIN_KIND, unscoped, type MatrixTable } from '../../test/access-matrix.js';

/** The event log's export: admin-kind; what it holds is filtered by scope, not refused. */
export const accessMatrix: MatrixTable = {
  'GET /api/EventLog/csv': {
    request: () => ({ url: '/api/EventLog/csv' }),
    expect: unscoped(200, ADMIN_KIND),
  },
};
