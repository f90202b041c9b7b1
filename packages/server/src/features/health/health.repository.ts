import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
