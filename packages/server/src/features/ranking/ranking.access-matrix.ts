import { scoped, type MatrixRequestContext, type MatrixTable } from '../../test/access-matrix.js';

/**
 * Access matrix of the ranking: every role whose mobile settings grant the ranking may rank the
 * locations of its scope (404 for a node outside it). The matrix's users are made without mobile
 * flags, so the request grants the caller the ranking flag first; ranking.test.ts checks the 403
 * without it.
 */
async function grantRanking(m: MatrixRequestContext) {
  await m.t.db
    .updateTable('app_user')
    .set({ mobile_settings: JSON.stringify({ hasAccessRanking: true }) })
    .where('id', '=', m.actor.id)
    .execute();
}

export const accessMatrix: MatrixTable = {
  'GET /api/Ranking': {
    request: async (m) => {
      await grantRanking(m);
      return {
        url: `/api/Ranking?kpi=TrafficIn&from=2024-03-09%2000:00&to=2024-03-11%2000:00&nodeIds=${m.target.group.id}`,
      };
    },
    expect: scoped(200),
  },
};
