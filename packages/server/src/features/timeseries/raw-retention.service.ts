import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import { dropPartitionsBefore, ensurePartitions, listPartitions } from './raw-partitions.repository.js';

const DAY_MS = 86_400_000;
/** partitions exist this far ahead of now, so ingestion never waits for one */
export const PARTITIONS_AHEAD_DAYS = 92;

/**
 * Raw-minute retention (`RAW_RETENTION_DAYS`, 0 = forever): the instant before which raw minutes are
 * gone, which the aggregated query uses to answer minute buckets from the 15-minute rollups instead,
 * and the job that keeps the monthly partitions: creates those of the next three months, drops whole
 * months past retention (never a mass DELETE).
 */
export function createRawRetentionService(deps: { db: Db; clock: Clock; retentionDays: number }) {
  const { db, clock, retentionDays } = deps;
  const cutoff = (now: Date): Date | null =>
    retentionDays > 0 ? new Date(now.getTime() - retentionDays * DAY_MS) : null;
  return {
    retentionDays,
    /** raw minutes before this instant may be gone (null: kept forever) */
    rawCutoff(): Date | null {
      return cutoff(clock.now());
    },
    /** the partition job: months ahead created, months past retention dropped */
    async maintain(): Promise<{ created: number; dropped: string[] }> {
      const now = clock.now();
      const limit = cutoff(now);
      const from = limit ?? new Date(now.getTime() - 31 * DAY_MS);
      const created = await ensurePartitions(
        db,
        from,
        new Date(now.getTime() + PARTITIONS_AHEAD_DAYS * DAY_MS),
      );
      const dropped = limit ? await dropPartitionsBefore(db, limit) : [];
      return { created, dropped };
    },
    partitions: () => listPartitions(db),
  };
}

export type RawRetentionService = ReturnType<typeof createRawRetentionService>;
