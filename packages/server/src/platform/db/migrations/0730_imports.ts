import { sql, type Kysely } from 'kysely';

/**
 * External data imports (features/imports, issue 16). `import_task` belongs to a client group (the node
 * it names; deleted with it); an HTTPS source's password is stored AES-256-GCM encrypted
 * (`source_secret`: iv | tag | ciphertext, key derived from the server secret). Uploaded files are kept
 * in the database in 1 MiB chunks (`import_file_chunk`), so any instance behind the load balancer can
 * read what another received, and are streamed back chunk by chunk. `import_run` is the history and
 * the progress of each run; `import_run_error` its error report (at most 10,000 rows a run).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table import_task (
      id uuid primary key default gen_random_uuid(),
      node_id uuid not null references node(id) on delete cascade,
      name text not null,
      disabled_on timestamptz,
      source_kind text not null check (source_kind in ('upload', 'https')),
      source_url text,
      source_username text,
      source_secret bytea,
      pull_at text,
      format text not null check (format in ('csv', 'xlsx')),
      delimiter text not null,
      encoding text not null,
      mapping jsonb not null,
      time_zone text,
      granularity text not null,
      skip_invalid_rows boolean not null default false,
      last_pull_on timestamptz,
      created_on timestamptz not null default now(),
      created_by uuid
    );
    create index import_task_node_idx on import_task (node_id);

    create table import_file (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      size bigint not null default 0,
      complete boolean not null default false,
      created_by uuid,
      created_on timestamptz not null default now()
    );
    create table import_file_chunk (
      file_id uuid not null references import_file(id) on delete cascade,
      seq int not null,
      data bytea not null,
      primary key (file_id, seq)
    );

    create table import_run (
      id uuid primary key default gen_random_uuid(),
      -- order of creation (runs started within one clock tick still list latest first)
      seq bigint generated always as identity,
      task_id uuid not null references import_task(id) on delete cascade,
      status text not null check (status in ('running', 'succeeded', 'rejected', 'failed')),
      trigger text not null check (trigger in ('upload', 'pull')),
      file_id uuid references import_file(id) on delete set null,
      file_name text not null,
      started_on timestamptz not null,
      finished_on timestamptz,
      rows_read int not null default 0,
      rows_written int not null default 0,
      rows_rejected int not null default 0,
      points_written int not null default 0,
      bytes_total bigint not null default 0,
      bytes_read bigint not null default 0,
      message text,
      started_by uuid,
      started_by_name text
    );
    create index import_run_task_idx on import_run (task_id, seq desc);

    create table import_run_error (
      run_id uuid not null references import_run(id) on delete cascade,
      seq int not null,
      row_number int not null,
      column_name text not null,
      code text not null,
      value text not null,
      message text not null,
      primary key (run_id, seq)
    );
  `.execute(db);
}
