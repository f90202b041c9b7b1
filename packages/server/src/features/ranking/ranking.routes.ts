import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, RankingQuery, RankingResponse } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';

/**
 * Ranking (spec section 7 "Ranking and Performance: GET"): the locations of a selection ranked by a
 * KPI over a period, with N-1 and Y-1 values. Needs the ranking mobile access flag (403 without);
 * a selected node outside the caller's scope answers 404.
 */
export const rankingRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Ranking',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['ranking'],
        summary: 'Locations ranked by a KPI over a period, with previous-period and last-year figures',
        description:
          'from/to are local wall-clock times of each location (from inclusive, to exclusive). The values are ' +
          'the per-location summaries of POST /api/TimeSeries/AggregatedTimeSeries for the same parameters. ' +
          'rankChange = previousRank - rank (positive: moved up).',
        querystring: RankingQuery,
        response: { 200: RankingResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => services.ranking.rank(principalOf(req), req.query),
  );
};
