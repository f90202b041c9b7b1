import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type Transaction,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './schema.js';

/** The transaction a unit of work runs in; an event-log entry can only be written with one. */
export type Tx = Transaction<Database>;

interface Ambient {
  /** the connection the unit of work's transaction holds, once acquired */
  conn?: DatabaseConnection;
  /** lent out that many times (the transaction itself, plus queries running now) */
  leases: number;
  /** 1 inside the transaction, more inside nested `db.transaction()` calls (savepoints) */
  depth: number;
  /** the transaction ended: anything still running from it (a detached promise) uses the pool again */
  closed: boolean;
  tx?: Tx;
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * Runs `work` in one transaction: the change and its event-log entry commit together or not at all.
 * Every query issued meanwhile through the app's `db` (repositories keep taking `db`), not only
 * through `tx`, joins this transaction, so a repository call cannot escape it by being handed the
 * wrong handle; a repository's own `db.transaction()` becomes a savepoint. Called inside another unit
 * of work, it joins the outer one.
 */
export async function unitOfWork<T>(db: Kysely<Database>, work: (tx: Tx) => Promise<T>): Promise<T> {
  const outer = ambient.getStore();
  if (outer && !outer.closed && outer.tx) return work(outer.tx);
  const store: Ambient = { leases: 0, depth: 0, closed: false };
  return ambient.run(store, () =>
    db.transaction().execute((tx) => {
      store.tx = tx;
      return work(tx);
    }),
  );
}

/** A driver that lends the ambient unit of work's connection to every query issued inside it. */
class UnitOfWorkDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const store = ambient.getStore();
    if (!store || store.closed) return this.inner.acquireConnection();
    store.conn ??= await this.inner.acquireConnection();
    store.leases++;
    return store.conn;
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const store = ambient.getStore();
    if (!store || store.conn !== conn) return this.inner.releaseConnection(conn);
    if (--store.leases > 0) return;
    store.closed = true;
    store.conn = undefined;
    return this.inner.releaseConnection(conn);
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const store = this.#joined(conn);
    if (store && store.depth > 0) {
      store.depth++;
      await this.#run(conn, `savepoint uow_${store.depth}`);
      return;
    }
    if (store) store.depth = 1;
    return this.inner.beginTransaction(conn, settings);
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const store = this.#joined(conn);
    if (store && store.depth > 1) {
      await this.#run(conn, `release savepoint uow_${store.depth--}`);
      return;
    }
    if (store) store.depth = 0;
    return this.inner.commitTransaction(conn);
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    const store = this.#joined(conn);
    if (store && store.depth > 1) {
      await this.#run(conn, `rollback to savepoint uow_${store.depth--}`);
      return;
    }
    if (store) store.depth = 0;
    return this.inner.rollbackTransaction(conn);
  }

  savepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(conn, name, compile);
  }
  rollbackToSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(conn, name, compile);
  }
  releaseSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(conn, name, compile);
  }

  destroy() {
    return this.inner.destroy();
  }

  #joined(conn: DatabaseConnection): Ambient | undefined {
    const store = ambient.getStore();
    return store && store.conn === conn ? store : undefined;
  }

  async #run(conn: DatabaseConnection, statement: string) {
    await conn.executeQuery(CompiledQuery.raw(statement));
  }
}

/** PostgreSQL, with queries joining the ambient unit of work (see unitOfWork). */
export class UnitOfWorkDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new UnitOfWorkDriver(super.createDriver());
  }
}
