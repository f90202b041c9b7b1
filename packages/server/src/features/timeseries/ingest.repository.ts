import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

export interface IngestSeriesRow {
  id: string;
  key: number;
  node_id: string;
  in_scope: boolean;
}

/**
 * The series behind the given ids, each with whether its node lies under `scopeNodeId` (null = the
 * whole tree). One round trip: ancestors are walked once per distinct node.
 */
export async function seriesForIngest(
  q: Q,
  ids: readonly string[],
  scopeNodeId: string | null,
): Promise<IngestSeriesRow[]> {
  const { rows } = await sql<IngestSeriesRow>`
    with recursive s as (
      select id, key, node_id from time_series where id = any(${[...ids]}::uuid[])
    ),
    up as (
      select n.id as start, n.id, n.parent_id, 0 as depth
      from node n where n.id in (select node_id from s)
      union all
      select up.start, n.id, n.parent_id, up.depth + 1 from node n join up on n.id = up.parent_id
      where up.depth < 64
    )
    select s.id, s.key, s.node_id,
      (${scopeNodeId}::uuid is null or exists (
        select 1 from up where up.start = s.node_id and up.id = ${scopeNodeId}::uuid)) as in_scope
    from s`.execute(q);
  return rows;
}

export async function findIngestKeyByHash(q: Q, hash: string) {
  return q
    .selectFrom('ingest_key')
    .select(['id', 'scope_node_id', 'last_used_at'])
    .where('key_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchIngestKey(q: Q, id: string, at: Date) {
  await q.updateTable('ingest_key').set({ last_used_at: at }).where('id', '=', id).execute();
}

export async function insertIngestKey(
  q: Q,
  row: { name: string; scopeNodeId: string; hash: string; prefix: string; createdBy: string | null },
) {
  return q
    .insertInto('ingest_key')
    .values({
      name: row.name,
      scope_node_id: row.scopeNodeId,
      key_hash: row.hash,
      key_prefix: row.prefix,
      created_by: row.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listIngestKeys(q: Q, scopeNodeIds: readonly string[] | null) {
  let query = q.selectFrom('ingest_key').selectAll().orderBy('created_at');
  if (scopeNodeIds !== null) {
    if (scopeNodeIds.length === 0) return [];
    query = query.where('scope_node_id', 'in', [...scopeNodeIds]);
  }
  return query.execute();
}

export async function findIngestKey(q: Q, id: string) {
  return q.selectFrom('ingest_key').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeIngestKey(q: Q, id: string, at: Date) {
  await q.updateTable('ingest_key').set({ revoked_at: at }).where('id', '=', id).execute();
}

export async function renameIngestKey(q: Q, id: string, name: string) {
  await q.updateTable('ingest_key').set({ name }).where('id', '=', id).execute();
}
