import type { FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApproveIncidentBody,
  ClientGroupParams,
  CloseTicketBody,
  DeviceActivity,
  DeviceActivityQuery,
  DeviceDetail,
  DeviceHealth,
  DeviceParams,
  DevicesQuery,
  DiscardIncidentBody,
  HistoryTicketQuery,
  Incident,
  IncidentPage,
  IncidentParams,
  IncidentsQuery,
  MonitoringRecipients,
  MonitoringRecipientsInput,
  OpenTicketCount,
  OpenTicketsQuery,
  RefreshDevicesBody,
  RefreshDevicesResult,
  RuleSettings,
  RuleThresholdsInput,
  Ticket,
  TicketComment,
  TicketCommentBody,
  TicketDetail,
  TicketNumberParams,
  TicketPage,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const tags = ['monitoring'];
const EVERYONE = { access: 'authenticated' as const };
const DEVICE_MANAGERS = { access: ACCESS.deviceManagers };
const TICKET_CLOSERS = { access: ACCESS.ticketClosers };
const SUPER_ADMIN = { access: ACCESS.superAdmin };

/** A route's options: who may call it, its summary for the OpenAPI document, its zod schemas. */
const route = <C, S extends FastifySchema>(config: C, summary: string, schema: S) => ({
  config,
  schema: { tags, summary, ...schema },
});

/**
 * Monitoring (spec section 7 "Monitoring", "Incident", "DeviceActivity"; issue 13). The paths and
 * shapes are documented in packages/domain/src/contracts/monitoring.ts; everything is limited to the
 * caller's scope and an object outside it answers 404.
 */
export const monitoringRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const m = services.monitoring;

  r.get(
    '/api/Monitoring/GetNbOpenTickets',
    route(EVERYONE, 'Open tickets in the caller scope (the toolbar badge)', {
      response: { 200: OpenTicketCount },
    }),
    async (req) => m.openTicketCount(principalOf(req)),
  );
  r.get(
    '/api/Monitoring/OpenTickets',
    route(EVERYONE, 'Open tickets, newest first', {
      querystring: OpenTicketsQuery,
      response: { 200: z.array(Ticket) },
    }),
    async (req) => m.openTickets(principalOf(req), req.query),
  );
  r.get(
    '/api/Monitoring/HistoryTicket',
    route(EVERYONE, 'Closed tickets, newest closed first', {
      querystring: HistoryTicketQuery,
      response: { 200: TicketPage },
    }),
    async (req) => m.historyTickets(principalOf(req), req.query),
  );
  r.get(
    '/api/Monitoring/Tickets/:ticketNumber',
    route(EVERYONE, 'A ticket with its incident, comments and timeline', {
      params: TicketNumberParams,
      response: { 200: TicketDetail },
    }),
    async (req) => m.ticket(principalOf(req), req.params.ticketNumber),
  );
  r.get(
    '/api/Monitoring/Incidents',
    route(DEVICE_MANAGERS, 'Incidents, newest first seen first', {
      querystring: IncidentsQuery,
      response: { 200: IncidentPage },
    }),
    async (req) => m.incidents(principalOf(req), req.query),
  );
  r.get(
    '/api/Monitoring/devices',
    route(DEVICE_MANAGERS, 'Devices with health and completeness', {
      querystring: DevicesQuery,
      response: { 200: z.array(DeviceHealth) },
    }),
    async (req) => m.devices(principalOf(req), req.query),
  );
  r.get(
    '/api/Monitoring/devices/:deviceId',
    route(DEVICE_MANAGERS, 'A device: health, status history, series, thresholds', {
      params: DeviceParams,
      response: { 200: DeviceDetail },
    }),
    async (req) => m.device(principalOf(req), req.params.deviceId),
  );
  r.post(
    '/api/Monitoring/RefreshDevices',
    route(DEVICE_MANAGERS, 'Recompute device health from the stored data, then detect', {
      body: RefreshDevicesBody,
      response: { 200: RefreshDevicesResult },
    }),
    async (req) => m.refreshDevices(principalOf(req), req.body),
  );
  r.get(
    '/api/DeviceActivity',
    route(
      DEVICE_MANAGERS,
      'A device per local hour: in/out, data minutes, business minutes, arrival delays, gaps',
      { querystring: DeviceActivityQuery, response: { 200: DeviceActivity } },
    ),
    async (req) => m.activity(principalOf(req), req.query),
  );
  r.post(
    '/api/Incident/:incidentId/approve',
    route(DEVICE_MANAGERS, 'Confirm an open incident: opens a ticket (T-000123) and mails the recipients', {
      params: IncidentParams,
      body: ApproveIncidentBody,
      response: { 200: Ticket },
    }),
    async (req) => m.approve(principalOf(req), req.params.incidentId, req.body),
  );
  r.post(
    '/api/Incident/:incidentId/discard',
    route(DEVICE_MANAGERS, 'Call an open incident a false alarm', {
      params: IncidentParams,
      body: DiscardIncidentBody,
      response: { 200: Incident },
    }),
    async (req) => m.discard(principalOf(req), req.params.incidentId, req.body),
  );
  r.post(
    '/api/Incident/ticket/:ticketNumber/close',
    route(TICKET_CLOSERS, 'Close an open ticket (the CRM ticket) with a note; mails the recipients', {
      params: TicketNumberParams,
      body: CloseTicketBody,
      response: { 200: Ticket },
    }),
    async (req) => m.close(principalOf(req), req.params.ticketNumber, req.body),
  );
  r.get(
    '/api/Incident/ticket/:ticketNumber/comments',
    route(EVERYONE, "A ticket's comments, oldest first", {
      params: TicketNumberParams,
      response: { 200: z.array(TicketComment) },
    }),
    async (req) => m.comments(principalOf(req), req.params.ticketNumber),
  );
  r.post(
    '/api/Incident/ticket/:ticketNumber/comments',
    route(EVERYONE, 'Comment on a ticket', {
      params: TicketNumberParams,
      body: TicketCommentBody,
      response: { 200: TicketComment },
    }),
    async (req) => m.addComment(principalOf(req), req.params.ticketNumber, req.body.text),
  );
  r.get(
    '/api/Monitoring/rules/:clientGroupId',
    route(SUPER_ADMIN, "A client group's rule thresholds (its own over the defaults)", {
      params: ClientGroupParams,
      response: { 200: RuleSettings },
    }),
    async (req) => m.rules(principalOf(req), req.params.clientGroupId),
  );
  r.put(
    '/api/Monitoring/rules/:clientGroupId',
    route(SUPER_ADMIN, "Set a client group's thresholds (null: back to the default)", {
      params: ClientGroupParams,
      body: RuleThresholdsInput,
      response: { 200: RuleSettings },
    }),
    async (req) => m.setRules(principalOf(req), req.params.clientGroupId, req.body),
  );
  r.get(
    '/api/Monitoring/recipients/:clientGroupId',
    route(SUPER_ADMIN, "A client group's monitoring mail recipients", {
      params: ClientGroupParams,
      response: { 200: MonitoringRecipients },
    }),
    async (req) => m.recipients(principalOf(req), req.params.clientGroupId),
  );
  r.put(
    '/api/Monitoring/recipients/:clientGroupId',
    route(SUPER_ADMIN, "Replace a client group's recipients (its users, or addresses with a language)", {
      params: ClientGroupParams,
      body: MonitoringRecipientsInput,
      response: { 200: MonitoringRecipients },
    }),
    async (req) => m.setRecipients(principalOf(req), req.params.clientGroupId, req.body),
  );
};
