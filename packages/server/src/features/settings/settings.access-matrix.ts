import { SUPER_ADMIN, unscoped, type MatrixTable } from '../../test/access-matrix.js';

/**
 * The maintenance message: reading it is public (PUBLIC_ROUTES, the sign-in page shows it), setting
 * it is superAdmin only.
 */
export const accessMatrix: MatrixTable = {
  'PUT /api/Setting/WarningMessage': {
    request: () => ({
      url: '/api/Setting/WarningMessage',
      payload: { message: 'Matrix maintenance tonight' },
    }),
    expect: unscoped(200, SUPER_ADMIN),
  },
};
