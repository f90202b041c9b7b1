import { sql, type Kysely } from 'kysely';

/**
 * Scheduled and automated reports (features/report-schedules, issue 14). A schedule belongs to its
 * owner (deleted with them) and is either a report (`report_name` and its node sets) or a dashboard
 * snapshot (`dashboard_id`, deleted with the dashboard). `next_run_at` is the next due instant (null
 * while disabled); the every-minute job reads the due ones through `report_schedule_due_idx` and
 * claims each by moving `next_run_at` on in one conditional update. A failed run waits for its next
 * attempt with `retry_attempt` > 0 and `retry_of` (the occurrence it retries, whose period it reports).
 * `report_schedule_run` is the history (spec: automatedReportId, occurredOn, executionResult).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_schedule (
      id uuid primary key default gen_random_uuid(),
      owner_id uuid not null references app_user(id) on delete cascade,
      kind text not null check (kind in ('report', 'dashboard')),
      title text not null,
      report_name text,
      dashboard_id uuid references dashboard(id) on delete cascade,
      frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
      time_of_day text not null,
      weekdays smallint[] not null default '{}',
      day_of_month smallint check (day_of_month between 1 and 31),
      time_zone text not null,
      relative_period text not null,
      formats text[] not null,
      recipients jsonb not null,
      language text not null,
      nodes1 uuid[] not null default '{}',
      nodes2 uuid[] not null default '{}',
      groups1 text[] not null default '{}',
      groups2 text[] not null default '{}',
      options jsonb not null default '{}',
      disabled_on timestamptz,
      next_run_at timestamptz,
      retry_attempt integer not null default 0,
      retry_of timestamptz,
      created_on timestamptz not null default now(),
      updated_on timestamptz not null default now(),
      check ((kind = 'report') = (report_name is not null)),
      check ((kind = 'dashboard') = (dashboard_id is not null))
    );
    create index report_schedule_owner_idx on report_schedule (owner_id);
    create index report_schedule_due_idx on report_schedule (next_run_at) where next_run_at is not null;
    create table report_schedule_run (
      id bigserial primary key,
      schedule_id uuid not null references report_schedule(id) on delete cascade,
      occurred_on timestamptz not null,
      execution_result text not null check (execution_result in ('Success', 'Failure')),
      error text,
      trigger text not null check (trigger in ('schedule', 'manual')),
      attempts integer not null default 1,
      period_from text,
      period_to text,
      recipients integer not null default 0,
      files text[] not null default '{}'
    );
    create index report_schedule_run_schedule_idx on report_schedule_run (schedule_id, occurred_on desc);
  `.execute(db);
}
