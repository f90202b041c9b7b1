import type { ColumnType } from 'kysely';

/** Column types shared by the `*.tables.ts` files (kept apart from schema.ts, which imports those files). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string | T, string | T>;
