import { Readable } from 'node:stream';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EventLogExportQuery, EventLogPage, EventLogQuery, type EventLogEntry } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';
import { CSV_BOM, csvLine } from '../../platform/csv/csv-text.js';

const tags = ['event log'];

/** The CSV columns: the JSON answer's field names, details as their JSON text. */
const CSV_COLUMNS = ['occurredOn', 'requester', 'onBehalfOf', 'command', 'target', 'details'] as const;

async function* csvOf(entries: AsyncIterable<EventLogEntry>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CSV_COLUMNS);
  for await (const e of entries) {
    yield csvLine([e.occurredOn, e.requester, e.onBehalfOf, e.command, e.target, JSON.stringify(e.details)]);
  }
}

export const eventLogRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/EventLog',
    {
      config: { access: ACCESS.adminKind },
      schema: { tags, querystring: EventLogQuery, response: { 200: EventLogPage } },
    },
    async (req) => services.eventLog.query(principalOf(req), req.query),
  );

  r.get(
    '/api/EventLog/csv',
    {
      config: { access: ACCESS.adminKind },
      schema: {
        tags,
        summary:
          'Every entry matching the filters of GET /api/EventLog, in its order, as CSV (UTF-8 with BOM)',
        querystring: EventLogExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('occurredOn,requester,onBehalfOf,command,target,details') },
      },
    },
    async (req, reply) => {
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const entries = services.eventLog.entries(principalOf(req), req.query);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="event-log-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          // streamed as it is read; the string schema above only documents the body for OpenAPI
          .send(Readable.from(csvOf(entries)) as unknown as string)
      );
    },
  );
};
