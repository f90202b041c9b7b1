import { sql, type Kysely } from 'kysely';

/**
 * Rollups depend on the tree: a series' time zone and business hours come from its location, and node
 * totals add up the series below each node. Whatever changes the tree (API, imports, demo seeding),
 * these triggers queue the nodes concerned in `rollup_stale`; the time-series service re-copies the
 * basis and rebuilds the affected rollups (`series.service` refreshStale, run before ingest and
 * queries and by a background job).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rollup_stale (
      node_id uuid primary key,
      marked_at timestamptz not null default now()
    );

    create or replace function node_mark_rollups_stale() returns trigger language plpgsql as $$
    begin
      if new.parent_id is distinct from old.parent_id
         or new.attributes->'timezone' is distinct from old.attributes->'timezone'
         or new.attributes->'businessHours' is distinct from old.attributes->'businessHours' then
        insert into rollup_stale (node_id) values (new.id) on conflict do nothing;
        if old.parent_id is not null and old.parent_id is distinct from new.parent_id then
          insert into rollup_stale (node_id) values (old.parent_id) on conflict do nothing;
        end if;
      end if;
      return null;
    end $$;
    create trigger node_mark_rollups_stale after update on node
      for each row execute function node_mark_rollups_stale();

    -- a deleted series leaves its contribution in its ancestors' totals: queue them before forgetting
    create or replace function time_series_forget_rows() returns trigger language plpgsql as $$
    begin
      insert into rollup_stale (node_id)
        select distinct k.node_id from node_kpi_member m join node_kpi k on k.key = m.node_kpi_key
        where m.series_key in (select key from gone)
        on conflict do nothing;
      delete from measurement m using gone g where m.series_key = g.key;
      delete from rollup_15m r using gone g where r.series_key = g.key;
      delete from rollup_day r using gone g where r.series_key = g.key;
      delete from counter_reading r using gone g where r.series_key = g.key;
      delete from node_kpi_member r using gone g where r.series_key = g.key;
      return null;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists node_mark_rollups_stale on node;
    drop function if exists node_mark_rollups_stale();
    drop table if exists rollup_stale;
  `.execute(db);
}
