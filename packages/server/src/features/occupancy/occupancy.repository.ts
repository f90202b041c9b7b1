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
  /** what the live fold checks its cached config against (see CONFIG_KEY) */
  config_key: string;
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

/**
 * Everything of a config row that a fold depends on besides its value, as one text: another writer
 * (an edit, a reset, another instance) changes it. Timestamps compare as text here because
 * `updated_at` and `last_reset_at` may carry microseconds that a JS Date drops.
 */
const CONFIG_KEY = sql<string>`concat_ws('|', updated_at, last_reset_at, history_series_id, floor_values,
  time_series_in_ids, time_series_out_ids)`;

export async function findConfig(db: Db, id: string): Promise<OccupancyConfigRow | undefined> {
  return db
    .selectFrom('occupancy_config')
    .select([...CONFIG_COLUMNS, CONFIG_KEY.as('config_key')])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findConfigOfNode(db: Db, nodeId: string): Promise<OccupancyConfigRow | undefined> {
  return db
    .selectFrom('occupancy_config')
    .select([...CONFIG_COLUMNS, CONFIG_KEY.as('config_key')])
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

/** in minus out of the measurements `m` of one instant; the same expression for both fold paths */
const netOf = (inKeys: readonly number[]) =>
  sql`sum(case when m.series_key = any(${[...inKeys]}::int[]) then m.value else -m.value end)::float8`;

/** Net in minus out per instant from `from` on (measurement primary key range scans). */
export async function netCounts(
  db: Db,
  inKeys: readonly number[],
  outKeys: readonly number[],
  from: Date,
): Promise<{ at: Date; net: number }[]> {
  const { rows } = await sql<{ at: Date; net: number }>`
    select m.occurred_on as at, ${netOf(inKeys)} as net
    from measurement m
    where m.series_key = any(${[...inKeys, ...outKeys]}::int[]) and m.occurred_on >= ${from}
    group by m.occurred_on order by m.occurred_on`.execute(db);
  return rows;
}

/**
 * What distinguishes one state of an occupancy's adjustments since its reset from another: their
 * number and the last id ("0:0" for none). Adjustments before the reset do not count.
 */
export async function adjustmentsKey(db: Db, occupancyId: string, resetAt: Date): Promise<string> {
  const { rows } = await sql<{ key: string }>`
    select count(*) || ':' || coalesce(max(id), 0) as key from occupancy_adjustment
    where occupancy_id = ${occupancyId} and occurred_on >= ${resetAt}`.execute(db);
  return rows[0]?.key ?? '0:0';
}

export interface LiveFoldInputs {
  current_value: number;
  value_updated_at: Date | null;
  config_key: string;
  adjustments: string;
  /** [epoch ms, net] per instant, in time order */
  counts: [number, number][];
}

/**
 * The live fold's one round trip: the config row as it stands now, its adjustments key (see
 * `adjustmentsKey`) and the net counts of the instants from `from` on (`inclusive`) or after it.
 */
export async function liveFoldInputs(
  db: Db,
  occupancyId: string,
  inKeys: readonly number[],
  outKeys: readonly number[],
  from: Date,
  inclusive: boolean,
): Promise<LiveFoldInputs | undefined> {
  const { rows } = await sql<LiveFoldInputs>`
    select c.current_value, c.value_updated_at, ${CONFIG_KEY} as config_key,
      (select count(*) || ':' || coalesce(max(a.id), 0) from occupancy_adjustment a
        where a.occupancy_id = c.id and a.occurred_on >= c.last_reset_at) as adjustments,
      (select coalesce(json_agg(json_build_array(n.ms, n.net) order by n.ms), '[]')
        from (select (extract(epoch from m.occurred_on) * 1000)::float8 as ms, ${netOf(inKeys)} as net
          from measurement m
          where m.series_key = any(${[...inKeys, ...outKeys]}::int[])
            and m.occurred_on ${inclusive ? sql`>=` : sql`>`} ${from}
          group by m.occurred_on) n) as counts
    from occupancy_config c where c.id = ${occupancyId}`.execute(db);
  return rows[0];
}

/**
 * Stores the running value if the row is still as the caller last saw it (no other writer in
 * between, e.g. another instance); false otherwise.
 */
export async function setCurrentValueIf(
  db: Db,
  id: string,
  value: number,
  at: Date,
  seen: { valueUpdatedAt: Date | null; configKey: string },
): Promise<boolean> {
  const { rows } = await sql`
    update occupancy_config set current_value = ${value}, value_updated_at = ${at}
    where id = ${id} and value_updated_at is not distinct from ${seen.valueUpdatedAt}
      and ${CONFIG_KEY} = ${seen.configKey}
    returning id`.execute(db);
  return rows.length === 1;
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
