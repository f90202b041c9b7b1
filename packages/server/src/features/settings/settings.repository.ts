import type { Db } from '../../platform/db/database.js';

export async function readSetting(db: Db, key: string): Promise<{ value: unknown } | undefined> {
  return db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
}

export async function writeSetting(db: Db, key: string, value: unknown, by: string | null, now: Date) {
  const json = JSON.stringify(value);
  await db
    .insertInto('setting')
    .values({ key, value: json, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now, updated_by: by }))
    .execute();
}
