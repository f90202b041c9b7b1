import { createHash, randomBytes } from 'node:crypto';
import {
  ALL_DAY,
  LIVE_VIEW_SHARE_PREFIX,
  LiveViewSettingsBody,
  businessHoursState,
  isLiveViewShareToken,
  isValidTimeZone,
  parseBusinessHours,
  canAccessOccupancy,
  seesNoTree,
  type LiveFeedItem,
  type MobileSettings,
  type LiveViewAdjustmentBody,
  type LiveViewInfo,
  type LiveViewShareResult,
  type Principal,
  type WeekWindows,
} from '@footfall/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import type { Tx } from '../../platform/db/unit-of-work.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/event-bus.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import {
  deleteLiveView,
  findLiveView,
  findLiveViewByShareHash,
  insertLiveView,
  listLiveViews,
  setShareHash,
  updateLiveView,
  type LiveViewRow,
  type LiveViewWrite,
} from './live-views.repository.js';
import {
  latestPoints,
  latestSeriesValue,
  nodeChain,
  occupancyById,
  occupancyOfNode,
} from './live-read.repository.js';
import { liveViewScreens, type LiveViewScreenRow } from './live-screens.repository.js';

/** The occupancy engine's write side, as a live view uses it (operator adjustments). */
export interface OccupancyAdjuster {
  /** applies the change (audited by the engine) and returns the new occupancy value */
  adjust(
    principal: Principal,
    occupancyId: string,
    change: { delta: number } | { value: number },
  ): Promise<number>;
}

interface EventLog {
  withAudit<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  record(
    tx: Tx,
    principal: Principal | null,
    command: string,
    target?: string | null,
    details?: Record<string, unknown>,
  ): Promise<void>;
}

export interface LiveViewDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  scope: ScopeService;
  eventLog: EventLog;
  /** resolved lazily: the occupancy service may be composed after this one */
  occupancy: () => OccupancyAdjuster | undefined;
  /** the signed-in user's mobile settings, for the occupancy access rule */
  users: { current(principal: Principal): Promise<{ mobileSettings: MobileSettings }> };
}

type Settings = z.output<typeof LiveViewSettingsBody>;

const NO_MOBILE_ACCESS = { hasAccessOccupancy: false, hasAccessOrganizationalTreeEvent: false };
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function seriesName(p: { node_name: string; measurement_protocol: string; meta_tags: string[] }) {
  const tags = p.meta_tags.length > 0 ? ` (${p.meta_tags.join(', ')})` : '';
  return `${p.node_name} · ${p.measurement_protocol}${tags}`;
}

/**
 * businessHoursState, remembered: its answer holds from when it was computed until the next change, and
 * working it out reads the zone's offset several times (Intl formatToParts), which showed in the
 * profile of a list of live views polled by many screens. Keyed by zone and hours, at most 500 kept.
 */
function createHoursStateCache() {
  const cache = new Map<string, { from: number; state: ReturnType<typeof businessHoursState> }>();
  return (windows: WeekWindows, timeZone: string, nowMs: number) => {
    const key = `${timeZone}|${JSON.stringify(windows)}`;
    const hit = cache.get(key);
    if (hit && hit.from <= nowMs && (hit.state.nextChangeAt === null || nowMs < hit.state.nextChangeAt)) {
      return hit.state;
    }
    const state = businessHoursState(windows, timeZone, nowMs);
    if (cache.size >= 500) cache.delete(cache.keys().next().value!);
    cache.set(key, { from: nowMs, state });
    return state;
  };
}

export function createLiveViewService(deps: LiveViewDeps) {
  const hoursState = createHoursStateCache();
  const { db, clock, eventLog } = deps;
  const { scope } = deps;

  /** time zone, business hours and capacity of a node from its (inherited) attributes */
  function contextOf(timezone: unknown, businessHours: unknown, capacityRaw: unknown) {
    let windows: WeekWindows;
    try {
      windows = parseBusinessHours(businessHours);
    } catch {
      windows = ALL_DAY; // a malformed attribute must not take the screen down
    }
    const capacity = num(typeof capacityRaw === 'string' ? Number(capacityRaw) : capacityRaw);
    return {
      timeZone: typeof timezone === 'string' && isValidTimeZone(timezone) ? timezone : 'UTC',
      windows,
      capacity,
    };
  }

  /** the node's own attributes, else the nearest ancestor's (capacity: the node's own only) */
  async function nodeContext(nodeId: string) {
    const chain = await nodeChain(db, nodeId);
    const pick = (key: string) => chain.find((n) => n.attributes[key] !== undefined)?.attributes[key];
    return contextOf(pick('timezone'), pick('businessHours'), chain[0]?.attributes.capacity);
  }

  /**
   * A live view as its screen gets it, from the row of liveViewScreens (one statement for a whole
   * list: occupancy, inherited attributes and latest queue points included).
   */
  function present(row: LiveViewScreenRow, now: Date): LiveViewInfo {
    const context = contextOf(row.timezone, row.business_hours, row.capacity);
    const hours = hoursState(context.windows, context.timeZone, now.getTime());
    // the latest point among the node's series of a protocol (each series' own latest point)
    const latestOf = (protocol: string) =>
      row.queue
        .filter((p) => p.protocol === protocol && p.value !== null)
        .sort((a, b) => b.occurredOn.getTime() - a.occurredOn.getTime())[0];
    const queueLength = latestOf('QueueLength');
    const queuingTime = latestOf('QueuingTime');
    const queueAt = [queueLength?.occurredOn, queuingTime?.occurredOn]
      .filter((d): d is Date => !!d)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      id: row.id,
      name: row.name,
      nodeId: row.node_id,
      nodeName: row.node_name,
      occupancyId: row.occupancy_id,
      occupancyValue: row.occupancy_id ? row.current_value : null,
      occupancyUpdatedAt: row.value_updated_at?.toISOString() ?? null,
      warningThreshold: row.warning_threshold,
      alertThreshold: row.alert_threshold,
      blackScreenOutsideBusinessHours: row.black_screen_outside_business_hours,
      thresholdDelta: row.threshold_delta,
      isDeltaPercentage: row.is_delta_percentage,
      capacity: context.capacity,
      timeZone: context.timeZone,
      openNow: hours.open,
      openChangesAt: hours.nextChangeAt === null ? null : new Date(hours.nextChangeAt).toISOString(),
      queue: {
        length: queueLength?.value ?? null,
        waitingSeconds: queuingTime?.value ?? null,
        occurredOn: queueAt?.toISOString() ?? null,
      },
      hasShareLink: row.share_token_hash !== null,
      serverTime: now.toISOString(),
    };
  }

  async function presentOne(row: LiveViewRow) {
    const [screen] = await liveViewScreens(db, { id: row.id });
    if (!screen) throw notFound('Live view');
    return present(screen, clock.now());
  }

  /** spec section 6: live views need access to occupancy (403 otherwise) */
  async function assertOccupancyAccess(principal: Principal) {
    // the roles that operate occupancy have access whatever their mobile settings: no need to load them
    if (canAccessOccupancy({ roles: principal.roles, mobileSettings: NO_MOBILE_ACCESS })) return;
    const { mobileSettings } = await deps.users.current(principal);
    if (!canAccessOccupancy({ roles: principal.roles, mobileSettings })) {
      throw forbidden('Your account has no access to occupancy');
    }
  }

  /** loads a live view the principal may see; 404 otherwise (also outside the scope) */
  async function load(principal: Principal, id: string) {
    await assertOccupancyAccess(principal);
    const row = await findLiveView(db, id);
    if (!row || !(await scope.isInScope(principal, row.node_id))) throw notFound('Live view');
    return row;
  }

  async function toWrite(principal: Principal, input: Settings): Promise<LiveViewWrite> {
    if (!(await scope.isInScope(principal, input.nodeId))) throw badRequest('Node not found', 'nodeId');
    let occupancyId: string | null;
    if (input.occupancyId) {
      const occ = await occupancyById(db, input.occupancyId);
      if (!occ || !(await scope.isInScope(principal, occ.node_id))) {
        throw badRequest('Occupancy not found', 'occupancyId');
      }
      occupancyId = occ.id;
    } else {
      occupancyId = (await occupancyOfNode(db, input.nodeId))?.id ?? null;
    }
    return {
      node_id: input.nodeId,
      occupancy_id: occupancyId,
      name: input.name,
      warning_threshold: input.warningThreshold,
      alert_threshold: input.alertThreshold,
      black_screen_outside_business_hours: input.blackScreenOutsideBusinessHours,
      threshold_delta: input.thresholdDelta,
      is_delta_percentage: input.isDeltaPercentage,
    };
  }

  function announce(id: string, w: LiveViewWrite) {
    if (!w.occupancy_id) return;
    deps.bus.emit('liveViewSettingsChanged', {
      liveViewId: id,
      nodeId: w.node_id,
      occupancyId: w.occupancy_id,
      warningThreshold: w.warning_threshold,
      alertThreshold: w.alert_threshold,
    });
  }

  const auditDetails = (w: LiveViewWrite) => ({
    name: w.name,
    nodeId: w.node_id,
    occupancyId: w.occupancy_id,
    warningThreshold: w.warning_threshold,
    alertThreshold: w.alert_threshold,
    blackScreenOutsideBusinessHours: w.black_screen_outside_business_hours,
    thresholdDelta: w.threshold_delta,
    isDeltaPercentage: w.is_delta_percentage,
  });

  return {
    async list(principal: Principal): Promise<LiveViewInfo[]> {
      await assertOccupancyAccess(principal);
      if (seesNoTree(principal)) return [];
      const now = clock.now();
      return (await liveViewScreens(db, { scopeRootId: principal.scopeNodeId })).map((r) => present(r, now));
    },

    /** the first live view in scope, by name: the default occupancy screen */
    async first(principal: Principal): Promise<LiveViewInfo> {
      await assertOccupancyAccess(principal);
      if (seesNoTree(principal)) {
        throw notFound('Live view');
      }
      const [row] = await listLiveViews(db, principal.scopeNodeId);
      if (!row) throw notFound('Live view');
      return presentOne(row);
    },

    async get(principal: Principal, id: string): Promise<LiveViewInfo> {
      return presentOne(await load(principal, id));
    },

    async create(principal: Principal, input: Settings): Promise<LiveViewInfo> {
      const w = await toWrite(principal, input);
      const id = await eventLog.withAudit(async (tx) => {
        const made = await insertLiveView(tx, w);
        await eventLog.record(tx, principal, 'LiveView.Create', made, auditDetails(w));
        return made;
      });
      announce(id, w);
      return this.get(principal, id);
    },

    async update(principal: Principal, id: string, input: Settings): Promise<LiveViewInfo> {
      await load(principal, id);
      const w = await toWrite(principal, input);
      await eventLog.withAudit(async (tx) => {
        await updateLiveView(tx, id, w, clock.now());
        await eventLog.record(tx, principal, 'LiveView.Update', id, auditDetails(w));
      });
      announce(id, w);
      return this.get(principal, id);
    },

    async remove(principal: Principal, id: string): Promise<void> {
      const row = await load(principal, id);
      await eventLog.withAudit(async (tx) => {
        await deleteLiveView(tx, id);
        await eventLog.record(tx, principal, 'LiveView.Delete', id, { name: row.name });
      });
    },

    /** an operator's correction of the count at the door (+1, -1, or set to a value) */
    async adjust(principal: Principal, id: string, body: LiveViewAdjustmentBody) {
      const row = await load(principal, id);
      if (!row.occupancy_id) throw badRequest('This live view has no occupancy to adjust', 'occupancyId');
      const occupancy = deps.occupancy();
      if (!occupancy) throw badRequest('Occupancy is not available on this server', 'occupancyId');
      const change = body.delta !== undefined ? { delta: body.delta } : { value: body.value! };
      // the occupancy's own entry and this one commit with the adjustment (nested units of work join)
      return eventLog.withAudit(async (tx) => {
        const occupancyValue = await occupancy.adjust(principal, row.occupancy_id!, change);
        await eventLog.record(tx, principal, 'LiveView.Adjust', id, {
          occupancyId: row.occupancy_id,
          ...change,
          occupancyValue,
        });
        return { occupancyValue };
      });
    },

    /** a new public link; the previous one, if any, stops working at once */
    async createShare(principal: Principal, id: string): Promise<LiveViewShareResult> {
      await load(principal, id);
      const token = LIVE_VIEW_SHARE_PREFIX + randomBytes(24).toString('base64url');
      await eventLog.withAudit(async (tx) => {
        await setShareHash(tx, id, hashToken(token), clock.now());
        await eventLog.record(tx, principal, 'LiveView.ShareCreate', id);
      });
      deps.bus.emit('liveViewShareRevoked', { liveViewId: id });
      return { token, path: `/liveview/public/${token}` };
    },

    async revokeShare(principal: Principal, id: string): Promise<void> {
      await load(principal, id);
      await eventLog.withAudit(async (tx) => {
        await setShareHash(tx, id, null, clock.now());
        await eventLog.record(tx, principal, 'LiveView.ShareRevoke', id);
      });
      deps.bus.emit('liveViewShareRevoked', { liveViewId: id });
    },

    async getPublic(token: string): Promise<LiveViewInfo> {
      const row = isLiveViewShareToken(token)
        ? await findLiveViewByShareHash(db, hashToken(token))
        : undefined;
      if (!row) throw notFound('Live view');
      return presentOne(row);
    },

    async resolveShareToken(token: string): Promise<{ liveViewId: string; nodeId: string } | null> {
      if (!isLiveViewShareToken(token)) return null;
      const row = await findLiveViewByShareHash(db, hashToken(token));
      return row ? { liveViewId: row.id, nodeId: row.node_id } : null;
    },

    /**
     * Demo data (DESIGN section 9): one live view per demo location that has none, red at 90 % of
     * the location's capacity, amber at 70 %, black outside business hours, a 5 % hysteresis.
     */
    async seedDemo(demo: { locations: { id: string; name: string; capacity: number }[] }): Promise<number> {
      let created = 0;
      for (const loc of demo.locations) {
        if ((await listLiveViews(db, loc.id)).length > 0) continue;
        const alert = Math.max(1, Math.floor(loc.capacity * 0.9));
        const w: LiveViewWrite = {
          node_id: loc.id,
          occupancy_id: (await occupancyOfNode(db, loc.id))?.id ?? null,
          name: `${loc.name} entrance`,
          warning_threshold: Math.floor(alert * 0.78),
          alert_threshold: alert,
          black_screen_outside_business_hours: true,
          threshold_delta: 5,
          is_delta_percentage: true,
        };
        await eventLog.withAudit(async (tx) => {
          const id = await insertLiveView(tx, w);
          await eventLog.record(tx, null, 'LiveView.Create', id, auditDetails(w));
        });
        created++;
      }
      return created;
    },

    /** time zone and current occupancy of a place (for showtimes); reads only */
    async placeInfo(nodeId: string): Promise<{ timeZone: string; occupancyValue: number | null }> {
      const [context, occ] = await Promise.all([nodeContext(nodeId), occupancyOfNode(db, nodeId)]);
      return { timeZone: context.timeZone, occupancyValue: occ ? occ.current_value : null };
    },

    /** the latest value of one series (an event's attendance series) */
    async latestSeriesValue(seriesId: string): Promise<number | null> {
      return latestSeriesValue(db, seriesId);
    },

    /** the hub's MeasurementsLiveFeed payload: latest value of each series under a node */
    async latestFeed(nodeId: string): Promise<LiveFeedItem[]> {
      const points = await latestPoints(db, nodeId);
      return points.map((p) => ({
        id: p.series_id,
        name: seriesName(p),
        measurementProtocol: p.measurement_protocol,
        value: p.value,
        occurredOn: p.occurred_on?.toISOString() ?? null,
        warningThreshold: p.warning_threshold,
        alertThreshold: p.alert_threshold,
      }));
    },
  };
}
export type LiveViewService = ReturnType<typeof createLiveViewService>;
