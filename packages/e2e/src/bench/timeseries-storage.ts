import { sql } from 'kysely';
import type { Db } from '../../../server/src/platform/db/database.js';
import { printTable } from './bench-kit.js';

/**
 * Bytes per raw point, all time-series tables included (issue 20): the raw minutes (every partition of
 * `measurement`), the series rollups and the node totals, heap, indexes and TOAST apart, each divided by
 * the number of raw points. Sizes are what PostgreSQL holds on disk (pg_total_relation_size and its parts),
 * so free space left by fill factors and dead tuples is counted too.
 */
export const STORAGE_TABLES = [
  'measurement',
  'rollup_15m',
  'rollup_day',
  'node_rollup_15m',
  'node_rollup_hour',
  'node_rollup_day',
] as const;

export interface TableSize {
  table: string;
  rows: number;
  heap: number;
  indexes: number;
  toast: number;
}

export async function tableSizes(db: Db): Promise<TableSize[]> {
  const { rows } = await sql<TableSize>`
    with rel as (
      select t.name as table, coalesce(i.inhrelid, t.name::regclass) as oid
      from unnest(${[...STORAGE_TABLES]}::text[]) with ordinality t(name, n)
      left join pg_inherits i on i.inhparent = t.name::regclass
    )
    select rel.table,
      sum(c.reltuples)::float8 as rows,
      sum(pg_relation_size(rel.oid))::float8 as heap,
      sum(pg_indexes_size(rel.oid))::float8 as indexes,
      sum(pg_total_relation_size(rel.oid) - pg_relation_size(rel.oid) - pg_indexes_size(rel.oid))::float8 as toast
    from rel join pg_class c on c.oid = rel.oid
    group by rel.table`.execute(db);
  const order = (t: string) => STORAGE_TABLES.indexOf(t as (typeof STORAGE_TABLES)[number]);
  return rows.sort((a, b) => order(a.table) - order(b.table));
}

const mb = (b: number) => (b / 1_048_576).toFixed(1);

/** Prints the per-table sizes and bytes per raw point; answers the total bytes per raw point. */
export function printBytesPerPoint(label: string, sizes: TableSize[], rawPoints: number): number {
  const per = (b: number) => (b / rawPoints).toFixed(1);
  let total = 0;
  const rows = sizes.map((s) => {
    const all = s.heap + s.indexes + s.toast;
    total += all;
    return [
      s.table,
      Math.round(s.rows).toLocaleString('en-US'),
      mb(s.heap),
      mb(s.indexes),
      per(s.heap),
      per(s.indexes),
      per(all),
    ];
  });
  rows.push(['all tables', '', '', '', '', '', per(total)]);
  console.log(`\n  bytes per raw point, ${label} (${rawPoints.toLocaleString('en-US')} raw points):`);
  printTable(['table', 'rows', 'heap MB', 'index MB', 'heap B/pt', 'index B/pt', 'total B/pt'], rows);
  return total / rawPoints;
}

/** The whole database on disk (pg_database_size), in bytes. */
export async function databaseSize(db: Db): Promise<number> {
  const { rows } = await sql<{
    size: number;
  }>`select pg_database_size(current_database())::float8 as size`.execute(db);
  return rows[0]!.size;
}
