import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export interface OccupancyConfigRow {
  id: string;
  node_id: string;
  time_series_in_ids: string[];
  time_series_out_ids: string[];
  floor_values: number[];
  history_series_id: string | null;
  current_value: number;
  auto_managed: boolean;
  last_reset_at: Date;
  value_updated_at: Date | null;
}

const CONFIG_COLUMNS = [
  'id',
  'node_id',
  'time_series_in_ids',
  'time_series_out_ids',
  'floor_values',
  'history_series_id',
  'current_value',
  'auto_managed',
  'last_reset_at',
  'value_updated_at',
] as const;

export async function findConfig(db: Db, id: string): Promise<OccupancyConfigRow | undefined> {
  return db.selectFrom('occupancy_config').select(CONFIG_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findConfigOfNode(db: Db, nodeId: string): Promise<OccupancyConfigRow | undefined> {
  return db
    .selectFrom('occupancy_config')
    .select(CONFIG_COLUMNS)
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
}

export async function insertConfig(
  db: Db,
  row: { nodeId: string; ins: string[]; outs: string[]; floors: number[]; auto: boolean; resetAt: Date },
): Promise<string | null> {
  const inserted = await db
    .insertInto('occupancy_config')
    .values({
      node_id: row.nodeId,
      time_series_in_ids: row.ins,
      time_series_out_ids: row.outs,
      floor_values: row.floors,
      auto_managed: row.auto,
      current_value: row.floors[0] ?? 0,
      last_reset_at: row.resetAt,
    })
    .onConflict((oc) => oc.column('node_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function updateConfigSeries(
  db: Db,
  id: string,
  change: { ins: string[]; outs: string[]; floors?: number[] | undefined; auto: boolean },
): Promise<void> {
  await db
    .updateTable('occupancy_config')
    .set({
      time_series_in_ids: change.ins,
      time_series_out_ids: change.outs,
      ...(change.floors ? { floor_values: change.floors } : {}),
      auto_managed: change.auto,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function setHistorySeries(db: Db, id: string, seriesId: string): Promise<void> {
  await db
    .updateTable('occupancy_config')
    .set({ history_series_id: seriesId })
    .where('id', '=', id)
    .execute();
}

/** Stores the running value; answers the previous one (null when the row is gone). */
export async function setCurrentValue(db: Db, id: string, value: number, at: Date): Promise<number | null> {
  const { rows } = await sql<{ previous: number }>`
    update occupancy_config c set current_value = ${value}, value_updated_at = ${at}
    from (select id, current_value as previous from occupancy_config where id = ${id} for update) p
    where c.id = p.id
    returning p.previous`.execute(db);
  return rows[0]?.previous ?? null;
}

export async function setReset(db: Db, id: string, at: Date, value: number): Promise<void> {
  await db
    .updateTable('occupancy_config')
    .set({ last_reset_at: at, current_value: value, value_updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Series keys of ids (unknown ids are left out). */
export async function seriesKeysOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('time_series')
    .select(['id', 'key'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** Series of the given ids with their node, protocol and whether the node lies under `rootId`. */
export async function seriesUnder(db: Db, rootId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { protocol: string; inside: boolean }>();
  const { rows } = await sql<{ id: string; protocol: string; inside: boolean }>`
    with recursive sub as (
      select id, 0 as depth from node where id = ${rootId}
      union all
      select n.id, sub.depth + 1 from node n join sub on n.parent_id = sub.id where sub.depth < 64
    )
    select s.id, s.measurement_protocol as protocol, s.node_id in (select id from sub) as inside
    from time_series s where s.id = any(${[...ids]}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.id, { protocol: r.protocol, inside: r.inside }]));
}

/** The plain TrafficIn/TrafficOut series of the devices of a location, used by formulas. */
export async function doorSeriesOfLocation(db: Db, locationId: string) {
  const { rows } = await sql<{ id: string; protocol: 'TrafficIn' | 'TrafficOut' }>`
    select s.id, s.measurement_protocol as protocol
    from time_series s join node d on d.id = s.node_id
    where d.parent_id = ${locationId} and d.type = 'device'
      and s.measurement_protocol in ('TrafficIn', 'TrafficOut') and s.meta_tags = '{}'
      and not s.excluded_in_formula
    order by s.created_at, s.id`.execute(db);
  return rows;
}

/** The location a device hangs under (its parent, when that is a location). */
export async function locationOfNode(db: Db, nodeId: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    select p.id from node n join node p on p.id = n.parent_id
    where n.id = ${nodeId} and n.type = 'device' and p.type = 'location'`.execute(db);
  return rows[0]?.id ?? null;
}

/**
 * Configs fed by any of the given series keys whose running count the batch can change: points
 * before the last reset only matter to history already closed. GIN indexes on the id arrays.
 */
export async function configsFedBy(db: Db, seriesKeys: readonly number[], toMs: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with ids as (select array_agg(id) as ids from time_series where key = any(${[...seriesKeys]}::int[]))
    select c.id from occupancy_config c, ids
    where (c.time_series_in_ids && ids.ids or c.time_series_out_ids && ids.ids)
      and c.last_reset_at <= to_timestamp(${toMs} / 1000.0)`.execute(db);
  return rows.map((r) => r.id);
}

/** Net in minus out per instant from `from` on (measurement primary key range scans). */
export async function netCounts(
  db: Db,
  inKeys: readonly number[],
  outKeys: readonly number[],
  from: Date,
): Promise<{ at: Date; net: number }[]> {
  const { rows } = await sql<{ at: Date; net: number }>`
    select m.occurred_on as at,
      sum(case when m.series_key = any(${[...inKeys]}::int[]) then m.value else -m.value end)::float8 as net
    from measurement m
    where m.series_key = any(${[...inKeys, ...outKeys]}::int[]) and m.occurred_on >= ${from}
    group by m.occurred_on order by m.occurred_on`.execute(db);
  return rows;
}

export async function adjustmentsSince(db: Db, occupancyId: string, from: Date) {
  return db
    .selectFrom('occupancy_adjustment')
    .select(['occurred_on', 'delta', 'set_value'])
    .where('occupancy_id', '=', occupancyId)
    .where('occurred_on', '>=', from)
    .orderBy('occurred_on')
    .orderBy('id')
    .execute();
}

export async function insertAdjustment(
  db: Db,
  row: {
    occupancyId: string;
    at: Date;
    delta: number | null;
    setValue: number | null;
    userId: string | null;
    requester: string;
  },
): Promise<void> {
  await db
    .insertInto('occupancy_adjustment')
    .values({
      occupancy_id: row.occupancyId,
      occurred_on: row.at,
      delta: row.delta,
      set_value: row.setValue,
      user_id: row.userId,
      requester: row.requester,
    })
    .execute();
}

/** The last history value strictly before `before` and not before `notBefore`. */
export async function historyValueBefore(
  db: Db,
  historyKey: number,
  before: Date,
  notBefore: Date,
): Promise<number | null> {
  const { rows } = await sql<{ value: number }>`
    select value from measurement where series_key = ${historyKey} and occurred_on < ${before}
      and occurred_on >= ${notBefore}
    order by occurred_on desc limit 1`.execute(db);
  return rows[0]?.value ?? null;
}
