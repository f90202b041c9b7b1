import { sql, type Kysely } from 'kysely';

/**
 * Alerts (features/alerts, issue 16).
 * - `alert_rule`: a rule on some nodes (`node_ids`), its condition and active hours (jsonb, validated by
 *   the domain contract), recipients (jsonb: `{userId}` or `{email, language}`), channels (e-mail flag,
 *   webhook URL and secret), reminder delay and the chained `linked_alert_id` (empty GUID when none).
 * - `alert_occurrence`: one alert raised on one node; at most one open (resolved_on null) per rule and
 *   node (`alert_occurrence_open_uq`): two evaluations racing (two instances, the occupancy hook and
 *   the job) insert with `on conflict do nothing`, so only one of them notifies.
 * - `alert_delivery`: what was sent to whom (history), and the retry queue: pending rows are claimed
 *   with `for update skip locked` (`alert_delivery_due_idx`), so a retry is sent by one instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alert_rule (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(trim(name)) > 0),
      node_ids uuid[] not null check (cardinality(node_ids) > 0),
      condition jsonb not null,
      condition_kind text not null,
      active_hours jsonb not null,
      severity text not null check (severity in ('info', 'warning', 'critical')),
      recipients jsonb not null default '[]',
      email_enabled boolean not null default true,
      webhook_url text,
      webhook_secret text,
      reminder_minutes int not null default 60 check (reminder_minutes >= 0),
      linked_alert_id uuid not null default '00000000-0000-0000-0000-000000000000',
      enabled boolean not null default true,
      created_by uuid,
      updated_on timestamptz not null default now()
    );
    create index alert_rule_kind_idx on alert_rule (condition_kind) where enabled;
    create index alert_rule_nodes_idx on alert_rule using gin (node_ids);

    create table alert_occurrence (
      id uuid primary key default gen_random_uuid(),
      alert_id uuid not null references alert_rule(id) on delete cascade,
      node_id uuid not null references node(id) on delete cascade,
      opened_on timestamptz not null,
      resolved_on timestamptz,
      last_notified_on timestamptz not null,
      value double precision,
      threshold double precision
    );
    create unique index alert_occurrence_open_uq on alert_occurrence (alert_id, node_id) where resolved_on is null;
    create index alert_occurrence_recent_idx on alert_occurrence (opened_on desc);

    create table alert_delivery (
      id uuid primary key default gen_random_uuid(),
      alert_id uuid not null references alert_rule(id) on delete cascade,
      occurrence_id uuid references alert_occurrence(id) on delete cascade,
      kind text not null check (kind in ('opened', 'reminder', 'resolved', 'test')),
      channel text not null check (channel in ('email', 'webhook')),
      recipient text not null,
      language text not null default 'en',
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts int not null default 0,
      next_attempt_on timestamptz not null,
      last_error text,
      created_on timestamptz not null,
      sent_on timestamptz
    );
    create index alert_delivery_alert_idx on alert_delivery (alert_id, created_on desc);
    create index alert_delivery_occurrence_idx on alert_delivery (occurrence_id);
    create index alert_delivery_due_idx on alert_delivery (next_attempt_on) where status = 'pending';
  `.execute(db);
}
