import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DisabledOnBody,
  FileUploadQuery,
  IdParams,
  ImportFileBody,
  ImportPreview,
  ImportRun,
  ImportRunParams,
  ImportTask,
  ImportTaskBody,
  ImportTaskList,
  ImportTaskQuery,
  UploadedFile,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const tags = ['imports'];
const T = '/api/ExternalDataImportTask';

/** The raw request body of an upload, hidden from the input scans (its bytes are not text). */
class RawBody {
  readonly #stream: AsyncIterable<Uint8Array>;
  constructor(stream: AsyncIterable<Uint8Array>) {
    this.#stream = stream;
  }
  get stream() {
    return this.#stream;
  }
}

/**
 * External data import tasks (spec section 7 "ExternalDataImportTask", "file-upload"), superAdmin
 * only (spec section 6), on the client groups of the caller's scope (404 outside it).
 */
export const importRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = ACCESS.superAdmin;
  // the upload streams into the database: nothing buffers the body (this plugin's parsers only)
  for (const type of ['application/octet-stream', 'text/csv'])
    app.addContentTypeParser(type, (_req, payload, done) => done(null, new RawBody(payload)));
  app.addHook('onClose', async () => services.imports.drain());

  r.post(
    '/api/file-upload',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload a file (raw body, application/octet-stream) for an import run; answers its id',
        querystring: FileUploadQuery,
        response: { 200: UploadedFile },
      },
    },
    async (req) => {
      const body = req.body instanceof RawBody ? req.body.stream : (async function* () {})();
      return services.imports.upload(principalOf(req), req.query.name, body);
    },
  );

  r.get(
    T,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Import tasks of the caller’s client groups',
        querystring: ImportTaskQuery,
        response: { 200: ImportTaskList },
      },
    },
    async (req) => services.imports.list(principalOf(req), req.query.organizationalTreeId),
  );

  r.get(
    `${T}/:id`,
    { config: { access }, schema: { tags, params: IdParams, response: { 200: ImportTask } } },
    async (req) => services.imports.get(principalOf(req), req.params.id),
  );

  r.post(
    T,
    {
      config: { access },
      schema: { tags, summary: 'Create an import task', body: ImportTaskBody, response: { 200: ImportTask } },
    },
    async (req) => services.imports.create(principalOf(req), req.body),
  );

  r.put(
    `${T}/:id`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Update an import task (a password left out is kept)',
        params: IdParams,
        body: ImportTaskBody,
        response: { 200: ImportTask },
      },
    },
    async (req) => services.imports.update(principalOf(req), req.params.id, req.body),
  );

  r.delete(
    `${T}/:id`,
    {
      config: { access },
      schema: { tags, params: IdParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (req) => {
      await services.imports.remove(principalOf(req), req.params.id);
      return { deleted: true as const };
    },
  );

  r.patch(
    `${T}/:id/disabled-on`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Enable (null) or disable (a date) an import task',
        params: IdParams,
        body: DisabledOnBody,
        response: { 200: ImportTask },
      },
    },
    async (req) => services.imports.setDisabledOn(principalOf(req), req.params.id, req.body.disabledOn),
  );

  r.post(
    `${T}/:id/preview`,
    {
      config: { access },
      schema: {
        tags,
        summary:
          'The first rows of an uploaded file read with the task, each with its errors (writes nothing)',
        params: IdParams,
        body: ImportFileBody,
        response: { 200: ImportPreview },
      },
    },
    async (req) => services.imports.preview(principalOf(req), req.params.id, req.body.fileId),
  );

  r.post(
    `${T}/:id/run`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Import an uploaded file: answers the run at once, poll it for progress',
        params: IdParams,
        body: ImportFileBody,
        response: { 202: ImportRun },
      },
    },
    async (req, reply) =>
      reply.code(202).send(await services.imports.run(principalOf(req), req.params.id, req.body.fileId)),
  );

  r.post(
    `${T}/:id/pull`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Pull an HTTPS task’s file now and import it',
        params: IdParams,
        response: { 202: ImportRun },
      },
    },
    async (req, reply) => reply.code(202).send(await services.imports.pull(principalOf(req), req.params.id)),
  );

  r.get(
    `${T}/:id/runs`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Run history, latest first',
        params: IdParams,
        response: { 200: z.array(ImportRun) },
      },
    },
    async (req) => services.imports.runs(principalOf(req), req.params.id),
  );

  r.get(
    `${T}/:id/runs/:runId`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'One run and its progress',
        params: ImportRunParams,
        response: { 200: ImportRun },
      },
    },
    async (req) => services.imports.getRun(principalOf(req), req.params.id, req.params.runId),
  );

  r.get(
    `${T}/:id/runs/:runId/errors`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'The run’s error report (CSV)',
        params: ImportRunParams,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const csv = await services.imports.errorReport(principalOf(req), req.params.id, req.params.runId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-errors-${req.params.runId}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
