import { sql, type Kysely } from 'kysely';

/**
 * Raw minutes partitioned by time (issue 20): `measurement` becomes a table partitioned by range of
 * `occurred_on`, one partition per UTC calendar month (`measurement_pYYYYMM`), plus a default partition
 * (`measurement_default`) for the strays no monthly partition covers (a sensor resending a year-old
 * minute, a test writing 2023). Old minutes leave by dropping whole months
 * (`measurement_drop_partitions`, the raw-retention job), never by a mass DELETE; months are created
 * ahead by the same job (`measurement_ensure_partitions`). The existing rows are copied into the new
 * table, which keeps the name, the primary key (series_key, occurred_on) and its constraint name.
 *
 * Why months: at the default retention (400 days) that is 14-15 partitions, few enough that planning
 * a query over the parent costs nothing noticeable, and a monthly partition of a 1,000-store chain
 * (~330 M rows) still builds its index and drops in seconds. Weeks would keep at most a week of raw
 * minutes past retention instead of a month, for 4x the partitions; the reads go by series key and
 * time through each partition's primary key either way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
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
          execute format('create table %I (like measurement including defaults including storage)', part);
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

    create or replace function measurement_drop_partitions(cutoff timestamptz)
    returns text[] language plpgsql as $$
    declare
      r record;
      dropped text[] := '{}';
    begin
      for r in
        select c.relname::text as part,
          ((to_date(substr(c.relname, 14, 6), 'YYYYMM')::timestamp + interval '1 month') at time zone 'UTC') as upper
        from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'measurement'::regclass and c.relname ~ '^measurement_p[0-9]{6}$'
        order by 1
      loop
        if r.upper <= cutoff then
          execute format('drop table %I', r.part);
          dropped := dropped || r.part;
        end if;
      end loop;
      -- the strays of the default partition are few: they may be deleted
      delete from measurement_default where occurred_on < cutoff;
      return dropped;
    end $$;

    alter table measurement rename to measurement_unpartitioned;
    alter index measurement_pkey rename to measurement_unpartitioned_pkey;
    create table measurement (
      series_key int not null,
      occurred_on timestamptz not null,
      value double precision not null,
      primary key (series_key, occurred_on)
    ) partition by range (occurred_on);
    create table measurement_default partition of measurement default;
  `.execute(db);
  // months of the existing minutes and of the demo history (13 months) to three months ahead
  await sql`
    select measurement_ensure_partitions(
      least((select min(occurred_on) from measurement_unpartitioned), now() - interval '14 months'),
      now() + interval '3 months')`.execute(db);
  await sql`
    insert into measurement (series_key, occurred_on, value)
      select series_key, occurred_on, value from measurement_unpartitioned;
    drop table measurement_unpartitioned;
  `.execute(db);
}
