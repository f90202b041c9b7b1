import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

/** Rows in every table of the public schema (partitions included), to prove a request wrote nothing. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like 'kysely_%'
    order by 1`.execute(db);
  const parts = tables.rows.map(
    (t) => sql`select ${t.name}::text as name, count(*)::int as n from ${sql.table(t.name)}`,
  );
  if (parts.length === 0) return {};
  const counts = await sql<{ name: string; n: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(counts.rows.map((r) => [r.name, Number(r.n)]));
}

/** The tables whose count differs, with before -> after. */
export function countChanges(before: Record<string, number>, after: Record<string, number>) {
  const changed: Record<string, string> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[name] !== after[name]) changed[name] = `${before[name] ?? 0} -> ${after[name] ?? 0}`;
  }
  return changed;
}
