import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { INCIDENT_HISTORY_PAGE_SIZE } from '../constants.js';
import { flag, listParam, macAddress, instant } from './monitoring-params.js';
import {
  IncidentRule,
  IncidentSeverity,
  IncidentScopeType,
  IncidentStatus,
  TicketStatus,
} from './monitoring-status.js';

/** Monitoring (issue 13): incidents raised by the detection rules, and tickets opened from them. */

// ---------------------------------------------------------------------------------------------
// Incidents

export const IncidentReview = z.object({
  /** approved: a ticket was opened from it; discarded: a false alarm */
  decision: z.enum(['approved', 'discarded']),
  by: z.string(),
  at: instant,
  /** the discard reason, or the approval comment */
  text: z.string().nullable(),
});
export type IncidentReview = z.infer<typeof IncidentReview>;

export const Incident = z.object({
  id: z.uuid(),
  rule: IncidentRule,
  severity: IncidentSeverity,
  status: IncidentStatus,
  /** 0 = device, 1 = location */
  scopeType: IncidentScopeType,
  /** the device (scope 0) or the location (scope 1) */
  nodeId: z.uuid(),
  nodeName: z.string(),
  /** the device's MAC address (scope 0, when the device has one) */
  macAddress: z.string().nullable(),
  deviceId: z.uuid().nullable(),
  deviceName: z.string().nullable(),
  locationId: z.uuid().nullable(),
  locationName: z.string().nullable(),
  clientGroupId: z.uuid().nullable(),
  clientGroupName: z.string().nullable(),
  firstSeenAt: instant,
  lastSeenAt: instant,
  resolvedAt: instant.nullable(),
  /** what the rule measured (e.g. {missingMinutes}, {in, out, ratio}, {value, mean}); the web formats it */
  details: z.record(z.string(), z.unknown()),
  review: IncidentReview.nullable(),
  /** the ticket opened from it, if approved */
  ticketNumber: z.string().nullable(),
});
export type Incident = z.infer<typeof Incident>;

/**
 * GET /api/Monitoring/Incidents. `macAddresses` (comma list) limits to those devices; `openOnly` to open
 * incidents; `limit` is the page size (10 for a device's history, spec section 9); `page` counts from 1;
 * `nodeIds` limits to incidents under those tree nodes. Newest first seen first.
 */
export const IncidentsQuery = z.object({
  macAddresses: listParam(macAddress, 200),
  openOnly: flag(false),
  limit: z.coerce.number().int().min(1).max(500).default(INCIDENT_HISTORY_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  scopeType: z.coerce.number().pipe(IncidentScopeType).optional(),
  rule: IncidentRule.optional(),
  severity: IncidentSeverity.optional(),
  status: IncidentStatus.optional(),
  clientGroupId: z.uuid().optional(),
  nodeIds: listParam(z.uuid(), 500),
});
export type IncidentsQuery = z.infer<typeof IncidentsQuery>;
export type IncidentsQueryInput = z.input<typeof IncidentsQuery>;

export const IncidentPage = z.object({
  items: z.array(Incident),
  /** number of incidents matching the filters, all pages together */
  fullCount: z.number().int(),
});
export type IncidentPage = z.infer<typeof IncidentPage>;

export const IncidentParams = z.object({ incidentId: z.uuid() });
export type IncidentParams = z.infer<typeof IncidentParams>;

export const ApproveIncidentBody = z.object({
  /** first comment of the ticket */
  comment: safeText().trim().max(4000).optional(),
});
export type ApproveIncidentBody = z.infer<typeof ApproveIncidentBody>;

export const DiscardIncidentBody = z.object({
  reason: safeText().trim().min(1).max(4000),
});
export type DiscardIncidentBody = z.infer<typeof DiscardIncidentBody>;

// ---------------------------------------------------------------------------------------------
// Tickets

/** `T-000123`: per deployment, sequential. */
export const TICKET_NUMBER = /^T-\d{6,}$/;
export const TicketNumberParams = z.object({
  ticketNumber: z.string().regex(TICKET_NUMBER, 'expected a ticket number such as T-000123'),
});
export type TicketNumberParams = z.infer<typeof TicketNumberParams>;

export const Ticket = z.object({
  ticketNumber: z.string(),
  status: TicketStatus,
  openedAt: instant,
  openedBy: z.string(),
  closedAt: instant.nullable(),
  closedBy: z.string().nullable(),
  closeNote: z.string().nullable(),
  commentCount: z.number().int(),
  /** the incident the ticket was opened from (its status tells whether the condition still holds) */
  incident: Incident,
});
export type Ticket = z.infer<typeof Ticket>;

export const TicketComment = z.object({
  id: z.uuid(),
  ticketNumber: z.string(),
  author: z.string(),
  authorId: z.uuid().nullable(),
  text: z.string(),
  createdAt: instant,
});
export type TicketComment = z.infer<typeof TicketComment>;

/** One step of a ticket's timeline, oldest first. */
export const TICKET_EVENT_KINDS = ['detected', 'approved', 'commented', 'resolved', 'closed'] as const;
export const TicketEvent = z.object({
  kind: z.enum(TICKET_EVENT_KINDS),
  at: instant,
  by: z.string().nullable(),
  text: z.string().nullable(),
});
export type TicketEvent = z.infer<typeof TicketEvent>;

export const TicketDetail = Ticket.extend({
  comments: z.array(TicketComment),
  timeline: z.array(TicketEvent),
});
export type TicketDetail = z.infer<typeof TicketDetail>;

/** GET /api/Monitoring/OpenTickets: `nodeIds` limits to tickets under those tree nodes (the tree view). */
export const OpenTicketsQuery = z.object({
  nodeIds: listParam(z.uuid(), 500),
});
export type OpenTicketsQuery = z.infer<typeof OpenTicketsQuery>;

/** GET /api/Monitoring/HistoryTicket: closed tickets, newest closed first; `page` counts from 1. */
export const HistoryTicketQuery = z.object({
  nodeIds: listParam(z.uuid(), 500),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(INCIDENT_HISTORY_PAGE_SIZE),
});
export type HistoryTicketQuery = z.infer<typeof HistoryTicketQuery>;

export const TicketPage = z.object({
  items: z.array(Ticket),
  fullCount: z.number().int(),
});
export type TicketPage = z.infer<typeof TicketPage>;

/** GET /api/Monitoring/GetNbOpenTickets: open tickets within the caller's scope. */
export const OpenTicketCount = z.object({ count: z.number().int() });
export type OpenTicketCount = z.infer<typeof OpenTicketCount>;

export const CloseTicketBody = z.object({
  note: safeText().trim().min(1).max(4000),
});
export type CloseTicketBody = z.infer<typeof CloseTicketBody>;

export const TicketCommentBody = z.object({
  text: safeText().trim().min(1).max(4000),
});
export type TicketCommentBody = z.infer<typeof TicketCommentBody>;
