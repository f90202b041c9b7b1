import type { Role } from '@footfall/domain';
import { makeDevice } from '../../test/factories.js';
import {
  ADMIN_KIND,
  scoped,
  unscoped,
  type MatrixContext,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';

/**
 * Access matrix of the time-series storage and ingestion routes (series, ingest keys, measurement and
 * sensor pushes). Ingestion refuses a series outside the caller's scope as an unknown series of the
 * batch (400 naming the item); a sensor push for a device outside it answers 404.
 */
const TS = '/api/TimeSeries';

const seriesOn = async (m: MatrixRequestContext, nodeId: string) =>
  m.t.app.services.series.ensureSeries({ nodeId, measurementProtocol: 'TrafficIn' });

const keyIn = async (m: MatrixRequestContext, scopeNodeId: string) =>
  m.t.app.services.ingest.createKey(
    { userId: m.actor.id, username: m.actor.username, roles: ['superAdmin'], scopeNodeId: null },
    { name: 'matrix key', scopeNodeId },
  );

/** Admin-kind callers write inside their scope; outside it the series is unknown to them (400). */
const ingestExpect = (role: Role, context: MatrixContext) => {
  if (!ADMIN_KIND.includes(role)) return 403;
  return role === 'superAdmin' || context === 'own' ? 200 : 400;
};

const now = () => new Date(Date.now() - 3600_000).toISOString();

export const accessMatrix: MatrixTable = {
  [`POST ${TS}`]: {
    request: async (m) => {
      const device = await makeDevice(m.t.db, { parentId: m.target.location.id });
      return { url: TS, payload: { nodeId: device.id, measurementProtocol: 'TrafficIn' } };
    },
    expect: scoped(201, ADMIN_KIND),
  },
  [`GET ${TS}`]: { request: () => ({ url: TS }), expect: unscoped(200) },
  [`GET ${TS}/metatags`]: { request: () => ({ url: `${TS}/metatags` }), expect: unscoped(200) },
  [`GET ${TS}/measurement-protocols`]: {
    request: () => ({ url: `${TS}/measurement-protocols` }),
    expect: unscoped(200),
  },
  [`GET ${TS}/aggregation-types`]: {
    request: () => ({ url: `${TS}/aggregation-types` }),
    expect: unscoped(200),
  },
  [`GET ${TS}/info/:nodeId`]: {
    request: (m) => ({ url: `${TS}/info/${m.target.location.id}` }),
    expect: scoped(200),
  },
  [`PUT ${TS}/info/:nodeId`]: {
    request: (m) => ({ url: `${TS}/info/${m.target.location.id}`, payload: [] }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`GET ${TS}/:id`]: {
    request: async (m) => ({ url: `${TS}/${(await seriesOn(m, m.target.device.id)).id}` }),
    expect: scoped(200),
  },

  'POST /api/ingest/measurements': {
    request: async (m) => ({
      url: '/api/ingest/measurements',
      payload: {
        measurements: [
          { timeSeriesId: (await seriesOn(m, m.target.device.id)).id, occurredOn: now(), value: 1 },
        ],
      },
    }),
    expect: ingestExpect,
  },
  'GET /api/IngestKey': { request: () => ({ url: '/api/IngestKey' }), expect: unscoped(200, ADMIN_KIND) },
  'POST /api/IngestKey': {
    request: (m) => ({ url: '/api/IngestKey', payload: { name: 'doors', scopeNodeId: m.target.group.id } }),
    expect: scoped(201, ADMIN_KIND),
  },
  'PUT /api/IngestKey/:id': {
    request: async (m) => ({
      url: `/api/IngestKey/${(await keyIn(m, m.target.group.id)).id}`,
      payload: { name: 'renamed' },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'DELETE /api/IngestKey/:id': {
    request: async (m) => ({ url: `/api/IngestKey/${(await keyIn(m, m.target.group.id)).id}` }),
    expect: scoped(204, ADMIN_KIND),
  },
};
