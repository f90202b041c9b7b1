import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlertBody,
  AlertDto,
  AlertHistory,
  AlertHistoryQuery,
  AlertList,
  AlertMenuItems,
  AlertTestResult,
  AlertsRecipients,
  AlertsRecipientsQuery,
  IdParams,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const tags = ['alerts'];
const A = '/api/Alert';

/**
 * Alert (spec section 7: CRUD, test notification, menu items), admin-kind (section 6), on rules whose
 * nodes are all in the caller's scope (404 otherwise); history of occurrences and deliveries.
 */
export const alertRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: ACCESS.adminKind };

  r.get(
    A,
    {
      config: admin,
      schema: { tags, summary: "Alert rules of the caller's scope", response: { 200: AlertList } },
    },
    async (req) => services.alerts.list(principalOf(req)),
  );

  r.get(
    `${A}/menu-items`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'The in-app menu of recent alerts, with the number still open',
        response: { 200: AlertMenuItems },
      },
    },
    async (req) => services.alerts.menuItems(principalOf(req)),
  );

  r.get(
    `${A}/history`,
    {
      config: admin,
      schema: {
        tags,
        summary: "Recent alerts of every rule of the caller's scope",
        querystring: AlertHistoryQuery,
        response: { 200: AlertHistory },
      },
    },
    async (req) => services.alerts.history(principalOf(req), null, req.query),
  );

  r.get(
    `${A}/:id`,
    { config: admin, schema: { tags, params: IdParams, response: { 200: AlertDto } } },
    async (req) => services.alerts.get(principalOf(req), req.params.id),
  );

  r.get(
    `${A}/:id/history`,
    {
      config: admin,
      schema: {
        tags,
        summary: "A rule's alerts, newest first, with what was sent to whom",
        params: IdParams,
        querystring: AlertHistoryQuery,
        response: { 200: AlertHistory },
      },
    },
    async (req) => services.alerts.history(principalOf(req), req.params.id, req.query),
  );

  r.post(A, { config: admin, schema: { tags, body: AlertBody, response: { 200: AlertDto } } }, async (req) =>
    services.alerts.create(principalOf(req), req.body),
  );

  r.put(
    `${A}/:id`,
    { config: admin, schema: { tags, params: IdParams, body: AlertBody, response: { 200: AlertDto } } },
    async (req) => services.alerts.update(principalOf(req), req.params.id, req.body),
  );

  r.delete(
    `${A}/:id`,
    {
      config: admin,
      schema: { tags, params: IdParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (req) => {
      await services.alerts.remove(principalOf(req), req.params.id);
      return { deleted: true as const };
    },
  );

  r.post(
    `${A}/:id/test-notification`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Sends a sample of the alert to its recipients and webhook now; answers what was sent',
        params: IdParams,
        response: { 200: AlertTestResult },
      },
    },
    async (req) => services.alerts.testNotification(principalOf(req), req.params.id),
  );

  r.get(
    '/api/SiteEvent/alerts-recipients',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Who is told when a showtime session at this node runs over capacity',
        querystring: AlertsRecipientsQuery,
        response: { 200: AlertsRecipients },
      },
    },
    async (req) => services.alerts.showtimeRecipients(principalOf(req), req.query.nodeId),
  );
};
