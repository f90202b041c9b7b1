import type { Db } from '../../platform/db/database.js';
import { pingDatabase } from './health.repository.js';

export function createHealthService(db: Db) {
  return {
    /** a fresh pool connection each time, so the answer turns to ok by itself once the database is back */
    async databaseAnswers(): Promise<boolean> {
      const ping = pingDatabase(db);
      ping.catch(() => undefined);
      try {
        await Promise.race([
          ping,
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
        ]);
        return true;
      } catch {
        return false;
      }
    },
  };
}
