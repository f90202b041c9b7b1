import { sql, type Kysely } from 'kysely';

/**
 * Cheaper rollup rows and per-table autovacuum thresholds (issue 20).
 *
 * Layout: the 4-byte columns (key, count, bh_count) of the three big rollup tables move next to each
 * other ahead of the 8-byte ones, so no alignment padding follows each of them. Measured on the bench
 * dataset (2.5 M raw points, 10 stores, rows copied in key order both ways): rollup_15m heap 227 ->
 * 212 MB (-7 %), node_rollup_15m 160 -> 142 MB (-11 %); same rows, same primary keys, same fill factors.
 * Not done, because it does not pay: reordering `measurement` (int4, timestamptz, float8 = 24 bytes
 * with padding; any order still rounds the 44-byte tuple up to 48), a BRIN index on time (every read
 * goes by series key and time through the primary key; retention drops whole partitions), fill factor
 * 100 on the rollups (the current 15-minute bucket and local day are updated every minute: the free
 * 10-20 % keeps those updates HOT).
 *
 * Autovacuum: re-sent and live minutes update the current rollup rows and node totals all day; with
 * PostgreSQL's defaults (vacuum after 20 % of a table is dead) a year-old rollup table collects tens
 * of millions of dead rows before a vacuum. The options below vacuum after 1 % (+1,000 rows) and
 * analyze after 2 %, on the rollup tables and every raw partition (set on each new partition by
 * `measurement_ensure_partitions`, as a partitioned parent cannot hold them). Measured by
 * `npm run bench -- --only timeseries-churn` (README, Time series).
 */
export const AUTOVACUUM_OPTIONS = {
  autovacuum_vacuum_scale_factor: '0.01',
  autovacuum_vacuum_threshold: '1000',
  autovacuum_analyze_scale_factor: '0.02',
} as const;

const withOptions = (fillfactor: number) =>
  [`fillfactor = ${fillfactor}`, ...Object.entries(AUTOVACUUM_OPTIONS).map(([k, v]) => `${k} = ${v}`)].join(
    ', ',
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  const rollupValues = `sum double precision not null,
      min double precision not null,
      max double precision not null,
      first double precision not null,
      last double precision not null,
      bh_sum double precision not null default 0,
      bh_min double precision,
      bh_max double precision,
      bh_first double precision,
      bh_last double precision`;
  const rollupColumns = 'sum, min, max, first, last, bh_sum, bh_min, bh_max, bh_first, bh_last';
  await sql
    .raw(
      `
    create table rollup_15m_new (
      series_key int not null,
      count int not null,
      bh_count int not null default 0,
      bucket timestamptz not null,
      ${rollupValues}
    ) with (${withOptions(90)});
    insert into rollup_15m_new (series_key, count, bh_count, bucket, ${rollupColumns})
      select series_key, count, bh_count, bucket, ${rollupColumns} from rollup_15m order by series_key, bucket;
    drop table rollup_15m;
    alter table rollup_15m_new rename to rollup_15m;
    alter table rollup_15m add constraint rollup_15m_pkey primary key (series_key, bucket);

    create table node_rollup_15m_new (
      node_kpi_key int not null,
      count int not null,
      bh_count int not null default 0,
      bucket timestamptz not null,
      sum double precision not null,
      bh_sum double precision not null default 0
    ) with (${withOptions(80)});
    insert into node_rollup_15m_new (node_kpi_key, count, bh_count, bucket, sum, bh_sum)
      select node_kpi_key, count, bh_count, bucket, sum, bh_sum from node_rollup_15m order by node_kpi_key, bucket;
    drop table node_rollup_15m;
    alter table node_rollup_15m_new rename to node_rollup_15m;
    alter table node_rollup_15m add constraint node_rollup_15m_pkey primary key (node_kpi_key, bucket);

    create table node_rollup_hour_new (
      node_kpi_key int not null,
      count int not null,
      bh_count int not null default 0,
      local_hour timestamp not null,
      sum double precision not null,
      bh_sum double precision not null default 0
    ) with (${withOptions(80)});
    insert into node_rollup_hour_new (node_kpi_key, count, bh_count, local_hour, sum, bh_sum)
      select node_kpi_key, count, bh_count, local_hour, sum, bh_sum from node_rollup_hour order by node_kpi_key, local_hour;
    drop table node_rollup_hour;
    alter table node_rollup_hour_new rename to node_rollup_hour;
    alter table node_rollup_hour add constraint node_rollup_hour_pkey primary key (node_kpi_key, local_hour);

    alter table rollup_day set (${withOptions(90)});
    alter table node_rollup_day set (${withOptions(80)});
  `,
    )
    .execute(db);

  const partitionOptions = Object.entries(AUTOVACUUM_OPTIONS)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
  await sql
    .raw(
      `
    create or replace function measurement_ensure_partitions(lo timestamptz, hi timestamptz)
    returns int language plpgsql as $$
    declare
      m timestamptz := date_trunc('month', lo, 'UTC');
      next_m timestamptz;
      part text;
      created int := 0;
    begin
      while m < hi loop
        next_m := ((m at time zone 'UTC') + interval '1 month') at time zone 'UTC';
        part := 'measurement_p' || to_char(m at time zone 'UTC', 'YYYYMM');
        if to_regclass(format('%I', part)) is null then
          execute format('create table %I (like measurement including defaults including storage) with (${partitionOptions})', part);
          -- the minutes of that month waiting in the default partition move into it
          execute format(
            'with moved as (delete from measurement_default where occurred_on >= $1 and occurred_on < $2 returning *) '
            'insert into %I select * from moved', part) using m, next_m;
          execute format('alter table measurement attach partition %I for values from (%L) to (%L)', part, m, next_m);
          created := created + 1;
        end if;
        m := next_m;
      end loop;
      return created;
    end $$;

    do $$
    declare r record;
    begin
      for r in select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
               where i.inhparent = 'measurement'::regclass
      loop
        execute format('alter table %I set (${partitionOptions})', r.relname);
      end loop;
    end $$;
  `,
    )
    .execute(db);
}
