import { sql, type Kysely } from 'kysely';
import { up as restoreQuerySources } from './0104_query_sources.js';

/**
 * `shareMeasurementsFrom` made real (issue 12): a node created to share another node's measurements
 * (a device replacing another, a location taking over another's doors) counts that node's series in
 * its own figures.
 *
 * - Totals of locations and groups: the series of the shared node's subtree also join the totals of
 *   the sharing node and its ancestors (`node_kpi_member` is a set, so an ancestor holding both nodes
 *   still counts each series once). The time-series service does the joining; these triggers queue the
 *   shared node in `rollup_stale` when a sharing node is created or deleted, so its memberships are
 *   redone (moves are caught by the service, which follows sharing links from every stale subtree).
 * - A device asked for alone: `query_sources` answers the shared device's series among the device's
 *   own series (`ownSeries`, reported under the sharing device's id).
 *
 * One level: a node shares the measurements of the node it names, not those that node shares in turn.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists node_share_measurements_from_idx on node (share_measurements_from)
      where share_measurements_from is not null;

    create or replace function node_mark_shared_stale() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.share_measurements_from is not null then
          insert into rollup_stale (node_id) values (old.share_measurements_from) on conflict do nothing;
        end if;
        return null;
      end if;
      if new.share_measurements_from is not null then
        insert into rollup_stale (node_id) values (new.share_measurements_from) on conflict do nothing;
      end if;
      if tg_op = 'UPDATE' and old.share_measurements_from is not null
         and old.share_measurements_from is distinct from new.share_measurements_from then
        insert into rollup_stale (node_id) values (old.share_measurements_from) on conflict do nothing;
      end if;
      return null;
    end $$;
    create trigger node_mark_shared_stale_ins after insert on node
      for each row when (new.share_measurements_from is not null) execute function node_mark_shared_stale();
    create trigger node_mark_shared_stale_upd after update of share_measurements_from on node
      for each row execute function node_mark_shared_stale();
    create trigger node_mark_shared_stale_del after delete on node
      for each row when (old.share_measurements_from is not null) execute function node_mark_shared_stale();

    create or replace function query_sources(p_nodes uuid[], p_protocols text[]) returns json
    language plpgsql stable as $fn$
    begin
      return (
        with recursive up as (
          select n.id as start_id, n.type as start_type, n.id, n.parent_id, n.attributes->>'timezone' as tz, 0 as depth
          from node n where n.id = any(p_nodes)
          union all
          select up.start_id, up.start_type, p.id, p.parent_id, p.attributes->>'timezone', up.depth + 1
          from node p join up on p.id = up.parent_id where up.depth < 64
        )
        select json_build_object(
          'nodes', (select coalesce(json_agg(t), '[]'::json) from (
            select start_id as id, min(start_type) as type,
              (array_agg(tz order by depth) filter (where tz is not null and tz <> ''))[1] as time_zone,
              coalesce(array_agg(id) filter (where depth > 0 and id = any(p_nodes)), '{}') as requested_ancestors,
              array_agg(id) as ancestors
            from up group by start_id) t),
          'nodeKpis', (select coalesce(json_agg(t), '[]'::json) from (
            select nk.key, nk.node_id, nk.measurement_protocol, nk.meta_tags,
              coalesce(array_agg(ts.key order by ts.key) filter (where ts.key is not null), '{}') as series_keys,
              coalesce(array_agg(ts.time_zone order by ts.key) filter (where ts.key is not null), '{}') as time_zones,
              coalesce(array_agg(ts.interval_seconds order by ts.key) filter (where ts.key is not null), '{}')
                as interval_seconds
            from node_kpi nk
            left join node_kpi_member m on m.node_kpi_key = nk.key
            left join time_series ts on ts.key = m.series_key
            where nk.node_id = any(p_nodes) and nk.measurement_protocol = any(p_protocols)
            group by nk.key) t),
          'ownSeries', (select coalesce(json_agg(t), '[]'::json) from (
            select key, node_id, measurement_protocol, meta_tags, time_zone, interval_seconds
            from time_series
            where node_id = any(p_nodes) and measurement_protocol = any(p_protocols)
            union all
            select ts.key, n.id as node_id, ts.measurement_protocol, ts.meta_tags, ts.time_zone, ts.interval_seconds
            from node n join time_series ts on ts.node_id = n.share_measurements_from
            where n.id = any(p_nodes) and n.type = 'device' and ts.measurement_protocol = any(p_protocols)) t),
          'children', (select coalesce(json_agg(t), '[]'::json) from (
            select nk.key, nk.node_id, n.parent_id, nk.measurement_protocol, nk.meta_tags,
              coalesce(array_agg(ts.key order by ts.key) filter (where ts.key is not null), '{}') as series_keys,
              coalesce(array_agg(ts.time_zone order by ts.key) filter (where ts.key is not null), '{}') as time_zones,
              coalesce(array_agg(ts.interval_seconds order by ts.key) filter (where ts.key is not null), '{}')
                as interval_seconds
            from node n
            join node_kpi nk on nk.node_id = n.id
            left join node_kpi_member m on m.node_kpi_key = nk.key
            left join time_series ts on ts.key = m.series_key
            where n.parent_id = any(p_nodes) and nk.measurement_protocol = any(p_protocols)
            group by nk.key, n.parent_id) t)
        )
      );
    end $fn$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists node_mark_shared_stale_ins on node;
    drop trigger if exists node_mark_shared_stale_upd on node;
    drop trigger if exists node_mark_shared_stale_del on node;
    drop function if exists node_mark_shared_stale();
    drop index if exists node_share_measurements_from_idx;
  `.execute(db);
  await restoreQuerySources(db);
}
