import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  OrgTreeEventsQuery,
  SessionBody,
  SessionImportBody,
  SessionImportError,
  SessionImportResult,
  SessionParams,
  SiteEvent,
  SiteEventBody,
  SiteEventList,
  SiteEventSession,
  type Principal,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const ADMIN_KIND = ACCESS.adminKind;
const BASE = '/api/SiteEvent';
const tags = ['showtimes'];
const DayQuery = OrgTreeEventsQuery.pick({ date: true, dayOffset: true });

/**
 * Showtimes (spec "SiteEvent orgtreeevents"): events and their sessions in the caller's scope;
 * admin-kind users manage them and import sessions from CSV.
 */
export const siteEventRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const events = services.siteEvents;
  const me = (req: { principal: Principal | null }) => principalOf(req);

  r.get(
    `${BASE}/orgtreeevents`,
    { schema: { tags, querystring: OrgTreeEventsQuery, response: { 200: SiteEventList } } },
    async (req) => events.list(me(req), req.query),
  );

  r.get(
    `${BASE}/:id`,
    { schema: { tags, params: IdParams, querystring: DayQuery, response: { 200: SiteEvent } } },
    async (req) => events.get(me(req), req.params.id, req.query),
  );

  r.post(
    BASE,
    { config: { access: ADMIN_KIND }, schema: { tags, body: SiteEventBody, response: { 201: SiteEvent } } },
    async (req, reply) => reply.status(201).send(await events.create(me(req), req.body)),
  );

  r.put(
    `${BASE}/:id`,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, params: IdParams, body: SiteEventBody, response: { 200: SiteEvent } },
    },
    async (req) => events.update(me(req), req.params.id, req.body),
  );

  r.delete(
    `${BASE}/:id`,
    { config: { access: ADMIN_KIND }, schema: { tags, params: IdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await events.remove(me(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    `${BASE}/:id/sessions`,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, params: IdParams, body: SessionBody, response: { 201: SiteEventSession } },
    },
    async (req, reply) => reply.status(201).send(await events.addSession(me(req), req.params.id, req.body)),
  );

  r.get(
    `${BASE}/:id/sessions/:sessionId`,
    { schema: { tags, params: SessionParams, response: { 200: SiteEventSession } } },
    async (req) => events.getSession(me(req), req.params.id, req.params.sessionId),
  );

  r.put(
    `${BASE}/:id/sessions/:sessionId`,
    {
      config: { access: ADMIN_KIND },
      schema: { tags, params: SessionParams, body: SessionBody, response: { 200: SiteEventSession } },
    },
    async (req) => events.updateSession(me(req), req.params.id, req.params.sessionId, req.body),
  );

  r.delete(
    `${BASE}/:id/sessions/:sessionId`,
    { config: { access: ADMIN_KIND }, schema: { tags, params: SessionParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await events.removeSession(me(req), req.params.id, req.params.sessionId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    `${BASE}/:id/sessions/import`,
    {
      config: { access: ADMIN_KIND },
      schema: {
        tags,
        summary:
          'CSV import of sessions: columns date,time,title,duration[,occupancySold,occupancyMax,cancelled,alerts]',
        params: IdParams,
        body: SessionImportBody,
        response: { 201: SessionImportResult, 400: SessionImportError },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await events.importSessions(me(req), req.params.id, req.body.csv)),
  );
};
