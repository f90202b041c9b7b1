import { createHash, randomBytes } from 'node:crypto';
import { isAdminKind, seesWholeTree, type MeasurementInput, type Principal } from '@footfall/domain';
import type { Transaction } from 'kysely';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { withPinnedClient, type Db } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/event-bus.js';
import type { IngestKeyPrincipal, IngestKeyVerifier } from '../../platform/http/access.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { SeriesService } from './series.service.js';
import {
  findIngestKey,
  findIngestKeyByHash,
  insertIngestKey,
  listIngestKeys,
  renameIngestKey,
  revokeIngestKey,
  seriesForIngest,
  touchIngestKey,
} from './ingest.repository.js';
import {
  deleteMeasurementsFrom,
  lockForRebuild,
  lockSeriesForIngest,
  rebuildNodeTotals,
  rebuildSeriesRollups,
  refreshBuckets,
  refreshDays,
  touchedBuckets,
  upsertMeasurements,
} from './ingest.rollup.repository.js';
import {
  STAGE_COPY,
  createStage,
  groupChanged,
  refreshBulkBuckets,
  refreshBulkDays,
  stagePoints,
  writeRaw,
} from './ingest.bulk.repository.js';

/** Writes one row to a bulk load's stage: location index, instant (epoch ms), row number, values. */
export type StageRow = (
  loc: number,
  ms: number,
  seq: number,
  values: readonly (number | null)[],
) => Promise<void> | undefined;

/** Where a bulk load's staged values go: the series key of each (location index, value column). */
export interface BulkPlan {
  pairs: { loc: number; col: number; seriesKey: number }[];
  seriesIds: string[];
  nodeIds: string[];
}

/** Above this many series a bulk load takes the exclusive rebuild lock instead of one lock a series. */
const MAX_SERIES_LOCKS = 2000;

/** Who pushes: a signed-in admin-kind user, or a device holding a client group's ingest key. */
export interface IngestCaller {
  principal: Principal | null;
  ingestKey: IngestKeyPrincipal | null;
}

/** Points resolved to series keys, ready to store. `times` are epoch milliseconds. */
export interface ResolvedPoints {
  keys: number[];
  times: number[];
  values: number[];
}

/** Told after every committed batch (occupancy follows its in/out series this way). */
export type IngestListener = (batch: {
  seriesKeys: number[];
  seriesIds: string[];
  nodeIds: string[];
  /** the earliest and latest instants of the batch (epoch ms) */
  fromMs: number;
  toMs: number;
  /** the stored points: series key, interval start (epoch ms) and value of each (monitoring reads arrivals) */
  points: { keys: readonly number[]; times: readonly number[]; values: readonly number[] };
}) => Promise<void>;

/** Points further ahead than this are a device clock gone wrong, not data. */
const MAX_FUTURE_MS = 24 * 3600_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const keyView = (row: {
  id: string;
  name: string;
  scope_node_id: string;
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}) => ({
  id: row.id,
  name: row.name,
  scopeNodeId: row.scope_node_id,
  keyPrefix: row.key_prefix,
  createdOn: row.created_at.toISOString(),
  lastUsedOn: row.last_used_at?.toISOString() ?? null,
  revokedOn: row.revoked_at?.toISOString() ?? null,
});

/** The points with one per (series, instant): the last one wins. */
function lastOfEach(points: ResolvedPoints): ResolvedPoints {
  const n = points.keys.length;
  // index of the last point of each (series, instant), per series (no string keys: 10,000 points)
  const last = new Map<number, Map<number, number>>();
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    let byTime = last.get(points.keys[i]!);
    if (!byTime) last.set(points.keys[i]!, (byTime = new Map()));
    if (!byTime.has(points.times[i]!)) distinct++;
    byTime.set(points.times[i]!, i);
  }
  if (distinct === n) return points;
  const idx = [...last.values()].flatMap((byTime) => [...byTime.values()]).sort((a, b) => a - b);
  return {
    keys: idx.map((i) => points.keys[i]!),
    times: idx.map((i) => points.times[i]!),
    values: idx.map((i) => points.values[i]!),
  };
}

export function createIngestService(deps: {
  db: Db;
  clock: Clock;
  bus: EventBus;
  scope: ScopeService;
  eventLog: EventLogService;
  series: SeriesService;
}) {
  const { db, clock, bus, scope, eventLog, series } = deps;
  const listeners: IngestListener[] = [];

  /** The subtree an ingest caller may write to; null = everywhere. */
  function writeScope(caller: IngestCaller): string | null {
    if (caller.ingestKey) return caller.ingestKey.scopeNodeId;
    const p = caller.principal;
    if (!p || !isAdminKind(p)) throw forbidden('Only admin-kind users or ingest keys may push measurements');
    if (p.scopeNodeId === null) {
      if (seesWholeTree(p)) return null;
      throw forbidden('No scope to write to');
    }
    return p.scopeNodeId;
  }

  const service = {
    /** The subtree the caller may write to (null = everywhere); 403 for a user who may not push. */
    writeScope,

    onIngested(listener: IngestListener) {
      listeners.push(listener);
    },

    /**
     * Stores resolved points and keeps every rollup current, in one transaction: raw upsert, then the
     * touched 15-minute buckets and local days recomputed from source rows, node totals moved by the
     * difference. Duplicates inside a batch: the last one wins. Returns after commit and listeners.
     */
    async store(
      input: ResolvedPoints | ((trx: Db) => Promise<ResolvedPoints>),
      ids?: { seriesIds: string[]; nodeIds: string[] },
    ): Promise<number> {
      if (typeof input !== 'function' && input.keys.length === 0) return 0;
      await series.refreshStale();
      let last: ResolvedPoints = { keys: [], times: [], values: [] };
      // every point received counts as accepted, duplicates inside the batch included
      let n = 0;
      await db.transaction().execute(async (trx) => {
        // points derived from what is stored (running totals: sensors/counters.ts) are computed in
        // this transaction, under their own lock, so that what they read and what they write commit together
        const received = typeof input === 'function' ? await input(trx) : input;
        n = received.keys.length;
        last = lastOfEach(received);
        const { keys, times, values } = last;
        if (keys.length === 0) return;
        // raw rows first, then the series locks: a second batch of the same series writes its raw
        // rows while the first one refreshes its rollups (the refresh statements read committed raw
        // rows after taking the locks, so the later batch always recomputes with both)
        const allNew = await upsertMeasurements(trx, keys, times, values);
        await lockSeriesForIngest(trx, keys);
        const touched = touchedBuckets(keys, times, values);
        await refreshBuckets(trx, touched, allNew);
        await refreshDays(trx, touched);
      });
      const { keys, times, values } = last;
      if (n === 0) return 0;
      const seriesKeys = [...new Set(keys)];
      let fromMs = Infinity;
      let toMs = -Infinity;
      for (const t of times) {
        if (t < fromMs) fromMs = t;
        if (t > toMs) toMs = t;
      }
      const batch = {
        seriesKeys,
        seriesIds: ids?.seriesIds ?? [],
        nodeIds: ids?.nodeIds ?? [],
        fromMs,
        toMs,
        points: { keys, times, values },
      };
      if (ids) bus.emit('measurementsIngested', { timeSeriesIds: ids.seriesIds, nodeIds: ids.nodeIds });
      for (const listener of listeners) await listener(batch);
      return n;
    },

    /**
     * A bulk load (an import run), set-based end to end on one connection and in one transaction:
     * `stage` is handed `row` and streams its rows into a temp table through COPY FROM STDIN (the
     * rows are buffered to 256 KiB a write; `row` answers a promise to await when the connection
     * lags: constant memory);
     * `plan` then says which series each (location, value column) feeds, or null to abandon the load
     * (a rejected run: rolled back, nothing written). The points are written and every rollup and
     * node total they touch brought up to date by a fixed number of statements
     * (ingest.bulk.repository.ts), under the same per-series locks as live ingest, so live ingest of
     * other series never waits for an import (a load of more than 2,000 series takes the exclusive
     * rebuild lock instead). Inside the file the last row of a (series, instant) wins; a point
     * already stored with the same value is left alone and rebuilds nothing. `onPhase` is told as
     * each phase ends (the run's log). Answers the points of the file and how many changed.
     */
    async bulkLoad(opts: {
      columns: number;
      stage: (row: StageRow) => Promise<void>;
      plan: () => Promise<BulkPlan | null>;
      onPhase?: (phase: string) => void;
    }): Promise<{ points: number; changed: number } | null> {
      const phase = opts.onPhase ?? (() => undefined);
      await series.refreshStale();
      let ids: BulkPlan | null = null;
      const result = await withPinnedClient(db, async (client, on) => {
        await client.query('begin');
        try {
          // the staged points are sorted once (a million rows: in memory rather than on disk)
          await client.query(`set local work_mem = '256MB'`);
          await createStage(on, opts.columns);
          const copy = client.query(copyFrom(STAGE_COPY));
          const sent = finished(copy);
          // a failed COPY is seen by `finished` (awaited below), never as an uncaught 'error'
          sent.catch(() => undefined);
          let text = '';
          const flush = async () => {
            const chunk = text;
            text = '';
            if (chunk.length > 0 && !copy.write(chunk)) await once(copy, 'drain');
          };
          const range = { lo: Infinity, hi: -Infinity };
          const row: StageRow = (loc, ms, seq, values) => {
            if (ms < range.lo) range.lo = ms;
            if (ms > range.hi) range.hi = ms;
            text += `${loc}\t${ms}\t${seq}`;
            for (const v of values) text += v === null ? '\t\\N' : `\t${v}`;
            text += '\n';
            return text.length >= 262_144 ? flush() : undefined;
          };
          try {
            await opts.stage(row);
            await flush();
          } catch (e) {
            copy.destroy(e as Error);
            await sent.catch(() => undefined);
            throw e;
          }
          copy.end();
          await sent;
          phase('staged');
          ids = await opts.plan();
          if (!ids) {
            await client.query('rollback');
            return null;
          }
          const points = await stagePoints(on, opts.columns, ids.pairs);
          phase('points sorted');
          const { changed, allNew } = await writeRaw(on, points);
          phase('raw written');
          if (changed > 0) {
            // the region the reads of old rollup rows are bounded to: the plan's series, the staged range
            const ext = {
              keys: [...new Set(ids.pairs.map((p) => p.seriesKey))].sort((a, b) => a - b),
              lo: new Date(Math.floor(range.lo / 900_000) * 900_000),
              hi: new Date(Math.floor(range.hi / 900_000) * 900_000 + 900_000),
            };
            if (ext.keys.length > MAX_SERIES_LOCKS) await lockForRebuild(on);
            else await lockSeriesForIngest(on, ext.keys);
            // one row a changed point; grouped by bucket when some bucket holds two (not an import's)
            await client.query('savepoint bulk_buckets');
            let written: string;
            try {
              await groupChanged(on, false, allNew);
              phase('buckets');
              written = await refreshBulkBuckets(on, ext, allNew);
              await client.query('release savepoint bulk_buckets');
            } catch (e) {
              if ((e as { code?: string }).code !== '21000') throw e;
              await client.query('rollback to savepoint bulk_buckets');
              await groupChanged(on, true, allNew);
              phase('buckets');
              written = await refreshBulkBuckets(on, ext, false);
            }
            phase('15-minute rollups and node totals');
            await refreshBulkDays(on, ext.keys, written);
            phase('daily rollups and node totals');
          }
          await client.query('commit');
          phase('committed');
          return { points, changed };
        } catch (e) {
          await client.query('rollback').catch(() => undefined);
          throw e;
        }
      });
      const plan = ids as BulkPlan | null;
      if (result && result.changed > 0 && plan)
        bus.emit('measurementsIngested', { timeSeriesIds: plan.seriesIds, nodeIds: plan.nodeIds });
      return result;
    },

    /**
     * Replaces everything a derived series holds from `fromMs` on by `points` (occupancy history):
     * the deleted instants' buckets and days are recomputed with the new ones. No listeners.
     */
    async replaceFrom(seriesKey: number, fromMs: number, points: { times: number[]; values: number[] }) {
      await series.refreshStale();
      await db.transaction().execute(async (trx) => {
        await lockSeriesForIngest(trx, [seriesKey]);
        const deleted = await deleteMeasurementsFrom(trx, seriesKey, fromMs);
        if (points.times.length > 0)
          await upsertMeasurements(
            trx,
            points.times.map(() => seriesKey),
            points.times,
            points.values,
          );
        const times = [...deleted, ...points.times];
        if (times.length === 0) return;
        const touched = touchedBuckets(
          times.map(() => seriesKey),
          times,
        );
        await refreshBuckets(trx, touched);
        await refreshDays(trx, touched);
      });
    },

    /**
     * For a bulk load that wrote raw rows itself (the demo history), inside its transaction: the
     * series' rollups and the node totals recomputed from raw, under the rebuild lock.
     */
    async rebuildRollups(
      trx: Transaction<Database>,
      seriesKeys: readonly number[],
      nodeKpiKeys: readonly number[],
    ): Promise<void> {
      await lockForRebuild(trx);
      await rebuildSeriesRollups(trx, seriesKeys);
      await rebuildNodeTotals(trx, nodeKpiKeys);
    },

    /**
     * POST /api/ingest/measurements: every item checked first (series known and writable by the
     * caller, instant not in the far future); one bad item rejects the batch naming it.
     */
    async ingest(caller: IngestCaller, items: readonly MeasurementInput[]): Promise<{ accepted: number }> {
      const scopeNodeId = writeScope(caller);
      const ids = [...new Set([...new Set(items.map((m) => m.timeSeriesId))].map((id) => id.toLowerCase()))];
      const rows = await seriesForIngest(db, ids, scopeNodeId);
      const byId = new Map(rows.filter((r) => r.in_scope).map((r) => [r.id, r]));
      // the series of each id as sent (a batch repeats a few hundred ids)
      const bySent = new Map<string, (typeof rows)[number] | undefined>();
      const seriesOf = (sent: string) => {
        if (!bySent.has(sent)) bySent.set(sent, byId.get(sent.toLowerCase()));
        return bySent.get(sent);
      };
      const limit = clock.now().getTime() + MAX_FUTURE_MS;
      // parsed once per distinct instant (every series of a batch repeats the same minutes)
      const instants = new Map<string, number>();
      const keys = new Array<number>(items.length);
      const times = new Array<number>(items.length);
      const values = new Array<number>(items.length);
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        const row = seriesOf(item.timeSeriesId);
        if (!row) throw badRequest('Unknown time series', `measurements.${i}.timeSeriesId`);
        let t = instants.get(item.occurredOn);
        if (t === undefined) instants.set(item.occurredOn, (t = Date.parse(item.occurredOn)));
        if (!Number.isFinite(t)) throw badRequest('Invalid instant', `measurements.${i}.occurredOn`);
        if (t > limit)
          throw badRequest('occurredOn is too far in the future', `measurements.${i}.occurredOn`);
        keys[i] = row.key;
        times[i] = t;
        values[i] = item.value;
      }
      const accepted = await service.store(
        { keys, times, values },
        { seriesIds: [...byId.keys()], nodeIds: [...new Set(rows.map((r) => r.node_id))] },
      );
      return { accepted };
    },

    /** X-Api-Key check for the auth plugin. */
    keyVerifier(): IngestKeyVerifier {
      return {
        async verify(key: string) {
          if (key.length < 16 || key.length > 200) return null;
          const row = await findIngestKeyByHash(db, hashKey(key));
          if (!row) return null;
          const now = clock.now();
          if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > 60_000)
            await touchIngestKey(db, row.id, now);
          return { keyId: row.id, scopeNodeId: row.scope_node_id };
        },
      };
    },

    async createKey(principal: Principal, input: { name: string; scopeNodeId: string }) {
      await scope.assertInScope(principal, input.scopeNodeId);
      const key = `ffk_${randomBytes(24).toString('base64url')}`;
      const row = await eventLog.withAudit(async (tx) => {
        const row = await insertIngestKey(db, {
          name: input.name,
          scopeNodeId: input.scopeNodeId,
          hash: hashKey(key),
          prefix: key.slice(0, 10),
          createdBy: principal.actor?.userId ?? principal.userId,
        });
        await eventLog.record(tx, principal, 'IngestKey.Create', row.id, {
          name: input.name,
          scopeNodeId: input.scopeNodeId,
        });
        return row;
      });
      return { ...keyView(row), key };
    },

    async listKeys(principal: Principal) {
      const visible = await scope.visibleNodeIds(principal);
      return (await listIngestKeys(db, visible === null ? null : [...visible])).map(keyView);
    },

    async loadKey(principal: Principal, id: string) {
      const row = await findIngestKey(db, id);
      if (!row || !(await scope.isInScope(principal, row.scope_node_id))) throw notFound('Ingest key');
      return row;
    },

    async renameKey(principal: Principal, id: string, name: string) {
      await service.loadKey(principal, id);
      await eventLog.withAudit(async (tx) => {
        await renameIngestKey(db, id, name);
        await eventLog.record(tx, principal, 'IngestKey.Update', id, { name });
      });
      return keyView((await findIngestKey(db, id))!);
    },

    async revokeKey(principal: Principal, id: string) {
      const row = await service.loadKey(principal, id);
      await eventLog.withAudit(async (tx) => {
        if (!row.revoked_at) await revokeIngestKey(db, id, clock.now());
        await eventLog.record(tx, principal, 'IngestKey.Revoke', id, {});
      });
    },
  };
  return service;
}

export type IngestService = ReturnType<typeof createIngestService>;
