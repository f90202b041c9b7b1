import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { LiveViewRow } from './live-views.repository.js';

/** A live view with everything its screen shows, read in one statement (see liveViewScreens). */
export interface LiveViewScreenRow extends LiveViewRow {
  /** its occupancy's value, null without one */
  current_value: number | null;
  value_updated_at: Date | null;
  /** the `timezone` and `businessHours` attributes of the node, else of its nearest ancestor having them */
  timezone: unknown;
  business_hours: unknown;
  /** the node's own `capacity` attribute */
  capacity: unknown;
  /** the latest point of each QueueLength / QueuingTime series of the node and the nodes below it */
  queue: { protocol: 'QueueLength' | 'QueuingTime'; value: number | null; occurredOn: Date }[];
}

/**
 * Live views with their occupancy, their node's inherited attributes and latest queue points: the
 * whole of `GET /api/LiveView` in one statement, where it was two statements per view (the list went
 * from 95 to several hundred requests/s at concurrency 20). Filtered by a scope root (its subtree,
 * node_parent_idx, then live_view_node_idx; null = all) or one id (primary key). The walks up and down
 * the tree are per view (a live view is on a location: a few ancestors, a few devices); each latest
 * point is one backward step on the measurement primary key (series_key, occurred_on), the series
 * found by time_series_identity_idx (node_id, measurement_protocol, ...).
 */
export async function liveViewScreens(
  db: Db,
  filter: { scopeRootId: string | null } | { id: string },
): Promise<LiveViewScreenRow[]> {
  const where =
    'id' in filter
      ? sql`lv.id = ${filter.id}`
      : filter.scopeRootId === null
        ? sql`true`
        : sql`lv.node_id in (
            with recursive sub as (
              select id from node where id = ${filter.scopeRootId}
              union all
              select c.id from node c join sub on c.parent_id = sub.id
            ) select id from sub)`;
  const { rows } = await sql<
    Omit<LiveViewScreenRow, 'queue'> & {
      queue: { protocol: string; value: number | null; occurredOn: string }[];
    }
  >`
    select lv.id, lv.node_id, n.name as node_name, lv.occupancy_id, lv.name, lv.warning_threshold,
           lv.alert_threshold, lv.black_screen_outside_business_hours, lv.threshold_delta,
           lv.is_delta_percentage, lv.share_token_hash, oc.current_value, oc.value_updated_at,
           up.timezone, up.business_hours, up.capacity, coalesce(q.queue, '[]'::jsonb) as queue
    from live_view lv
    join node n on n.id = lv.node_id
    left join occupancy_config oc on oc.id = lv.occupancy_id
    -- both walks start from lv.node_id, not n.id: from n the planner ran them for every node of the tree
    -- before joining the live views
    cross join lateral (
      with recursive chain as (
        select p.parent_id, p.attributes, 0 as depth from node p where p.id = lv.node_id
        union all
        select p.parent_id, p.attributes, chain.depth + 1
        from node p join chain on p.id = chain.parent_id where chain.depth < 64
      )
      select (array_agg(attributes -> 'timezone' order by depth) filter (where attributes ? 'timezone'))[1]
               as timezone,
             (array_agg(attributes -> 'businessHours' order by depth) filter (where attributes ? 'businessHours'))[1]
               as business_hours,
             (array_agg(attributes -> 'capacity') filter (where depth = 0))[1] as capacity
      from chain
    ) up
    cross join lateral (
      with recursive sub as (
        select lv.node_id as id
        union all
        select c.id from node c join sub on c.parent_id = sub.id
      )
      select jsonb_agg(jsonb_build_object(
               'protocol', ts.measurement_protocol, 'value', m.value, 'occurredOn', m.occurred_on)) as queue
      from sub
      join time_series ts
        on ts.node_id = sub.id and ts.measurement_protocol in ('QueueLength', 'QueuingTime')
      cross join lateral (
        select value, occurred_on from measurement
        where series_key = ts.key order by occurred_on desc limit 1
      ) m
    ) q
    where ${where}
    order by lv.name, lv.id`.execute(db);
  return rows.map((r) => ({
    ...r,
    queue: r.queue.map((p) => ({
      protocol: p.protocol as 'QueueLength' | 'QueuingTime',
      value: p.value,
      occurredOn: new Date(p.occurredOn),
    })),
  }));
}
