import { makeDevice, makeIncident, makeTicket } from '../../test/factories.js';
import {
  SUPER_ADMIN,
  scoped,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';
import { ACCESS } from '../../platform/http/access-groups.js';

/**
 * Monitoring: tickets and their comments for everyone (in scope), incidents and devices for the device
 * managers, closing tickets for them and admins, thresholds and recipients for superAdmin. Objects
 * (incidents, tickets, devices) are made in the target's context, so another tenant's answer 404.
 */
const DEVICE_MANAGERS = ACCESS.deviceManagers.roles;
const TICKET_CLOSERS = ACCESS.ticketClosers.roles;

/** An open incident on a fresh device of the target location (one open incident per device and rule). */
const incidentOf = async (m: MatrixRequestContext) =>
  makeIncident(m.t.db, { nodeId: (await makeDevice(m.t.db, { parentId: m.target.location.id })).id });
const ticketOf = async (m: MatrixRequestContext) => makeTicket(m.t.db, (await incidentOf(m)).id);
/** The client group of the context: client A (own, sibling) or client B (other). */
const clientGroup = (m: MatrixRequestContext) =>
  m.context === 'other' ? m.org.clientB.id : m.org.clientA.id;

export const accessMatrix: MatrixTable = {
  'GET /api/Monitoring/GetNbOpenTickets': {
    request: () => ({ url: '/api/Monitoring/GetNbOpenTickets' }),
    expect: unscoped(200),
  },
  'GET /api/Monitoring/OpenTickets': {
    request: (m) => ({ url: `/api/Monitoring/OpenTickets?nodeIds=${m.target.group.id}` }),
    expect: unscoped(200),
  },
  'GET /api/Monitoring/HistoryTicket': {
    request: () => ({ url: '/api/Monitoring/HistoryTicket' }),
    expect: unscoped(200),
  },
  'GET /api/Monitoring/Tickets/:ticketNumber': {
    request: async (m) => ({ url: `/api/Monitoring/Tickets/${await ticketOf(m)}` }),
    expect: scoped(200),
  },
  'GET /api/Monitoring/Incidents': {
    request: () => ({ url: '/api/Monitoring/Incidents?openOnly=true' }),
    expect: unscoped(200, DEVICE_MANAGERS),
  },
  'GET /api/Monitoring/devices': {
    request: () => ({ url: '/api/Monitoring/devices' }),
    expect: unscoped(200, DEVICE_MANAGERS),
  },
  'GET /api/Monitoring/devices/:deviceId': {
    request: (m) => ({ url: `/api/Monitoring/devices/${m.target.device.id}` }),
    expect: scoped(200, DEVICE_MANAGERS),
  },
  'POST /api/Monitoring/RefreshDevices': {
    request: (m) => ({
      url: '/api/Monitoring/RefreshDevices',
      payload: { nodeIds: [m.actor.scopeNodeId ?? m.target.group.id] },
    }),
    expect: unscoped(200, DEVICE_MANAGERS),
  },
  'GET /api/DeviceActivity': {
    request: (m) => ({ url: `/api/DeviceActivity?deviceId=${m.target.device.id}` }),
    expect: scoped(200, DEVICE_MANAGERS),
  },
  'POST /api/Incident/:incidentId/approve': {
    request: async (m) => ({ url: `/api/Incident/${(await incidentOf(m)).id}/approve`, payload: {} }),
    expect: scoped(200, DEVICE_MANAGERS),
  },
  'POST /api/Incident/:incidentId/discard': {
    request: async (m) => ({
      url: `/api/Incident/${(await incidentOf(m)).id}/discard`,
      payload: { reason: 'false alarm' },
    }),
    expect: scoped(200, DEVICE_MANAGERS),
  },
  'POST /api/Incident/ticket/:ticketNumber/close': {
    request: async (m) => ({
      url: `/api/Incident/ticket/${await ticketOf(m)}/close`,
      payload: { note: 'fixed' },
    }),
    expect: scoped(200, TICKET_CLOSERS),
  },
  'GET /api/Incident/ticket/:ticketNumber/comments': {
    request: async (m) => ({ url: `/api/Incident/ticket/${await ticketOf(m)}/comments` }),
    expect: scoped(200),
  },
  'POST /api/Incident/ticket/:ticketNumber/comments': {
    request: async (m) => ({
      url: `/api/Incident/ticket/${await ticketOf(m)}/comments`,
      payload: { text: 'on it' },
    }),
    expect: scoped(200),
  },
  'GET /api/Monitoring/rules/:clientGroupId': {
    request: (m) => ({ url: `/api/Monitoring/rules/${clientGroup(m)}` }),
    expect: unscoped(200, SUPER_ADMIN),
  },
  'PUT /api/Monitoring/rules/:clientGroupId': {
    request: (m) => ({ url: `/api/Monitoring/rules/${clientGroup(m)}`, payload: { offlineMinutes: 45 } }),
    expect: unscoped(200, SUPER_ADMIN),
  },
  'GET /api/Monitoring/recipients/:clientGroupId': {
    request: (m) => ({ url: `/api/Monitoring/recipients/${clientGroup(m)}` }),
    expect: unscoped(200, SUPER_ADMIN),
  },
  'PUT /api/Monitoring/recipients/:clientGroupId': {
    request: (m) => ({
      url: `/api/Monitoring/recipients/${clientGroup(m)}`,
      payload: { recipients: [{ email: 'ops@example.com', language: 'fr' }] },
    }),
    expect: unscoped(200, SUPER_ADMIN),
  },
};
