import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { ImportRunTable, ImportTaskTable } from '../../platform/db/imports.tables.js';

type Q = Kysely<Database> | Transaction<Database>;
export type ImportTaskRow = Selectable<ImportTaskTable>;
export type ImportRunRow = Selectable<ImportRunTable>;

/** Size of a stored file chunk. */
export const CHUNK_BYTES = 1024 * 1024;

export type TaskValues = Omit<Insertable<ImportTaskTable>, 'id' | 'created_on' | 'last_pull_on'>;

export async function insertTask(q: Q, values: TaskValues): Promise<ImportTaskRow> {
  return q
    .insertInto('import_task')
    .values({ ...values, mapping: JSON.stringify(values.mapping) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTask(q: Q, id: string, values: Partial<TaskValues>): Promise<void> {
  const set = { ...values, ...(values.mapping ? { mapping: JSON.stringify(values.mapping) } : {}) };
  await q.updateTable('import_task').set(set).where('id', '=', id).execute();
}

export async function findTask(q: Q, id: string): Promise<ImportTaskRow | undefined> {
  return q.selectFrom('import_task').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteTask(q: Q, id: string): Promise<void> {
  await q.deleteFrom('import_task').where('id', '=', id).execute();
}

/** Tasks of the given client groups (null = all), by name. */
export async function listTasks(q: Q, nodeIds: readonly string[] | null): Promise<ImportTaskRow[]> {
  let query = q.selectFrom('import_task').selectAll().orderBy('name').orderBy('id');
  if (nodeIds !== null) {
    if (nodeIds.length === 0) return [];
    query = query.where('node_id', 'in', [...nodeIds]);
  }
  return query.execute();
}

/** The latest run of each task. */
export async function lastRuns(q: Q, taskIds: readonly string[]): Promise<ImportRunRow[]> {
  if (taskIds.length === 0) return [];
  return q
    .selectFrom('import_run')
    .selectAll()
    .distinctOn('task_id')
    .where('task_id', 'in', [...taskIds])
    .orderBy('task_id')
    .orderBy('seq', 'desc')
    .execute();
}

export async function listRuns(q: Q, taskId: string, limit = 50): Promise<ImportRunRow[]> {
  return q
    .selectFrom('import_run')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

export async function findRun(q: Q, id: string): Promise<ImportRunRow | undefined> {
  return q.selectFrom('import_run').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRun(
  q: Q,
  values: Pick<
    Insertable<ImportRunTable>,
    'task_id' | 'trigger' | 'file_id' | 'file_name' | 'started_on' | 'started_by' | 'started_by_name'
  > & { bytes_total: number },
): Promise<ImportRunRow> {
  return q
    .insertInto('import_run')
    .values({ ...values, status: 'running', bytes_total: String(values.bytes_total) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRun(
  q: Q,
  id: string,
  values: Partial<{
    status: ImportRunTable['status'];
    finished_on: Date;
    rows_read: number;
    rows_written: number;
    rows_rejected: number;
    points_written: number;
    bytes_read: number;
    message: string | null;
  }>,
): Promise<void> {
  const { bytes_read, ...rest } = values;
  await q
    .updateTable('import_run')
    .set({ ...rest, ...(bytes_read !== undefined ? { bytes_read: String(bytes_read) } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Runs left `running` by a server that stopped: they will never finish. */
export async function failAbandonedRuns(q: Q, before: Date, now: Date): Promise<number> {
  const r = await q
    .updateTable('import_run')
    .set({ status: 'failed', finished_on: now, message: 'The server stopped during the run' })
    .where('status', '=', 'running')
    .where('started_on', '<', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function insertRunErrors(
  q: Q,
  runId: string,
  errors: { row: number; column: string; code: string; value: string; message: string }[],
): Promise<void> {
  for (let i = 0; i < errors.length; i += 1000) {
    const part = errors.slice(i, i + 1000);
    await q
      .insertInto('import_run_error')
      .values(
        part.map((e, j) => ({
          run_id: runId,
          seq: i + j,
          row_number: e.row,
          column_name: e.column,
          code: e.code,
          value: e.value.slice(0, 500),
          message: e.message.slice(0, 1000),
        })),
      )
      .execute();
  }
}

export async function runErrors(q: Q, runId: string) {
  return q
    .selectFrom('import_run_error')
    .select(['row_number', 'column_name', 'code', 'value', 'message'])
    .where('run_id', '=', runId)
    .orderBy('seq')
    .execute();
}

// ---- uploaded files

export async function insertFile(q: Q, name: string, createdBy: string | null) {
  return q
    .insertInto('import_file')
    .values({ name, created_by: createdBy })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export async function insertChunk(q: Q, fileId: string, seq: number, data: Buffer): Promise<void> {
  await q.insertInto('import_file_chunk').values({ file_id: fileId, seq, data }).execute();
}

export async function completeFile(q: Q, fileId: string, size: number): Promise<void> {
  await q
    .updateTable('import_file')
    .set({ size: String(size), complete: true })
    .where('id', '=', fileId)
    .execute();
}

export async function findFile(q: Q, id: string) {
  return q.selectFrom('import_file').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A file's bytes, one chunk at a time (the chunks are read one query each, never all at once). */
export async function* fileChunks(q: Q, fileId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const row = await q
      .selectFrom('import_file_chunk')
      .select('data')
      .where('file_id', '=', fileId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    yield row.data;
  }
}

/** Files older than `before` that no run still names as running. */
export async function deleteOldFiles(q: Q, before: Date): Promise<number> {
  const r = await q
    .deleteFrom('import_file')
    .where('created_on', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('import_run')
            .select(sql.lit(1).as('one'))
            .whereRef('import_run.file_id', '=', 'import_file.id')
            .where('import_run.status', '=', 'running'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- the client group's locations

export interface LocationRow {
  id: string;
  name: string;
  reference_id: string | null;
  time_zone: string | null;
  business_hours: unknown;
  macs: string[];
}

/**
 * The locations under a client group with the zone each reads its local time in (its own `timezone`
 * or the nearest ancestor's), its business hours, and the MAC addresses of it and its devices.
 */
export async function locationsUnder(q: Q, groupId: string): Promise<LocationRow[]> {
  const { rows } = await sql<LocationRow>`
    with recursive sub as (
      select n.id, n.type, n.name, n.reference_id, n.attributes,
        n.attributes->>'timezone' as zone
      from node n where n.id = ${groupId}::uuid
      union all
      select c.id, c.type, c.name, c.reference_id, c.attributes,
        coalesce(nullif(c.attributes->>'timezone', ''), sub.zone)
      from node c join sub on c.parent_id = sub.id
    )
    select l.id, l.name, l.reference_id, l.zone as time_zone,
      l.attributes->'businessHours' as business_hours,
      array_remove(array[l.attributes->>'macAddress'] || coalesce((
        select array_agg(d.attributes->>'macAddress') from node d
        where d.parent_id = l.id and d.type = 'device' and d.attributes->>'macAddress' is not null
      ), '{}'), null) as macs
    from sub l where l.type = 'location'`.execute(q);
  return rows;
}

/** The zone of a node (its own `timezone` or the nearest ancestor's), null without one. */
export async function zoneOfNode(q: Q, nodeId: string): Promise<string | null> {
  const { rows } = await sql<{ zone: string | null }>`
    with recursive up as (
      select id, parent_id, attributes->>'timezone' as zone, 0 as depth from node where id = ${nodeId}::uuid
      union all
      select n.id, n.parent_id, n.attributes->>'timezone', up.depth + 1 from node n join up on n.id = up.parent_id
      where up.depth < 64
    )
    select zone from up where zone is not null and zone <> '' order by depth limit 1`.execute(q);
  return rows[0]?.zone ?? null;
}

/** Tasks pulling from HTTPS, enabled, with their last pull. */
export async function pullTasks(q: Q): Promise<ImportTaskRow[]> {
  return q
    .selectFrom('import_task')
    .selectAll()
    .where('source_kind', 'in', ['https', 'sftp'])
    .where('disabled_on', 'is', null)
    .execute();
}

/** Claims a task's pull due at `due` (exactly once across instances): true when this caller won it. */
export async function claimPull(q: Q, id: string, due: Date, now: Date): Promise<boolean> {
  const r = await q
    .updateTable('import_task')
    .set({ last_pull_on: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_pull_on', 'is', null), eb('last_pull_on', '<', due)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- demo

/**
 * The hourly figures stored on locations' own series of the given protocols (untagged) in
 * [fromMs, toMs): the demo's point-of-sale export is built from what the demo history holds.
 */
export async function storedLocationFigures(
  q: Q,
  locationIds: readonly string[],
  protocols: readonly string[],
  fromMs: number,
  toMs: number,
) {
  if (locationIds.length === 0) return [];
  const { rows } = await sql<{ node_id: string; protocol: string; at: Date; value: number }>`
    select s.node_id, s.measurement_protocol as protocol, m.occurred_on as at, m.value
    from time_series s
    join measurement m on m.series_key = s.key
      and m.occurred_on >= to_timestamp(${fromMs / 1000}) and m.occurred_on < to_timestamp(${toMs / 1000})
    where s.node_id = any(${[...locationIds]}::uuid[]) and s.measurement_protocol = any(${[...protocols]}::text[])
      and s.meta_tags = '{}'
    order by m.occurred_on, s.node_id`.execute(q);
  return rows;
}

export async function userIdByName(q: Q, username: string): Promise<string | null> {
  const row = await q.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirst();
  return row?.id ?? null;
}
