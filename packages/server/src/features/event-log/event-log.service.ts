import type {
  EventLogEntry,
  EventLogExportQuery,
  EventLogPage,
  EventLogQuery,
  Principal,
} from '@footfall/domain';
import { seesNoTree, seesWholeTree } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import { unitOfWork, type Tx } from '../../platform/db/unit-of-work.js';
import type { Clock } from '../../platform/clock.js';
import { insertEvent, queryEvents, type EventLogFilter } from './event-log.repository.js';

/** Rows read per query while exporting. */
const EXPORT_BATCH = 1000;

const SECRET_KEY = /password|token|secret/i;

/** Log details never carry credentials, whatever a caller passes. */
function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) ? '[redacted]' : scrub(v, depth + 1);
  }
  return out;
}

type EventRow = Awaited<ReturnType<typeof queryEvents>>['rows'][number];

const presentEntry = (r: EventRow): EventLogEntry => ({
  id: String(r.id),
  occurredOn: r.occurred_on.toISOString(),
  requester: r.requester,
  onBehalfOf: r.on_behalf_of,
  command: r.command,
  target: r.target,
  details: r.details,
});

/**
 * Who sees what: a superAdmin without a scope sees every entry. Anyone else (admin, or a scoped
 * superAdmin) sees the entries whose requester, or whose on-behalf-of subject, is a user whose
 * scope node lies inside the reader's scope subtree. System entries and entries of deleted users
 * are visible only to an unscoped superAdmin. An admin without a scope sees nothing (null).
 */
function filterOf(
  principal: Principal,
  query: EventLogExportQuery,
): Omit<EventLogFilter, 'limit' | 'offset'> | null {
  if (seesNoTree(principal)) return null;
  return {
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    commands: query.commands,
    search: query.search?.trim() || undefined,
    scopeRootId: seesWholeTree(principal) ? undefined : (principal.scopeNodeId ?? undefined),
    sortBy: query.sortBy === 'requester' ? 'requester' : 'occurred_on',
    sortDesc: query.sortDesc,
  };
}

export function createEventLogService(db: Db, clock: Clock) {
  return {
    /**
     * Runs a change and its event-log entry in one transaction (unitOfWork): both commit or neither.
     * Every service that writes goes through here, since `record` only takes the transaction.
     */
    withAudit<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return unitOfWork(db, work);
    },

    /**
     * Writes one entry, inside the transaction of the change it records (see withAudit). `principal`
     * null means the system (jobs, start-up). While impersonating, the requester is the real actor
     * and `on_behalf_of` the impersonated subject.
     */
    async record(
      tx: Tx,
      principal: Principal | null,
      command: string,
      target: string | null = null,
      details: Record<string, unknown> = {},
    ): Promise<void> {
      const actor = principal?.actor;
      if (!tx.isTransaction) throw new Error('event log written outside a transaction');
      await insertEvent(tx, {
        occurredOn: clock.now(),
        requester: actor ? actor.username : (principal?.username ?? 'system'),
        requesterId: actor ? actor.userId : (principal?.userId ?? null),
        onBehalfOf: actor ? principal!.username : null,
        command,
        target,
        details: scrub(details) as Record<string, unknown>,
      });
    },

    /** One page of the entries the caller may see (see filterOf), with the full count. */
    async query(principal: Principal, query: EventLogQuery): Promise<EventLogPage> {
      const filter = filterOf(principal, query);
      if (!filter) return { items: [], fullCount: 0 };
      const { rows, fullCount } = await queryEvents(db, {
        ...filter,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(presentEntry), fullCount };
    },

    /**
     * Every entry the list would show for these filters, in its order, read in batches as the
     * consumer pulls (the CSV export streams them). Entries written after the export started are
     * left out (`to` is capped at that moment), so batches read by offset neither skip nor repeat.
     */
    async *entries(principal: Principal, query: EventLogExportQuery): AsyncGenerator<EventLogEntry> {
      const filter = filterOf(principal, query);
      if (!filter) return;
      const end = new Date(clock.now().getTime() + 1); // up to and including this millisecond
      const to = filter.to && filter.to < end ? filter.to : end;
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const { rows } = await queryEvents(db, { ...filter, to, limit: EXPORT_BATCH, offset });
        for (const row of rows) yield presentEntry(row);
        if (rows.length < EXPORT_BATCH) return;
      }
    },
  };
}
export type EventLogService = ReturnType<typeof createEventLogService>;
