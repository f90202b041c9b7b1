import { SUPER_ADMIN, unscoped, type MatrixTable } from '../../test/access-matrix.js';

/** The mail outbox (mails written to files when no SMTP server is configured): superAdmin only. */
export const accessMatrix: MatrixTable = {
  'GET /api/outbox': { request: () => ({ url: '/api/outbox' }), expect: unscoped(200, SUPER_ADMIN) },
};
