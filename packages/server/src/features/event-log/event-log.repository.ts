import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export interface NewEventLogRow {
  occurredOn: Date;
  requester: string;
  requesterId: string | null;
  onBehalfOf: string | null;
  command: string;
  target: string | null;
  details: Record<string, unknown>;
}

export async function insertEvent(db: Db, row: NewEventLogRow): Promise<void> {
  await db
    .insertInto('event_log')
    .values({
      // Generated<Timestamp> in foundation.tables.ts hides the insert type; the column takes a Date
      occurred_on: row.occurredOn as never,
      requester: row.requester,
      requester_id: row.requesterId,
      on_behalf_of: row.onBehalfOf,
      command: row.command,
      target: row.target,
      details: JSON.stringify(row.details),
    })
    .execute();
}

export interface EventLogFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  commands: string[];
  search?: string | undefined;
  /** restrict to entries about users whose scope lies in this node's subtree; undefined = no restriction */
  scopeRootId?: string | undefined;
  sortBy: 'occurred_on' | 'requester';
  sortDesc: boolean;
  limit: number;
  offset: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page plus the full count (count(*) over () on the filtered rows; event_log_occurred_idx serves
 * the default order). Scoped readers see entries whose requester or on-behalf-of subject is a user
 * whose scope node lies in their subtree.
 */
export async function queryEvents(db: Db, f: EventLogFilter) {
  let q = db
    .selectFrom('event_log as e')
    .select([
      'e.id',
      sql<Date>`e.occurred_on`.as('occurred_on'),
      'e.requester',
      'e.on_behalf_of',
      'e.command',
      'e.target',
      'e.details',
      sql<number>`count(*) over ()`.as('full_count'),
    ]);
  if (f.from) q = q.where(sql`e.occurred_on`, '>=', f.from);
  if (f.to) q = q.where(sql`e.occurred_on`, '<', f.to);
  if (f.commands.length > 0) q = q.where('e.command', 'in', f.commands);
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('e.requester', 'ilike', pattern),
        eb('e.on_behalf_of', 'ilike', pattern),
        eb('e.command', 'ilike', pattern),
        eb('e.target', 'ilike', pattern),
        eb(sql`e.details::text`, 'ilike', pattern),
      ]),
    );
  }
  if (f.scopeRootId !== undefined) {
    const inScope: Expression<SqlBool> = sql<boolean>`exists (
      with recursive sub as (
        select id from node where id = ${f.scopeRootId}
        union all
        select n.id from node n join sub on n.parent_id = sub.id
      )
      select 1 from app_user u join sub on u.scope_node_id = sub.id
      where u.id = e.requester_id or lower(u.username) = lower(e.on_behalf_of)
    )`;
    q = q.where(inScope);
  }
  const dir = f.sortDesc ? 'desc' : 'asc';
  q =
    f.sortBy === 'requester'
      ? q.orderBy('e.requester', dir).orderBy('e.occurred_on', 'desc')
      : q.orderBy('e.occurred_on', dir);
  const rows = await q.orderBy('e.id', dir).limit(f.limit).offset(f.offset).execute();
  let fullCount = rows[0]?.full_count ?? 0;
  if (rows.length === 0 && f.offset > 0) {
    // past the last page: count separately so the client still learns how many there are
    const again = await queryEvents(db, { ...f, limit: 1, offset: 0 });
    fullCount = again.fullCount;
  }
  return { rows, fullCount };
}
