import { sql, type Kysely } from 'kysely';

/**
 * Organisational tree: orphans and shared measurements.
 *
 * A node without a parent is either a top-level client group (a root) or an orphan: a node that lost
 * its parent because the parent was deleted or because an admin sent it to the orphans. `orphaned_at`
 * tells them apart. The trigger keeps it right for every way a parent can go away, including the
 * foreign key's `on delete set null`, and clears it when the node is moved under a parent again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table node add column if not exists orphaned_at timestamptz;
    alter table node add column if not exists share_measurements_from uuid references node(id) on delete set null;
    create index if not exists node_orphan_idx on node(orphaned_at) where orphaned_at is not null;
    create index if not exists node_root_idx on node(id) where parent_id is null and orphaned_at is null;

    create or replace function node_track_orphans() returns trigger language plpgsql as $$
    begin
      if new.parent_id is not null then
        new.orphaned_at := null;
      elsif old.parent_id is not null and new.orphaned_at is null then
        new.orphaned_at := now();
      end if;
      return new;
    end $$;
    drop trigger if exists node_track_orphans on node;
    create trigger node_track_orphans before update of parent_id, orphaned_at on node
      for each row execute function node_track_orphans();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists node_track_orphans on node;
    drop function if exists node_track_orphans();
    alter table node drop column if exists share_measurements_from;
    alter table node drop column if exists orphaned_at;
  `.execute(db);
}
