import type { ImportTaskBody, Role } from '@footfall/domain';
import {
  SUPER_ADMIN,
  scoped,
  unscoped,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';
import { asPrincipal } from '../../test/factories.js';

/**
 * Import tasks and uploads are superAdmin only (spec section 6), on the client groups of the
 * caller's scope: a task of another client group answers 404 like one that does not exist. Each
 * request that names a task gets a fresh one, made by the context's owner on the context's group.
 */
const T = '/api/ExternalDataImportTask';

export const taskBody = (groupId: string): ImportTaskBody => ({
  organizationalTreeId: groupId,
  name: 'Matrix import',
  source: { kind: 'upload' },
  format: 'csv',
  delimiter: 'comma',
  encoding: 'utf-8',
  mapping: {
    location: 'store',
    locationBy: 'name',
    date: 'date',
    dateFormat: 'YYYY-MM-DD',
    time: 'time',
    timeFormat: 'HH:mm',
    values: { Sales: 'sales' },
    decimalComma: false,
  },
  timeZone: null,
  granularity: '60',
  skipInvalidRows: false,
});

const ownersTask = async (m: MatrixRequestContext, body?: Partial<ImportTaskBody>) =>
  (
    await m.t.app.services.imports.create(asPrincipal(m.owner), {
      ...taskBody(m.target.group.id),
      ...body,
    })
  ).id;

const CSV = 'store,date,time,sales\nNowhere,2026-01-05,10:00,12.5\n';
const actorsFile = async (m: MatrixRequestContext) =>
  (
    await m.t.app.services.imports.upload(
      asPrincipal(m.actor),
      'm.csv',
      (async function* () {
        yield Buffer.from(CSV);
      })(),
    )
  ).fileId;

/** A finished (rejected: its store is unknown) run of the owner's task. */
const ownersRun = async (m: MatrixRequestContext) => {
  const id = await ownersTask(m);
  const file = await m.t.app.services.imports.upload(
    asPrincipal(m.owner),
    'm.csv',
    (async function* () {
      yield Buffer.from(CSV);
    })(),
  );
  const run = await m.t.app.services.imports.run(asPrincipal(m.owner), id, file.fileId);
  await m.t.app.services.imports.drain();
  return { id, runId: run.id };
};

const superOnly = (ok: number | readonly number[]) => scoped(ok, SUPER_ADMIN);

export const accessMatrix: MatrixTable = {
  'POST /api/file-upload': {
    request: () => ({
      url: '/api/file-upload?name=sales.csv',
      payload: CSV,
      headers: { 'content-type': 'application/octet-stream' },
    }),
    expect: unscoped(200, SUPER_ADMIN),
  },
  [`GET ${T}`]: { request: () => ({ url: T }), expect: unscoped(200, SUPER_ADMIN) },
  [`POST ${T}`]: {
    request: (m) => ({ url: T, payload: taskBody(m.target.group.id) }),
    expect: superOnly(200),
  },
  [`GET ${T}/:id`]: {
    request: async (m) => ({ url: `${T}/${await ownersTask(m)}` }),
    expect: superOnly(200),
  },
  [`PUT ${T}/:id`]: {
    request: async (m) => ({ url: `${T}/${await ownersTask(m)}`, payload: taskBody(m.target.group.id) }),
    expect: superOnly(200),
  },
  [`DELETE ${T}/:id`]: {
    request: async (m) => ({ url: `${T}/${await ownersTask(m)}` }),
    expect: superOnly(200),
  },
  [`PATCH ${T}/:id/disabled-on`]: {
    request: async (m) => ({
      url: `${T}/${await ownersTask(m)}/disabled-on`,
      payload: { disabledOn: '2026-01-01T00:00:00Z' },
    }),
    expect: superOnly(200),
  },
  [`POST ${T}/:id/preview`]: {
    request: async (m) => ({
      url: `${T}/${await ownersTask(m)}/preview`,
      payload: { fileId: await actorsFile(m) },
    }),
    expect: superOnly(200),
  },
  [`POST ${T}/:id/run`]: {
    request: async (m) => ({
      url: `${T}/${await ownersTask(m)}/run`,
      payload: { fileId: await actorsFile(m) },
    }),
    expect: superOnly(202),
  },
  [`POST ${T}/:id/pull`]: {
    // the source refuses the connection: access passes, then the pull answers 502
    request: async (m) => ({
      url: `${T}/${await ownersTask(m, {
        source: { kind: 'https', url: 'https://127.0.0.1:1/sales.csv', username: null, pullAt: '03:00' },
      })}/pull`,
    }),
    expect: (role: Role, context) => superOnly(502)(role, context),
  },
  [`GET ${T}/:id/runs`]: {
    request: async (m) => ({ url: `${T}/${(await ownersRun(m)).id}/runs` }),
    expect: superOnly(200),
  },
  [`GET ${T}/:id/runs/:runId`]: {
    request: async (m) => {
      const { id, runId } = await ownersRun(m);
      return { url: `${T}/${id}/runs/${runId}` };
    },
    expect: superOnly(200),
  },
  [`GET ${T}/:id/runs/:runId/errors`]: {
    request: async (m) => {
      const { id, runId } = await ownersRun(m);
      return { url: `${T}/${id}/runs/${runId}/errors` };
    },
    expect: superOnly(200),
  },
};
