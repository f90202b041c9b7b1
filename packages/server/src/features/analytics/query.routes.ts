import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AggregatedQueryBody, AggregatedQueryResponse, ErrorBody, QueryResponse } from '@footfall/domain';
import type { Feature } from '../feature.js';

/**
 * Aggregated time-series queries (spec section 7 "Time series", DESIGN.md section 5). Both answer
 * for the caller's scope only: a node outside it answers 404 like a missing one.
 */
export const queryRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
  // Answers can hold thousands of points; they are typed against the contract at compile time, so the
  // response schema documents them without being re-validated on every call.
  const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

  r.post(
    '/api/TimeSeries/AggregatedTimeSeries',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['time series'],
        summary: 'KPIs per local bucket with summary, comparisons, computed and forecast KPIs',
        description:
          'from/to are local wall-clock times of each location (from inclusive, to exclusive). One entry per ' +
          'kpi x aggregate function x mode; data keys are local bucket starts. Computed KPIs come from summed ' +
          'base KPIs. Past empty buckets are 0, future ones null. breakdownByNode adds each node alone.',
        body: AggregatedQueryBody,
        response: { 200: AggregatedQueryResponse, ...errors },
      },
      serializerCompiler,
    },
    async (req) => services.query.aggregated(req.principal!, req.body),
  );

  r.post(
    '/api/TimeSeries/query',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['time series'],
        summary: 'Series with one measurement per requested node and bucket',
        body: AggregatedQueryBody,
        response: { 200: QueryResponse, ...errors },
      },
      serializerCompiler,
    },
    async (req) => services.query.query(req.principal!, req.body),
  );
};
