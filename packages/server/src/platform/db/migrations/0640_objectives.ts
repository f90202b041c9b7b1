import { sql, type Kysely } from 'kysely';

/**
 * Objectives (features/objectives, issue 15): a target per node (location or group), KPI and period
 * type between two dates. One row per (node, KPI, period type, start date) - the set call upserts on
 * it; the service refuses objectives of one node and KPI whose dates overlap. `weekday_values` holds
 * the seven values of a weekday pattern (0 = Sunday). Reads go by node and date range:
 * `objective_node_kpi_idx` serves them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table objective (
      id uuid primary key default gen_random_uuid(),
      node_id uuid not null references node(id) on delete cascade,
      kpi text not null,
      period_type text not null check (period_type in ('day', 'weekday', 'week', 'month', 'year')),
      start_date date not null,
      end_date date not null check (end_date >= start_date),
      value double precision check (value >= 0),
      weekday_values double precision[] check (weekday_values is null or cardinality(weekday_values) = 7),
      updated_on timestamptz not null default now(),
      updated_by uuid,
      check ((period_type = 'weekday') = (weekday_values is not null and value is null)),
      unique (node_id, kpi, period_type, start_date)
    );
    create index objective_node_kpi_idx on objective (node_id, kpi, start_date, end_date);
  `.execute(db);
}
