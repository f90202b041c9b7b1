import { scoped, unscoped, type MatrixTable } from '../../test/access-matrix.js';

/** Access matrix of the weather routes: everyone signed in, nodes of their scope. */
export const accessMatrix: MatrixTable = {
  'GET /api/OpenWeatherMap/status': {
    request: () => ({ url: '/api/OpenWeatherMap/status' }),
    expect: unscoped(200),
  },
  'GET /api/OpenWeatherMap': {
    request: (m) => ({
      url: `/api/OpenWeatherMap?nodeId=${m.target.location.id}&from=2025-06-01&to=2025-06-02`,
    }),
    expect: scoped(200),
  },
};
