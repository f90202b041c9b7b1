import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../../test/harness.js';
import { unitOfWork } from './unit-of-work.js';

describe('unitOfWork', () => {
  it('queries through the plain db join the transaction; a nested db.transaction() is a savepoint', async () => {
    const { db } = await createTestDatabase();
    await sql`create table uow_probe (v int)`.execute(db);
    const values = async () =>
      (await sql<{ v: number }>`select v from uow_probe order by v`.execute(db)).rows.map((r) => r.v);

    await expect(
      unitOfWork(db, async (tx) => {
        await sql`insert into uow_probe values (1)`.execute(db); // the app's db, not tx
        await sql`insert into uow_probe values (2)`.execute(tx);
        // a repository's own transaction inside: rolled back alone, the outer one goes on
        await db
          .transaction()
          .execute(async (inner) => {
            await sql`insert into uow_probe values (3)`.execute(inner);
            throw new Error('inner');
          })
          .catch(() => undefined);
        await db.transaction().execute((inner) => sql`insert into uow_probe values (4)`.execute(inner));
        expect((await sql<{ v: number }>`select v from uow_probe order by v`.execute(db)).rows).toEqual([
          { v: 1 },
          { v: 2 },
          { v: 4 },
        ]);
        throw new Error('outer fails last');
      }),
    ).rejects.toThrow('outer fails last');
    expect(await values()).toEqual([]);

    await unitOfWork(db, async () => {
      await sql`insert into uow_probe values (5)`.execute(db);
      await unitOfWork(db, (tx) => sql`insert into uow_probe values (6)`.execute(tx)); // joins
    });
    expect(await values()).toEqual([5, 6]);
  });

  it('a query left running after the unit of work ended uses the pool again', async () => {
    const { db } = await createTestDatabase();
    let later: Promise<unknown> = Promise.resolve();
    await unitOfWork(db, async () => {
      later = new Promise((r) => setTimeout(r, 20)).then(() => sql`select 1 as one`.execute(db));
    });
    await expect(later).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});
