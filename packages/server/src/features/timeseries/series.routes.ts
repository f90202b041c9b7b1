import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AggregationTypeList,
  CreateTimeSeriesBody,
  CreateTimeSeriesResponse,
  IdParams,
  NodeIdParam,
  StringList,
  TimeSeriesInfoList,
  TimeSeriesList,
  TimeSeriesListQuery,
  TimeSeriesView,
  UpdateTimeSeriesInfoBody,
  type Principal,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const ADMIN_KIND = ACCESS.adminKind;
const BASE = '/api/TimeSeries';
const tags = ['timeseries'];

/**
 * Series management (spec section 7 "Time series"). Everyone signed in reads the series of their
 * subtree; admin-kind users create series and change what feeds the formulas. Outside scope = 404.
 */
export const seriesRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const series = services.series;
  const me = (req: { principal: Principal | null }) => principalOf(req);

  r.post(
    BASE,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, body: CreateTimeSeriesBody, response: { 201: CreateTimeSeriesResponse } },
    },
    async (req, reply) => reply.status(201).send(await series.create(me(req), req.body)),
  );

  r.get(
    BASE,
    { schema: { tags, querystring: TimeSeriesListQuery, response: { 200: TimeSeriesList } } },
    async (req) => series.list(me(req), req.query),
  );

  r.get(`${BASE}/metatags`, { schema: { tags, response: { 200: StringList } } }, async (req) =>
    series.metaTags(me(req)),
  );

  r.get(`${BASE}/measurement-protocols`, { schema: { tags, response: { 200: StringList } } }, async () =>
    series.measurementProtocols(),
  );

  r.get(`${BASE}/aggregation-types`, { schema: { tags, response: { 200: AggregationTypeList } } }, async () =>
    series.aggregationTypes(),
  );

  r.get(
    `${BASE}/info/:nodeId`,
    { schema: { tags, params: NodeIdParam, response: { 200: TimeSeriesInfoList } } },
    async (req) => series.info(me(req), req.params.nodeId),
  );

  r.put(
    `${BASE}/info/:nodeId`,
    {
      config: { access: ADMIN_KIND },
      schema: {
        tags,
        params: NodeIdParam,
        body: UpdateTimeSeriesInfoBody,
        response: { 200: TimeSeriesInfoList },
      },
    },
    async (req) => series.updateInfo(me(req), req.params.nodeId, req.body),
  );

  r.get(
    `${BASE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: TimeSeriesView } } },
    async (req) => series.get(me(req), req.params.id),
  );
};
