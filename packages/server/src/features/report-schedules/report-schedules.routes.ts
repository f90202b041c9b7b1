import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DashboardSchedulesQuery,
  DisabledOnBody,
  ExecuteScheduleBody,
  ExecuteScheduleResult,
  IdParams,
  ScheduleBody,
  ScheduleDto,
  ScheduleFrequenciesResponse,
  ScheduleHistory,
  ScheduleHistoryQuery,
  ScheduleList,
  ScheduleListQuery,
  ScheduleNodesQuery,
  ScheduleNodesResponse,
  ScheduleRecipientCandidates,
  SendReportBody,
  SendReportResult,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';

const tags = ['report-schedules'];
const authenticated = 'authenticated' as const;
const S = '/api/Schedule';
const deleted = z.object({ deleted: z.literal(true) });

/**
 * Scheduled and automated reports (spec section 7 "Schedule" and "Dashboards": schedules,
 * send-report, execute, delete snapshot schedule). Every signed-in user but dashboard-only ones
 * (who have no reports: 403 in the service); a schedule is its owner's, anyone else's answers 404.
 */
export const reportScheduleRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schedules = services.reportSchedules;
  const cfg = { access: authenticated };

  r.get(
    `${S}/frequencies`,
    {
      config: cfg,
      schema: {
        tags,
        summary: 'Frequencies, relative periods, formats and reports a schedule may use',
        response: { 200: ScheduleFrequenciesResponse },
      },
    },
    async (req) => schedules.frequencies(principalOf(req)),
  );

  r.get(
    `${S}/recipients`,
    {
      config: cfg,
      schema: {
        tags,
        summary: "Users of the caller's scope a schedule may be mailed to",
        response: { 200: ScheduleRecipientCandidates },
      },
    },
    async (req) => schedules.recipients(principalOf(req)),
  );

  r.get(
    `${S}/automated-reports`,
    {
      config: cfg,
      schema: {
        tags,
        summary: "The caller's automated reports (optionally by ids: reportIds=a,b)",
        querystring: ScheduleListQuery,
        response: { 200: ScheduleList },
      },
    },
    async (req) => schedules.list(principalOf(req), { reportIds: req.query.reportIds }),
  );

  r.get(
    `${S}/automated-reports/history`,
    {
      config: cfg,
      schema: {
        tags,
        summary: "Runs of the caller's automated reports (by report ids), newest first",
        querystring: ScheduleHistoryQuery,
        response: { 200: ScheduleHistory },
      },
    },
    async (req) => schedules.history(principalOf(req), req.query),
  );

  r.get(
    `${S}/automated-reports/:id`,
    { config: cfg, schema: { tags, params: IdParams, response: { 200: ScheduleDto } } },
    async (req) => schedules.get(principalOf(req), req.params.id),
  );

  r.post(
    `${S}/automated-reports`,
    {
      config: cfg,
      schema: {
        tags,
        summary: 'Create an automated report',
        body: ScheduleBody,
        response: { 201: ScheduleDto },
      },
    },
    async (req, reply) => reply.status(201).send(await schedules.create(principalOf(req), req.body)),
  );

  r.put(
    `${S}/automated-reports/:id`,
    {
      config: cfg,
      schema: { tags, params: IdParams, body: ScheduleBody, response: { 200: ScheduleDto } },
    },
    async (req) => schedules.update(principalOf(req), req.params.id, req.body),
  );

  r.patch(
    `${S}/automated-reports/:id/disabled-on`,
    {
      config: cfg,
      schema: {
        tags,
        summary: 'Disable (a date) or enable (null) an automated report',
        params: IdParams,
        body: DisabledOnBody,
        response: { 200: ScheduleDto },
      },
    },
    async (req) => schedules.setDisabledOn(principalOf(req), req.params.id, req.body.disabledOn),
  );

  r.get(
    `${S}/nodes`,
    {
      config: cfg,
      schema: {
        tags,
        summary: 'The node and group sets of schedules, keyed by schedule id',
        querystring: ScheduleNodesQuery,
        response: { 200: ScheduleNodesResponse },
      },
    },
    async (req) => schedules.nodes(principalOf(req), req.query.scheduleIds),
  );

  r.delete(
    `${S}/:id`,
    { config: cfg, schema: { tags, params: IdParams, response: { 200: deleted } } },
    async (req) => schedules.remove(principalOf(req), req.params.id),
  );

  r.get(
    '/api/Dashboard/schedules',
    {
      config: cfg,
      schema: {
        tags,
        summary: "The caller's dashboard snapshot schedules (optionally of one dashboard)",
        querystring: DashboardSchedulesQuery,
        response: { 200: ScheduleList },
      },
    },
    async (req) =>
      schedules.list(principalOf(req), {
        kind: 'dashboard',
        ...(req.query.dashboardId ? { dashboardId: req.query.dashboardId } : {}),
      }),
  );

  r.post(
    '/api/Dashboard/send-report',
    {
      config: cfg,
      schema: {
        tags,
        summary: "A dashboard's snapshot over a relative period, mailed now",
        body: SendReportBody,
        response: { 200: SendReportResult },
      },
    },
    async (req) => schedules.sendReport(principalOf(req), req.body),
  );

  r.post(
    '/api/Dashboard/execute',
    {
      config: cfg,
      schema: {
        tags,
        summary: 'Run a schedule now; the run is recorded in its history',
        body: ExecuteScheduleBody,
        response: { 200: ExecuteScheduleResult },
      },
    },
    async (req) => schedules.executeNow(principalOf(req), req.body),
  );

  r.delete(
    '/api/Dashboard/snapshot-schedule/:id',
    { config: cfg, schema: { tags, params: IdParams, response: { 200: deleted } } },
    async (req) => schedules.remove(principalOf(req), req.params.id, 'dashboard'),
  );
};
