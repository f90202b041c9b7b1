import { sql, type Kysely } from 'kysely';

/**
 * `rollup_stale` becomes a plain queue without a unique key. With the primary key, a tree change
 * (move, delete, send to orphans) queuing a node that the rollup refresh had just taken waited on the
 * unique check until the refresh committed: the refresh deletes the rows it takes inside its rebuild
 * transaction, and rebuilding a demo group's totals took over 30 s on a loaded machine, so the move
 * answered 503 (statement timeout). Without the key the insert never waits; a node queued twice is
 * taken once (takeStaleNodes reads the ids through `= any(...)`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rollup_stale drop constraint if exists rollup_stale_pkey;
    create index if not exists rollup_stale_node_idx on rollup_stale (node_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists rollup_stale_node_idx;
    delete from rollup_stale a using rollup_stale b where a.ctid < b.ctid and a.node_id = b.node_id;
    alter table rollup_stale add primary key (node_id);
  `.execute(db);
}
