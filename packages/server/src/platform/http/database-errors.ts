import pg from 'pg';
import { AppError, conflict } from './errors.js';

const camel = (column: string) => column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * PostgreSQL refusals that are the caller's doing, as the answer a service would have given: two
 * concurrent creates of the same unique name both pass the service's "is it free?" check and the
 * loser hits the unique index (409, naming the column when the index is on one); a row referencing
 * one deleted meanwhile hits its foreign key (409). Anything else stays a 500.
 */
export function fromDatabaseError(err: unknown): AppError | undefined {
  if (!(err instanceof pg.DatabaseError)) return undefined;
  if (err.code === '23505') {
    // detail: Key (name)=(x) already exists. / Key (lower(username::text))=(x) already exists.
    const column = /^Key \((?:lower\()?([a-z_]+)/.exec(err.detail ?? '')?.[1];
    const field = column && !column.includes(',') ? camel(column) : undefined;
    return conflict(field ? `${field} already exists` : 'Already exists', field);
  }
  if (err.code === '23503') return conflict('A referenced object was changed or deleted meanwhile');
  return undefined;
}
