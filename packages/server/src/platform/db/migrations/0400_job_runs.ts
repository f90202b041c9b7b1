import { sql, type Kysely } from 'kysely';

/**
 * The scheduler's runs (platform/scheduler). A row is the claim of one run of one job: `run_key`
 * names the occurrence (the slot start of an every-N job, `<target>:<local date>` of a daily job, the
 * occurrence of a cron job), so the unique (job, run_key) lets exactly one instance insert it. A
 * running row holds a lease; once `lease_until` has passed without a finish, another instance may take
 * the row over (attempt + 1). Finished rows keep the duration and, for a failure, the error message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table job_run (
      id bigint generated always as identity primary key,
      job text not null,
      run_key text not null,
      status text not null check (status in ('running', 'succeeded', 'failed')),
      attempt integer not null default 1,
      instance text not null,
      scheduled_for timestamptz not null,
      started_at timestamptz not null,
      lease_until timestamptz not null,
      finished_at timestamptz,
      duration_ms integer,
      error text,
      unique (job, run_key)
    );
    create index job_run_started_idx on job_run (started_at desc, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists job_run;`.execute(db);
}
