import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Tx } from '../../platform/db/unit-of-work.js';

/**
 * Monitoring SQL, part 2: what the API reads and writes (incidents, tickets, comments, devices,
 * activity, thresholds, recipients, completeness). Visibility is always a subtree filter: `root`
 * undefined = the whole tree, a node id = that subtree; `nodeIds` (the tree selection) narrows further.
 */

type Q = Db | Tx;

export interface Visibility {
  /** undefined: whole tree */
  root?: string | undefined;
  /** the tree selection: only under these nodes (empty = no narrowing) */
  nodeIds?: readonly string[];
}

const subtreeOf = (ids: readonly string[]): RawBuilder<unknown> => sql`(
  with recursive sub as (
    select id from node where id = any(${[...ids]}::uuid[])
    union all
    select n.id from node n join sub on n.parent_id = sub.id
  ) select id from sub)`;

/** `col` lies in the visible subtree and under the selection. */
function visible(col: RawBuilder<unknown>, v: Visibility): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (v.root !== undefined) parts.push(sql`${col} in ${subtreeOf([v.root])}`);
  if (v.nodeIds && v.nodeIds.length > 0) parts.push(sql`${col} in ${subtreeOf(v.nodeIds)}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

// ------------------------------------------------------------------------------------------------
// incidents

export interface IncidentRow {
  id: string;
  rule: string;
  severity: string;
  status: string;
  scope_type: number;
  node_id: string;
  node_name: string;
  mac_address: string | null;
  device_id: string | null;
  device_name: string | null;
  location_id: string | null;
  location_name: string | null;
  client_group_id: string | null;
  client_group_name: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
  resolved_at: Date | null;
  details: Record<string, unknown>;
  review_decision: string | null;
  review_by: string | null;
  review_at: Date | null;
  review_text: string | null;
  ticket_number: number | null;
}

const incidentColumns = sql`
  i.id, i.rule, i.severity, i.status, i.scope_type, i.node_id, n.name as node_name,
  case when i.scope_type = 0 then n.attributes->>'macAddress' end as mac_address,
  case when i.scope_type = 0 then n.id end as device_id,
  case when i.scope_type = 0 then n.name end as device_name,
  loc.id as location_id, loc.name as location_name,
  cg.id as client_group_id, cg.name as client_group_name,
  i.first_seen_at, i.last_seen_at, i.resolved_at, i.details,
  i.review_decision, i.review_by, i.review_at, i.review_text, t.number as ticket_number`;

const incidentJoins = sql`
  join node n on n.id = i.node_id
  left join node loc on loc.id = case when i.scope_type = 0 then n.parent_id else n.id end
  left join node cg on cg.id = monitoring_client_group(n.id)
  left join monitoring_ticket t on t.incident_id = i.id`;

export interface IncidentFilter extends Visibility {
  macAddresses?: readonly string[];
  openOnly?: boolean;
  scopeType?: number | undefined;
  rule?: string | undefined;
  severity?: string | undefined;
  status?: string | undefined;
  clientGroupId?: string | undefined;
  limit: number;
  offset: number;
}

export async function listIncidents(
  db: Q,
  f: IncidentFilter,
): Promise<{ rows: IncidentRow[]; fullCount: number }> {
  const conds: RawBuilder<unknown>[] = [visible(sql`i.node_id`, f)];
  if (f.macAddresses && f.macAddresses.length > 0)
    conds.push(
      sql`i.scope_type = 0 and upper(replace(n.attributes->>'macAddress', '-', ':')) = any(${f.macAddresses.map(
        (m) => m.toUpperCase().replaceAll('-', ':'),
      )}::text[])`,
    );
  if (f.openOnly) conds.push(sql`i.status = 'open'`);
  if (f.scopeType !== undefined) conds.push(sql`i.scope_type = ${f.scopeType}`);
  if (f.rule) conds.push(sql`i.rule = ${f.rule}`);
  if (f.severity) conds.push(sql`i.severity = ${f.severity}`);
  if (f.status) conds.push(sql`i.status = ${f.status}`);
  if (f.clientGroupId) conds.push(sql`monitoring_client_group(i.node_id) = ${f.clientGroupId}::uuid`);
  const { rows } = await sql<IncidentRow & { full_count: number }>`
    select ${incidentColumns}, count(*) over ()::int as full_count
    from monitoring_incident i ${incidentJoins}
    where ${sql.join(conds, sql` and `)}
    order by i.first_seen_at desc, i.id
    limit ${f.limit} offset ${f.offset}`.execute(db);
  return { rows, fullCount: rows[0]?.full_count ?? (f.offset > 0 ? await countIncidents(db, conds) : 0) };
}

async function countIncidents(db: Q, conds: RawBuilder<unknown>[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from monitoring_incident i join node n on n.id = i.node_id
    where ${sql.join(conds, sql` and `)}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function findIncident(
  db: Q,
  id: string,
  v: Visibility,
  lock = false,
): Promise<IncidentRow | undefined> {
  const { rows } = await sql<IncidentRow>`
    select ${incidentColumns} from monitoring_incident i ${incidentJoins}
    where i.id = ${id} and ${visible(sql`i.node_id`, v)}
    ${lock ? sql`for update of i` : sql``}`.execute(db);
  return rows[0];
}

export async function reviewIncident(
  tx: Tx,
  id: string,
  r: { decision: 'approved' | 'discarded'; by: string; at: Date; text: string | null },
): Promise<void> {
  await sql`
    update monitoring_incident set review_decision = ${r.decision}, review_by = ${r.by}, review_at = ${r.at},
      review_text = ${r.text},
      status = case when ${r.decision} = 'discarded' and status = 'open' then 'discarded' else status end
    where id = ${id}`.execute(tx);
}

// ------------------------------------------------------------------------------------------------
// tickets

export interface TicketRow {
  number: number;
  incident_id: string;
  status: string;
  opened_at: Date;
  opened_by: string;
  closed_at: Date | null;
  closed_by: string | null;
  close_note: string | null;
  comment_count: number;
}

const ticketColumns = sql`t.number, t.incident_id, t.status, t.opened_at, t.opened_by, t.closed_at, t.closed_by,
  t.close_note, (select count(*) from monitoring_ticket_comment c where c.ticket_number = t.number)::int as comment_count`;

export async function insertTicket(tx: Tx, incidentId: string, by: string, at: Date): Promise<number> {
  const { rows } = await sql<{ number: number }>`
    insert into monitoring_ticket (incident_id, status, opened_at, opened_by)
    values (${incidentId}, 'open', ${at}, ${by}) returning number`.execute(tx);
  return rows[0]!.number;
}

export async function listTickets(
  db: Q,
  f: Visibility & { status: 'open' | 'closed'; limit?: number; offset?: number },
): Promise<{ rows: TicketRow[]; fullCount: number }> {
  const { rows } = await sql<TicketRow & { full_count: number }>`
    select ${ticketColumns}, count(*) over ()::int as full_count
    from monitoring_ticket t join monitoring_incident i on i.id = t.incident_id
    where t.status = ${f.status} and ${visible(sql`i.node_id`, f)}
    order by ${f.status === 'open' ? sql`t.opened_at desc` : sql`t.closed_at desc`}, t.number desc
    ${f.limit !== undefined ? sql`limit ${f.limit} offset ${f.offset ?? 0}` : sql``}`.execute(db);
  let fullCount = rows[0]?.full_count ?? 0;
  if (rows.length === 0 && (f.offset ?? 0) > 0) {
    const c = await sql<{ n: number }>`
      select count(*)::int as n from monitoring_ticket t join monitoring_incident i on i.id = t.incident_id
      where t.status = ${f.status} and ${visible(sql`i.node_id`, f)}`.execute(db);
    fullCount = c.rows[0]?.n ?? 0;
  }
  return { rows, fullCount };
}

export async function countOpenTickets(db: Q, v: Visibility): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from monitoring_ticket t join monitoring_incident i on i.id = t.incident_id
    where t.status = 'open' and ${visible(sql`i.node_id`, v)}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function findTicket(
  db: Q,
  number: number,
  v: Visibility,
  lock = false,
): Promise<TicketRow | undefined> {
  const { rows } = await sql<TicketRow>`
    select ${ticketColumns} from monitoring_ticket t join monitoring_incident i on i.id = t.incident_id
    where t.number = ${number} and ${visible(sql`i.node_id`, v)}
    ${lock ? sql`for update of t` : sql``}`.execute(db);
  return rows[0];
}

export async function closeTicket(tx: Tx, number: number, by: string, at: Date, note: string): Promise<void> {
  await sql`
    update monitoring_ticket set status = 'closed', closed_at = ${at}, closed_by = ${by}, close_note = ${note}
    where number = ${number}`.execute(tx);
}

export interface CommentRow {
  id: string;
  ticket_number: number;
  author: string;
  author_id: string | null;
  text: string;
  created_at: Date;
}

export async function insertComment(
  tx: Tx,
  c: { ticketNumber: number; author: string; authorId: string | null; text: string; at: Date },
): Promise<CommentRow> {
  const { rows } = await sql<CommentRow>`
    insert into monitoring_ticket_comment (ticket_number, author, author_id, text, created_at)
    values (${c.ticketNumber}, ${c.author}, ${c.authorId}, ${c.text}, ${c.at})
    returning id, ticket_number, author, author_id, text, created_at`.execute(tx);
  return rows[0]!;
}

export async function listComments(db: Q, ticketNumbers: readonly number[]): Promise<CommentRow[]> {
  if (ticketNumbers.length === 0) return [];
  const { rows } = await sql<CommentRow>`
    select id, ticket_number, author, author_id, text, created_at from monitoring_ticket_comment
    where ticket_number = any(${[...ticketNumbers]}::bigint[]) order by created_at, seq`.execute(db);
  return rows;
}

export async function incidentsByIds(db: Q, ids: readonly string[]): Promise<IncidentRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<IncidentRow>`
    select ${incidentColumns} from monitoring_incident i ${incidentJoins}
    where i.id = any(${[...ids]}::uuid[])`.execute(db);
  return rows;
}

// ------------------------------------------------------------------------------------------------
// thresholds and recipients

export async function ruleOverrides(db: Q, clientGroupId: string): Promise<Record<string, number>> {
  const row = await db
    .selectFrom('monitoring_rule_settings')
    .select('thresholds')
    .where('client_group_id', '=', clientGroupId)
    .executeTakeFirst();
  return row?.thresholds ?? {};
}

export async function saveRuleOverrides(tx: Tx, clientGroupId: string, t: Record<string, number>, at: Date) {
  await tx
    .insertInto('monitoring_rule_settings')
    .values({ client_group_id: clientGroupId, thresholds: JSON.stringify(t), updated_at: at })
    .onConflict((oc) =>
      oc.column('client_group_id').doUpdateSet({ thresholds: JSON.stringify(t), updated_at: at }),
    )
    .execute();
}

/** A top-level group (a client group). */
export async function isClientGroup(db: Q, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('node')
    .select('id')
    .where('id', '=', id)
    .where('parent_id', 'is', null)
    .where('type', '=', 'group')
    .executeTakeFirst();
  return row !== undefined;
}

export async function clientGroupOf(db: Q, nodeId: string): Promise<string | null> {
  const { rows } = await sql<{
    id: string | null;
  }>`select monitoring_client_group(${nodeId}::uuid) as id`.execute(db);
  return rows[0]?.id ?? null;
}

export interface RecipientRow {
  user_id: string | null;
  name: string | null;
  email: string;
  language: string;
}

/** The group's recipients; a user's address and language are the user's own (disabled users left out). */
export async function listRecipients(db: Q, clientGroupId: string): Promise<RecipientRow[]> {
  const { rows } = await sql<RecipientRow>`
    select r.user_id, case when u.id is null then null else trim(u.first_name || ' ' || u.last_name) end as name,
           coalesce(u.email, r.email) as email, coalesce(u.language, r.language, 'en') as language
    from monitoring_recipient r left join app_user u on u.id = r.user_id
    where r.client_group_id = ${clientGroupId} and (r.user_id is null or u.disabled_at is null)
    order by r.position`.execute(db);
  return rows;
}

export async function replaceRecipients(
  tx: Tx,
  clientGroupId: string,
  list: readonly { userId?: string; email?: string; language?: string }[],
): Promise<void> {
  await tx.deleteFrom('monitoring_recipient').where('client_group_id', '=', clientGroupId).execute();
  if (list.length === 0) return;
  await tx
    .insertInto('monitoring_recipient')
    .values(
      list.map((r, i) => ({
        client_group_id: clientGroupId,
        user_id: r.userId ?? null,
        email: r.userId ? null : (r.email ?? null),
        language: r.userId ? null : (r.language ?? 'en'),
        position: i,
      })),
    )
    .execute();
}

/** Users (of the ids) whose scope lies inside the client group: the only users a group may mail. */
export async function usersInClientGroup(
  db: Q,
  clientGroupId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select u.id from app_user u
    where u.id = any(${[...userIds]}::uuid[]) and u.scope_node_id in ${subtreeOf([clientGroupId])}`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------------------------------------
// devices

export interface DeviceRow {
  device_id: string;
  name: string;
  attributes: Record<string, unknown>;
  location_id: string | null;
  location_name: string | null;
  client_group_id: string | null;
  client_group_name: string | null;
  time_zone: string;
  status: string | null;
  status_since: Date | null;
  last_interval_at: Date | null;
  last_interval_end: Date | null;
  last_arrival_at: Date | null;
  open_incidents: number;
  /** the last 7 local days, oldest first */
  days: { date: string; expected: number; with_data: number }[];
}

/**
 * Devices with their health and the completeness of their last 7 local days (today up to `now`):
 * minutes with data = the best-covered of the device's series (business-hours points x interval),
 * capped at the expected business minutes.
 */
export async function listDevices(
  db: Q,
  f: Visibility & { deviceId?: string; status?: string | undefined; search?: string | undefined; now: Date },
): Promise<DeviceRow[]> {
  const conds: RawBuilder<unknown>[] = [sql`d.type = 'device'`, visible(sql`d.id`, f)];
  if (f.deviceId) conds.push(sql`d.id = ${f.deviceId}`);
  if (f.status) conds.push(sql`coalesce(h.status, 'neverReported') = ${f.status}`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(d.name ilike ${like} or d.attributes->>'macAddress' ilike ${like}
      or d.attributes->>'serialNumber' ilike ${like})`);
  }
  const ts = sql`${f.now.toISOString()}::timestamptz`;
  const { rows } = await sql<DeviceRow>`
    with devs as (
      select d.id as device_id, d.name, d.attributes, loc.id as location_id, loc.name as location_name,
             cg.id as client_group_id, cg.name as client_group_name,
             coalesce(b.time_zone, 'UTC') as time_zone,
             coalesce(b.business_minutes, array_fill('{}'::int4multirange, array[7])) as bm,
             h.status, h.status_since, h.last_interval_at, h.last_interval_end, h.last_arrival_at
      from node d
      left join node loc on loc.id = d.parent_id and loc.type = 'location'
      left join node cg on cg.id = monitoring_client_group(d.id)
      left join monitoring_device_health h on h.device_id = d.id
      left join lateral (
        select time_zone, business_minutes from time_series where node_id = d.id order by key limit 1
      ) b on true
      where ${sql.join(conds, sql` and `)}
    )
    select v.device_id, v.name, v.attributes, v.location_id, v.location_name, v.client_group_id,
           v.client_group_name, v.time_zone, v.status, v.status_since, v.last_interval_at, v.last_interval_end,
           v.last_arrival_at,
           (select count(*) from monitoring_incident i where i.node_id = v.device_id and i.status = 'open')::int
             as open_incidents,
           (select coalesce(json_agg(json_build_object('date', dd.day, 'expected', dd.expected,
                      'with_data', least(dd.expected, dd.with_data)) order by dd.day), '[]')
            from (
              select day::date::text as day,
                     monitoring_expected_minutes(v.bm, v.time_zone, day::timestamp at time zone v.time_zone,
                       least(${ts}, (day + interval '1 day')::timestamp at time zone v.time_zone)) as expected,
                     coalesce((select max(r.bh_count * s.interval_seconds / 60)::int
                               from time_series s join rollup_day r on r.series_key = s.key
                               where s.node_id = v.device_id and r.local_date = day::date), 0) as with_data
              from generate_series((${ts} at time zone v.time_zone)::date - 6,
                                   (${ts} at time zone v.time_zone)::date, interval '1 day') day
            ) dd) as days
    from devs v
    order by v.client_group_name nulls last, v.location_name nulls last, v.name, v.device_id`.execute(db);
  return rows;
}

export async function statusHistory(db: Q, deviceId: string, since: Date) {
  return db
    .selectFrom('monitoring_status_change')
    .select(['status', 'from_at', 'to_at'])
    .where('device_id', '=', deviceId)
    .where((eb) => eb.or([eb('to_at', 'is', null), eb('to_at', '>=', since)]))
    .orderBy('from_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export async function deviceSeries(db: Q, deviceId: string) {
  return db
    .selectFrom('time_series')
    .select(['id', 'measurement_protocol', 'meta_tags', 'interval_seconds'])
    .where('node_id', '=', deviceId)
    .orderBy('measurement_protocol')
    .orderBy('key')
    .execute();
}

export interface ActivityRow {
  start: Date;
  hour: string;
  ins: number | null;
  outs: number | null;
  with_data: number;
  expected: number;
  min_delay_s: number | null;
  max_delay_s: number | null;
}

/**
 * A device's local hours from local date `from` (inclusive) to `to` (exclusive), up to `now`: in/out
 * of the hour, minutes with data, business minutes, arrival delays. Hours are stepped as instants
 * from local midnight, so a repeated autumn hour is two rows and a skipped spring hour none.
 */
export async function deviceActivity(
  db: Q,
  deviceId: string,
  tz: string,
  from: string,
  to: string,
  now: Date,
): Promise<ActivityRow[]> {
  const { rows } = await sql<ActivityRow>`
    with basis as (
      select coalesce((select business_minutes from time_series where node_id = ${deviceId} order by key limit 1),
                      array_fill('{}'::int4multirange, array[7])) as bm
    ),
    hours as (
      select h as start from generate_series(${from}::timestamp at time zone ${tz},
        least(${to}::timestamp at time zone ${tz}, ${now.toISOString()}::timestamptz) - interval '1 second',
        interval '1 hour') h
    ),
    series as (
      select key, measurement_protocol, interval_seconds from time_series
      where node_id = ${deviceId} and meta_tags = '{}'
    )
    select hrs.start, to_char(hrs.start at time zone ${tz}, 'YYYY-MM-DD HH24:00') as hour,
           (select sum(r.sum) from series s join rollup_15m r on r.series_key = s.key
             where s.measurement_protocol = 'TrafficIn' and r.bucket >= hrs.start and r.bucket < hrs.start + interval '1 hour') as ins,
           (select sum(r.sum) from series s join rollup_15m r on r.series_key = s.key
             where s.measurement_protocol = 'TrafficOut' and r.bucket >= hrs.start and r.bucket < hrs.start + interval '1 hour') as outs,
           coalesce((select max(c) from (select sum(r.count * s.interval_seconds / 60) as c
                       from series s join rollup_15m r on r.series_key = s.key
                       where r.bucket >= hrs.start and r.bucket < hrs.start + interval '1 hour'
                       group by s.key) x), 0)::int as with_data,
           monitoring_expected_minutes((select bm from basis), ${tz}, hrs.start,
             least(hrs.start + interval '1 hour', ${now.toISOString()}::timestamptz)) as expected,
           a.min_delay_s, a.max_delay_s
    from hours hrs
    left join monitoring_arrival a on a.device_id = ${deviceId} and a.hour = date_trunc('hour', hrs.start)
    order by hrs.start`.execute(db);
  return rows;
}

// ------------------------------------------------------------------------------------------------
// completeness for the aggregated query

export interface CompletenessRow {
  node_id: string;
  expected: number;
  with_data: number;
  devices: number;
}

/**
 * Per requested node: the devices under it (itself, for a device) that have series, their business
 * minutes over [from, to) local wall-clock (each device in its own zone) up to `now`, and the minutes
 * with data: whole local days from the daily rollups, partial days from the 15-minute rollups
 * (business-hours point counts x interval, the best-covered series of each device).
 */
export async function completeness(
  db: Q,
  nodeIds: readonly string[],
  from: string,
  to: string,
  now: Date,
): Promise<CompletenessRow[]> {
  if (nodeIds.length === 0) return [];
  const ts = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await sql<CompletenessRow>`
    with recursive req as (
      select unnest(${[...nodeIds]}::uuid[]) as node_id
    ),
    sub as (
      select r.node_id as req_id, r.node_id as id from req r
      union all
      select s.req_id, n.id from node n join sub s on n.parent_id = s.id
    ),
    devs as (
      select distinct s.req_id, d.id as device_id, b.time_zone as tz, b.business_minutes as bm
      from sub s join node d on d.id = s.id and d.type = 'device'
      cross join lateral (
        select time_zone, business_minutes from time_series where node_id = d.id order by key limit 1
      ) b
    ),
    spans as (
      select d.*, ${from}::timestamp as la,
             least(${to}::timestamp, (${ts} at time zone d.tz)::timestamp(0)) as lb
      from devs d
    ),
    cut as (
      select sp.*,
             case when la::time = '00:00' then la::date else la::date + 1 end as d1,
             lb::date as d2
      from spans sp where la < lb
    ),
    per_dev as (
      select c.req_id, c.device_id,
             monitoring_expected_minutes(c.bm, c.tz, c.la at time zone c.tz, c.lb at time zone c.tz) as expected,
             case when c.d1 < c.d2 then
               coalesce((select sum(m)::int from (
                 select max(r.bh_count * s.interval_seconds / 60) as m from time_series s
                 join rollup_day r on r.series_key = s.key and r.local_date >= c.d1 and r.local_date < c.d2
                 where s.node_id = c.device_id group by r.local_date) x), 0)
               + coalesce((select sum(m)::int from (
                 select max(r.bh_count * s.interval_seconds / 60) as m from time_series s
                 join rollup_15m r on r.series_key = s.key
                   and ((r.bucket >= c.la at time zone c.tz and r.bucket < c.d1::timestamp at time zone c.tz)
                     or (r.bucket >= c.d2::timestamp at time zone c.tz and r.bucket < c.lb at time zone c.tz))
                 where s.node_id = c.device_id group by r.bucket) y), 0)
             else
               coalesce((select sum(m)::int from (
                 select max(r.bh_count * s.interval_seconds / 60) as m from time_series s
                 join rollup_15m r on r.series_key = s.key
                   and r.bucket >= c.la at time zone c.tz and r.bucket < c.lb at time zone c.tz
                 where s.node_id = c.device_id group by r.bucket) z), 0)
             end as with_data
      from cut c
    )
    select r.node_id, coalesce(sum(p.expected), 0)::int as expected,
           coalesce(sum(least(p.with_data, p.expected)), 0)::int as with_data,
           count(p.device_id)::int as devices
    from req r left join per_dev p on p.req_id = r.node_id
    group by r.node_id
    order by array_position(${[...nodeIds]}::uuid[], r.node_id)`.execute(db);
  return rows;
}
