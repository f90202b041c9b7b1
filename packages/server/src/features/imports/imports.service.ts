import {
  IMPORT_KPIS,
  IMPORT_PREVIEW_ROWS,
  parseBusinessHours,
  type ImportMapping,
  type ImportPreview,
  type ImportRowError,
  type ImportRun,
  type ImportTask,
  type ImportTaskBody,
  type Principal,
} from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { SeriesService } from '../timeseries/series.service.js';
import type { IngestService } from '../timeseries/ingest.service.js';
import { readRows, cellText, type FileRow } from './import-reader.js';
import { createRowInterpreter, type ImportLocation } from './import-rows.js';
import { open, seal } from './secret-box.js';
import { httpsFetcher, sftpFetcher, type SourceFetchers } from './import-sources.js';
import {
  CHUNK_BYTES,
  claimPull,
  completeFile,
  deleteOldFiles,
  deleteTask,
  failAbandonedRuns,
  fileChunks,
  findFile,
  findRun,
  findTask,
  insertChunk,
  insertFile,
  insertRun,
  insertRunErrors,
  insertTask,
  lastRuns,
  listRuns,
  listTasks,
  locationsUnder,
  pullTasks,
  runErrors,
  updateRun,
  updateTask,
  zoneOfNode,
  type ImportRunRow,
  type ImportTaskRow,
} from './imports.repository.js';

/** Largest file accepted (upload or pull). */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;
/** Error rows kept for a run's report. */
const MAX_REPORTED_ERRORS = 10_000;
/** Rows between two progress updates of a run. */
const PROGRESS_ROWS = 20_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentRun = (r: ImportRunRow): ImportRun => ({
  id: r.id,
  taskId: r.task_id,
  status: r.status,
  trigger: r.trigger,
  fileName: r.file_name,
  startedOn: r.started_on.toISOString(),
  finishedOn: iso(r.finished_on),
  rowsRead: r.rows_read,
  rowsWritten: r.rows_written,
  rowsRejected: r.rows_rejected,
  pointsWritten: r.points_written,
  message: r.message,
  bytesTotal: Number(r.bytes_total),
  bytesRead: Number(r.bytes_read),
  startedBy: r.started_by_name,
});

function presentTask(t: ImportTaskRow, last: ImportRunRow | undefined): ImportTask {
  return {
    id: t.id,
    organizationalTreeId: t.node_id,
    name: t.name,
    disabledOn: iso(t.disabled_on),
    source:
      t.source_kind === 'sftp'
        ? {
            kind: 'sftp',
            url: t.source_url ?? '',
            username: t.source_username,
            hasPassword: t.source_secret !== null,
            pullAt: t.pull_at ?? '00:00',
            hostKeyFingerprint: t.source_host_key,
          }
        : t.source_kind === 'https'
          ? {
              kind: 'https',
              url: t.source_url ?? '',
              username: t.source_username,
              hasPassword: t.source_secret !== null,
              pullAt: t.pull_at ?? '00:00',
            }
          : { kind: 'upload' },
    format: t.format,
    delimiter: t.delimiter as ImportTask['delimiter'],
    encoding: t.encoding as ImportTask['encoding'],
    mapping: t.mapping as ImportMapping,
    timeZone: t.time_zone,
    granularity: t.granularity as ImportTask['granularity'],
    skipInvalidRows: t.skip_invalid_rows,
    createdOn: t.created_on.toISOString(),
    lastRun: last ? presentRun(last) : null,
  };
}

export function createImportsService(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  /** the key that seals stored source passwords */
  secretKey: Buffer;
  scope: ScopeService;
  eventLog: EventLogService;
  series: SeriesService;
  ingest: IngestService;
  /** PEM of an authority trusted beside the system roots for HTTPS pulls */
  trustedCa?: string | null;
  fetchers?: Partial<SourceFetchers>;
}) {
  const { db, clock, log, secretKey, scope, eventLog, series, ingest } = deps;
  const fetchers: SourceFetchers = {
    https: deps.fetchers?.https ?? httpsFetcher({ extraCa: deps.trustedCa ?? null }),
    sftp: deps.fetchers?.sftp ?? sftpFetcher(),
  };
  /** runs under way in this process (awaited on shutdown) */
  const running = new Set<Promise<void>>();

  async function loadTask(principal: Principal, id: string): Promise<ImportTaskRow> {
    const row = await findTask(db, id);
    if (!row || !(await scope.isInScope(principal, row.node_id))) throw notFound('Import task');
    return row;
  }

  async function assertClientGroup(principal: Principal, nodeId: string) {
    await scope.assertInScope(principal, nodeId);
    const node = await db.selectFrom('node').select('type').where('id', '=', nodeId).executeTakeFirst();
    if (node?.type !== 'group')
      throw new AppError(
        400,
        'import_not_a_group',
        'Import tasks belong to a client group',
        'organizationalTreeId',
      );
  }

  function taskValues(body: ImportTaskBody, previous: ImportTaskRow | null) {
    const src = body.source;
    const pulled = src.kind === 'upload' ? null : src;
    let secret: Buffer | null = null;
    if (pulled) {
      // left out on update: the stored one, while the source stays of the same kind
      if (pulled.password === undefined)
        secret = previous?.source_kind === pulled.kind ? previous.source_secret : null;
      else if (pulled.password !== null && pulled.password !== '') secret = seal(secretKey, pulled.password);
    }
    return {
      node_id: body.organizationalTreeId,
      name: body.name,
      source_kind: src.kind,
      source_url: pulled?.url ?? null,
      source_username: pulled?.username ?? null,
      source_secret: secret,
      source_host_key: src.kind === 'sftp' ? (src.hostKeyFingerprint ?? null) : null,
      pull_at: pulled?.pullAt ?? null,
      format: body.format,
      delimiter: body.delimiter,
      encoding: body.encoding,
      mapping: body.mapping,
      time_zone: body.timeZone,
      granularity: body.granularity,
      skip_invalid_rows: body.skipInvalidRows,
    };
  }

  /** What the audit trail keeps of a task: everything but the password. */
  const auditOf = (body: ImportTaskBody) => ({
    ...body,
    source:
      body.source.kind !== 'upload'
        ? { ...body.source, password: body.source.password ? '***' : null }
        : body.source,
  });

  async function locationsOf(groupId: string): Promise<ImportLocation[]> {
    const fallback = (await zoneOfNode(db, groupId)) ?? 'UTC';
    return (await locationsUnder(db, groupId)).map((l) => ({
      id: l.id,
      name: l.name,
      referenceId: l.reference_id,
      macAddresses: l.macs,
      timeZone: l.time_zone || fallback,
      hours: l.business_hours ? parseBusinessHours(l.business_hours) : null,
    }));
  }

  const readOptions = (task: ImportTaskRow, onBytes?: (n: number) => void) => ({
    format: task.format,
    delimiter: task.delimiter as 'comma' | 'semicolon' | 'tab',
    encoding: task.encoding,
    ...(onBytes ? { onBytes } : {}),
  });

  const interpreterFor = (task: ImportTaskRow, header: FileRow, locations: ImportLocation[]) =>
    createRowInterpreter({
      header: header.cells,
      mapping: task.mapping as ImportMapping,
      granularity: task.granularity as ImportTask['granularity'],
      timeZone: task.time_zone,
      locations,
    });

  async function loadFile(principal: Principal, fileId: string) {
    const file = await findFile(db, fileId);
    const owner = principal.actor?.userId ?? principal.userId;
    if (!file || !file.complete || file.created_by !== owner) throw notFound('File');
    return file;
  }

  /**
   * A run, in one streaming pass over the file: each row is checked (rows read, rejected, the error
   * report) and its figures staged in the database as they come (IngestService.bulkLoad: COPY into a
   * temp table of the run's transaction). A run with a bad row is rejected and writes nothing (the
   * transaction is rolled back, no series is created), unless the task skips bad rows. Then the
   * series are found or created and the staged figures written set-based, rollups and totals
   * included, in that same transaction (all or nothing).
   */
  async function execute(task: ImportTaskRow, run: ImportRunRow, fileId: string): Promise<void> {
    const progress = { rows_read: 0, rows_rejected: 0, rows_written: 0, bytes_read: 0 };
    const finish = (status: ImportRun['status'], message: string | null, extra = {}) =>
      updateRun(db, run.id, { ...progress, ...extra, status, message, finished_on: clock.now() });
    // milliseconds from the start to the end of each phase (logged: where a slow run spends its time)
    const started = performance.now();
    const phases: Record<string, number> = {};
    const lap = (phase: string) => {
      phases[phase] = Math.round(performance.now() - started);
    };
    try {
      const locations = await locationsOf(task.node_id);
      const locIndex = new Map(locations.map((l, i) => [l.id, i]));
      const kpiIndex = new Map<string, number>(IMPORT_KPIS.map((k, i) => [k, i]));
      const errors: ImportRowError[] = [];
      // the (location, KPI) pairs the file feeds: location index x KPIs + KPI index
      const pairs = new Set<number>();
      let firstError: string | null = null;
      let header: FileRow | null = null;
      let rejected: string | null = null;
      const values: (number | null)[] = IMPORT_KPIS.map(() => null);
      const loaded = await ingest.bulkLoad({
        columns: IMPORT_KPIS.length,
        onPhase: lap,
        stage: async (row) => {
          let interpret: ReturnType<typeof interpreterFor> | null = null;
          for await (const r of readRows(
            fileChunks(db, fileId),
            readOptions(task, (n) => (progress.bytes_read = n)),
          )) {
            if (!interpret) {
              header = r;
              interpret = interpreterFor(task, r, locations);
              continue;
            }
            progress.rows_read++;
            const res = interpret(r);
            if (res.errors.length > 0) {
              progress.rows_rejected++;
              firstError ??= res.errors[0]!.message;
              for (const e of res.errors) if (errors.length < MAX_REPORTED_ERRORS) errors.push(e);
            } else if (res.points.length > 0) {
              const loc = locIndex.get(res.points[0]!.locationId)!;
              values.fill(null);
              for (const p of res.points) {
                const k = kpiIndex.get(p.kpi)!;
                values[k] = p.value;
                pairs.add(loc * IMPORT_KPIS.length + k);
              }
              const wait = row(loc, res.utcMs!, r.row, values);
              if (wait) await wait;
              progress.rows_written++;
            }
            if (progress.rows_read % PROGRESS_ROWS === 0) await updateRun(db, run.id, progress);
          }
        },
        plan: async () => {
          if (!header) return ((rejected = 'The file holds no header row'), null);
          if (errors.length > 0) await insertRunErrors(db, run.id, errors);
          if (progress.rows_rejected > 0 && !task.skip_invalid_rows) return ((rejected = firstError), null);
          await updateRun(db, run.id, progress);
          // the series the file feeds: the locations' own KPI series (created once, like the demo's)
          const wanted = [...pairs].map((p) => ({
            loc: Math.floor(p / IMPORT_KPIS.length),
            col: p % IMPORT_KPIS.length,
          }));
          const interval = task.granularity === 'day' ? 86_400 : Number(task.granularity) * 60;
          const made = await series.ensureUntaggedSeries(
            wanted.map((p) => ({ nodeId: locations[p.loc]!.id, protocol: IMPORT_KPIS[p.col]! })),
            { intervalSeconds: interval, source: 'import' },
          );
          lap('series');
          const of = (p: { loc: number; col: number }) =>
            made.get(`${locations[p.loc]!.id}|${IMPORT_KPIS[p.col]!}`)!;
          return {
            pairs: wanted.map((p) => ({ ...p, seriesKey: of(p).key })),
            seriesIds: wanted.map((p) => of(p).id),
            nodeIds: [...new Set(wanted.map((p) => locations[p.loc]!.id))],
          };
        },
      });
      if (!loaded) {
        progress.rows_written = 0;
        return await finish('rejected', rejected);
      }
      log.info({ runId: run.id, rows: progress.rows_written, ...loaded, phases }, 'import run stored');
      await finish('succeeded', progress.rows_rejected > 0 ? firstError : null, {
        points_written: loaded.points,
      });
    } catch (e) {
      const known = e instanceof AppError;
      if (!known) log.error({ err: e, runId: run.id }, 'import run failed');
      progress.rows_written = 0;
      await finish(
        known ? 'rejected' : 'failed',
        known ? e.message : `The run failed: ${(e as Error).message}`,
      ).catch((err) => log.error({ err }, 'import run state not saved'));
    }
  }

  async function startRun(
    task: ImportTaskRow,
    file: { id: string; name: string; size: string },
    trigger: 'upload' | 'pull',
    principal: Principal | null,
  ): Promise<ImportRun> {
    if (task.disabled_on)
      throw new AppError(409, 'import_task_disabled', 'The import task is disabled', 'id');
    const last = (await lastRuns(db, [task.id]))[0];
    if (last?.status === 'running')
      throw new AppError(409, 'import_run_in_progress', 'A run of this task is under way', 'id');
    const run = await eventLog.withAudit(async (tx) => {
      const run = await insertRun(tx, {
        task_id: task.id,
        trigger,
        file_id: file.id,
        file_name: file.name,
        started_on: clock.now(),
        started_by: principal ? (principal.actor?.userId ?? principal.userId) : null,
        started_by_name: principal ? (principal.actor?.username ?? principal.username) : null,
        bytes_total: Number(file.size),
      });
      await eventLog.record(tx, principal, 'ImportTask.Run', task.id, {
        runId: run.id,
        file: file.name,
        trigger,
      });
      return run;
    });
    const work = execute(task, run, file.id).finally(() => running.delete(work));
    running.add(work);
    return presentRun(run);
  }

  /** A pull whose source could not be read: a finished, failed run in the history (nothing written). */
  async function recordFailedPull(
    task: ImportTaskRow,
    name: string,
    message: string,
    principal: Principal | null,
  ): Promise<void> {
    await eventLog.withAudit(async (tx) => {
      const run = await insertRun(tx, {
        task_id: task.id,
        trigger: 'pull',
        file_id: null,
        file_name: name,
        started_on: clock.now(),
        started_by: principal ? (principal.actor?.userId ?? principal.userId) : null,
        started_by_name: principal ? (principal.actor?.username ?? principal.username) : null,
        bytes_total: 0,
      });
      await updateRun(tx, run.id, { status: 'failed', message, finished_on: clock.now() });
      await eventLog.record(tx, principal, 'ImportTask.Run', task.id, {
        runId: run.id,
        file: name,
        trigger: 'pull',
      });
    });
  }

  /** Stores a stream as a file, in chunks (the body never sits whole in memory). */
  async function storeFile(name: string, ownerId: string | null, body: AsyncIterable<Uint8Array>) {
    const { id } = await insertFile(db, name, ownerId);
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      await insertChunk(db, id, seq++, Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
    };
    for await (const part of body) {
      const buf = Buffer.from(part);
      size += buf.length;
      if (size > MAX_FILE_BYTES)
        throw new AppError(
          413,
          'file_too_large',
          `Files are limited to ${MAX_FILE_BYTES / 1024 / 1024} MB`,
          'body',
        );
      pending.push(buf);
      pendingBytes += buf.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
    await completeFile(db, id, size);
    return { fileId: id, name, size };
  }

  const service = {
    async list(principal: Principal, organizationalTreeId?: string): Promise<ImportTask[]> {
      if (organizationalTreeId) await scope.assertInScope(principal, organizationalTreeId);
      const visible = await scope.visibleNodeIds(principal);
      let rows = await listTasks(db, visible === null ? null : [...visible]);
      if (organizationalTreeId) rows = rows.filter((r) => r.node_id === organizationalTreeId);
      const last = new Map(
        (
          await lastRuns(
            db,
            rows.map((r) => r.id),
          )
        ).map((r) => [r.task_id, r]),
      );
      return rows.map((r) => presentTask(r, last.get(r.id)));
    },

    async get(principal: Principal, id: string): Promise<ImportTask> {
      const row = await loadTask(principal, id);
      return presentTask(row, (await lastRuns(db, [id]))[0]);
    },

    async create(principal: Principal, body: ImportTaskBody): Promise<ImportTask> {
      await assertClientGroup(principal, body.organizationalTreeId);
      const row = await eventLog.withAudit(async (tx) => {
        const row = await insertTask(tx, {
          ...taskValues(body, null),
          disabled_on: null,
          created_by: principal.actor?.userId ?? principal.userId,
        });
        await eventLog.record(tx, principal, 'ImportTask.Create', row.id, auditOf(body));
        return row;
      });
      return presentTask(row, undefined);
    },

    async update(principal: Principal, id: string, body: ImportTaskBody): Promise<ImportTask> {
      const previous = await loadTask(principal, id);
      await assertClientGroup(principal, body.organizationalTreeId);
      await eventLog.withAudit(async (tx) => {
        await updateTask(tx, id, taskValues(body, previous));
        await eventLog.record(tx, principal, 'ImportTask.Update', id, auditOf(body));
      });
      return service.get(principal, id);
    },

    async remove(principal: Principal, id: string): Promise<void> {
      await loadTask(principal, id);
      const last = (await lastRuns(db, [id]))[0];
      if (last?.status === 'running')
        throw new AppError(409, 'import_run_in_progress', 'A run of this task is under way', 'id');
      await eventLog.withAudit(async (tx) => {
        await deleteTask(tx, id);
        await eventLog.record(tx, principal, 'ImportTask.Delete', id, {});
      });
    },

    async setDisabledOn(principal: Principal, id: string, disabledOn: string | null): Promise<ImportTask> {
      await loadTask(principal, id);
      await eventLog.withAudit(async (tx) => {
        await updateTask(tx, id, { disabled_on: disabledOn === null ? null : new Date(disabledOn) });
        await eventLog.record(tx, principal, 'ImportTask.SetDisabledOn', id, { disabledOn });
      });
      return service.get(principal, id);
    },

    /** POST /api/file-upload: the request body, stored in chunks; only its uploader may use it. */
    async upload(principal: Principal, name: string, body: AsyncIterable<Uint8Array>) {
      return storeFile(name, principal.actor?.userId ?? principal.userId, body);
    },

    /** The first rows of a file read with the task's settings, each with its problems; writes nothing. */
    async preview(principal: Principal, id: string, fileId: string): Promise<ImportPreview> {
      const task = await loadTask(principal, id);
      await loadFile(principal, fileId);
      const locations = await locationsOf(task.node_id);
      const out: ImportPreview = { columns: [], rows: [] };
      let interpret: ReturnType<typeof interpreterFor> | null = null;
      try {
        for await (const r of readRows(fileChunks(db, fileId), readOptions(task))) {
          if (!interpret) {
            out.columns = r.cells.map((c) => cellText(c));
            interpret = interpreterFor(task, r, locations);
            continue;
          }
          const res = interpret(r);
          out.rows.push({
            row: r.row,
            cells: r.cells.map((c) => cellText(c)),
            locationName: res.location?.name ?? null,
            occurredOn: res.utcMs === null ? null : new Date(res.utcMs).toISOString(),
            timeZone: res.location ? (task.time_zone ?? res.location.timeZone) : null,
            errors: res.errors,
          });
          if (out.rows.length >= IMPORT_PREVIEW_ROWS) break;
        }
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw new AppError(
          400,
          'import_file_unreadable',
          `The file cannot be read: ${(e as Error).message}`,
          'fileId',
        );
      }
      return out;
    },

    /** Starts a run of an uploaded file (answers at once; the run's progress is polled). */
    async run(principal: Principal, id: string, fileId: string): Promise<ImportRun> {
      const task = await loadTask(principal, id);
      const file = await loadFile(principal, fileId);
      return startRun(task, file, 'upload', principal);
    },

    /**
     * Pulls an HTTPS or SFTP task's file now and runs it. A source that cannot be read (refused
     * credentials, a missing file, an HTTP error, an untrusted certificate) leaves a failed run in the
     * history saying why, writes nothing, and answers 502.
     */
    async pullNow(principal: Principal | null, task: ImportTaskRow): Promise<ImportRun> {
      if (task.source_kind === 'upload' || !task.source_url)
        throw badRequest('This task reads uploaded files', 'id');
      const password = task.source_secret ? open(secretKey, task.source_secret) : null;
      const name = decodeURIComponent(new URL(task.source_url).pathname.split('/').pop() || 'download');
      let file;
      try {
        const body = await fetchers[task.source_kind](task.source_url, {
          username: task.source_username,
          password,
          hostKeyFingerprint: task.source_host_key,
        });
        file = await storeFile(name, null, body);
      } catch (e) {
        const message =
          e instanceof AppError ? e.message : `The source could not be read: ${(e as Error).message}`;
        await recordFailedPull(task, name, message, principal);
        if (e instanceof AppError) throw e;
        throw new AppError(502, 'import_source_unavailable', message);
      }
      return startRun(task, { id: file.fileId, name, size: String(file.size) }, 'pull', principal);
    },

    async pull(principal: Principal, id: string): Promise<ImportRun> {
      return service.pullNow(principal, await loadTask(principal, id));
    },

    async runs(principal: Principal, id: string): Promise<ImportRun[]> {
      await loadTask(principal, id);
      return (await listRuns(db, id)).map(presentRun);
    },

    async getRun(principal: Principal, id: string, runId: string): Promise<ImportRun> {
      await loadTask(principal, id);
      const run = await findRun(db, runId);
      if (!run || run.task_id !== id) throw notFound('Import run');
      return presentRun(run);
    },

    /** The run's error report as CSV rows (row, column, code, value, message). */
    async errorReport(principal: Principal, id: string, runId: string): Promise<string> {
      await service.getRun(principal, id, runId);
      const quote = (s: string | number) => {
        const t = String(s);
        return /[",\n\r;]/.test(t) || /^[=+\-@]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
      };
      const lines = ['row,column,code,value,message'];
      for (const e of await runErrors(db, runId))
        lines.push([e.row_number, e.column_name, e.code, e.value, e.message].map(quote).join(','));
      return '\ufeff' + lines.join('\r\n') + '\r\n';
    },

    /**
     * Job: each enabled HTTPS or SFTP task is pulled once a day at its `pullAt` (UTC hours and minutes of
     * the client group's zone), claimed in the database so that one instance pulls it.
     */
    async pullDue(): Promise<number> {
      const now = clock.now();
      let started = 0;
      for (const task of await pullTasks(db)) {
        const zone = (await zoneOfNode(db, task.node_id)) ?? 'UTC';
        const due = lastDue(now, task.pull_at ?? '00:00', zone);
        if (task.created_on > due) continue;
        if (!(await claimPull(db, task.id, due, now))) continue;
        try {
          await service.pullNow(null, task);
          started++;
        } catch (e) {
          log.warn({ err: e, taskId: task.id }, 'scheduled import pull failed');
        }
      }
      return started;
    },

    /** Job: uploaded files older than a day go; runs a stopped server left `running` are failed. */
    async cleanUp(): Promise<void> {
      const now = clock.now();
      await failAbandonedRuns(db, new Date(now.getTime() - 6 * 3600_000), now);
      await deleteOldFiles(db, new Date(now.getTime() - 24 * 3600_000));
    },

    /** Resolves once every run under way in this process has finished (shutdown, tests). */
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
  return service;
}

/** The latest instant at or before `now` when the local clock of `zone` read `hhmm`. */
export function lastDue(now: Date, hhmm: string, zone: string): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const localNowMs = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  const offsetMs = localNowMs - Math.floor(now.getTime() / 60_000) * 60_000;
  let dueLocal = Date.UTC(get('year'), get('month') - 1, get('day'), h, m);
  if (dueLocal > localNowMs) dueLocal -= 86_400_000;
  return new Date(dueLocal - offsetMs);
}

export type ImportsService = ReturnType<typeof createImportsService>;
