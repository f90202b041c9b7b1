import type { EventLogPage, EventLogQuery, Principal } from '@footfall/domain';
import { seesNoTree, seesWholeTree } from '@footfall/domain';
import type { Db } from '../../platform/db/database.js';
import { unitOfWork, type Tx } from '../../platform/db/unit-of-work.js';
import type { Clock } from '../../platform/clock.js';
import { insertEvent, queryEvents } from './event-log.repository.js';

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

    /**
     * Who sees what: a superAdmin without a scope sees every entry. Anyone else (admin, or a scoped
     * superAdmin) sees the entries whose requester, or whose on-behalf-of subject, is a user whose
     * scope node lies inside the reader's scope subtree. System entries and entries of deleted users
     * are visible only to an unscoped superAdmin. An admin without a scope sees nothing.
     */
    async query(principal: Principal, query: EventLogQuery): Promise<EventLogPage> {
      const unrestricted = seesWholeTree(principal);
      if (seesNoTree(principal)) return { items: [], fullCount: 0 };
      const { rows, fullCount } = await queryEvents(db, {
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        commands: query.commands,
        search: query.search?.trim() || undefined,
        scopeRootId: unrestricted ? undefined : (principal.scopeNodeId ?? undefined),
        sortBy: query.sortBy === 'requester' ? 'requester' : 'occurred_on',
        sortDesc: query.sortDesc,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((r) => ({
          id: String(r.id),
          occurredOn: r.occurred_on.toISOString(),
          requester: r.requester,
          onBehalfOf: r.on_behalf_of,
          command: r.command,
          target: r.target,
          details: r.details,
        })),
        fullCount,
      };
    },
  };
}
export type EventLogService = ReturnType<typeof createEventLogService>;
