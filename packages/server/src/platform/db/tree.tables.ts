import type { ColumnType } from 'kysely';

/** Columns the tree feature adds to `node` (migration 0020_tree); both optional on insert. */
export interface NodeTreeColumns {
  /** set while the node is an orphan: it lost its parent (deleted, or sent to the orphans) */
  orphaned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** a device that also reads the measurements of another device (a replaced sensor) */
  share_measurements_from: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TreeTables {
  node: NodeTreeColumns;
}
