import {
  HUB_PATH,
  HubEvents,
  HubMethods,
  MeasurementsLiveFeedArgs,
  type HelloAck,
  type LiveFeedItem,
  type MeasurementsLiveFeedResult,
  type NewLiveViewSettingsArgs,
  type NewOccupancyArgs,
} from '@footfall/domain';
import type { AppContext } from '../../platform/context.js';
import type { Backplane } from '../../platform/hub/backplane.js';
import {
  HubError,
  HubServer,
  type HubConnection,
  type HubLimits,
  type HubMethod,
} from '../../platform/hub/hub-server.js';
import type { DomainEvents } from '../../platform/event-bus.js';
import { callerOf, createHubAuthenticator, type LiveCaller, type ShareResolver } from './hub-identity.js';

/**
 * The live hub: who may subscribe to what, and which domain events become which hub messages.
 * Events travel through the backplane (Redis with REDIS_URL), so each instance delivers what any
 * instance saw to its own connections.
 */
export interface LiveFeedSource {
  /** latest value of each series of a node (spec "Live-feed item") */
  latest(nodeId: string): Promise<LiveFeedItem[]>;
}

export interface LiveHubDeps {
  ctx: AppContext;
  backplane: Backplane;
  isInScope(principal: Extract<LiveCaller, { kind: 'user' }>['principal'], nodeId: string): Promise<boolean>;
  /** true when `inner` is `outer` or lies below it */
  contains(outer: string, inner: string): Promise<boolean>;
  principals: Parameters<typeof createHubAuthenticator>[0]['principals'];
  shares: ShareResolver | null;
  isShareToken(token: string): boolean;
  feed: LiveFeedSource | null;
  limits?: Partial<HubLimits>;
}

/** hub messages about a node go to this group */
export const nodeGroup = (nodeId: string) => `node:${nodeId}`;
const FEED_INTERVAL_MS = 1000;
const CONTAINS_CACHE_MS = 60_000;
const SCOPE_CACHE_MS = 30_000;
/** subscribers arriving together share one read of a node's latest values */
const FEED_SHARE_MS = 1000;

type Topic =
  | { topic: 'occupancy'; data: DomainEvents['occupancyChanged'] }
  | { topic: 'ingested'; data: { nodeIds: string[] } }
  | { topic: 'liveViewSettings'; data: DomainEvents['liveViewSettingsChanged'] }
  | { topic: 'userAccess'; data: DomainEvents['userAccessChanged'] }
  | { topic: 'shareRevoked'; data: DomainEvents['liveViewShareRevoked'] };

export function createLiveHub(deps: LiveHubDeps) {
  const { ctx, backplane } = deps;
  const log = ctx.log;

  // scope answers per (scope, roles, node) for half a minute: a screen wall subscribing thousands of
  // clients to one store asks once; a changed scope or role is a different key
  const scopeCache = new Map<string, { value: Promise<boolean>; at: number }>();
  async function mayWatch(caller: LiveCaller, nodeId: string) {
    if (caller.kind === 'share') return caller.nodeId === nodeId;
    const p = caller.principal;
    const key = `${p.scopeNodeId ?? '*'}|${[...p.roles].sort().join(',')}|${nodeId}`;
    const hit = scopeCache.get(key);
    if (hit && Date.now() - hit.at < SCOPE_CACHE_MS) return hit.value;
    if (scopeCache.size > 50_000) scopeCache.clear();
    const value = deps.isInScope(p, nodeId);
    scopeCache.set(key, { value, at: Date.now() });
    value.catch(() => scopeCache.delete(key));
    return value;
  }

  const measurementsLiveFeed: HubMethod = async (conn, args) => {
    // accepts MeasurementsLiveFeed([ids]) as the spec's client sends it, and MeasurementsLiveFeed(id, id...)
    const raw = Array.isArray(args[0]) ? args[0] : args;
    const parsed = MeasurementsLiveFeedArgs.safeParse([...new Set(raw)]);
    if (!parsed.success) throw new HubError('nodeIds: expected 1 to 200 node ids (uuid).');
    const nodeIds = parsed.data;
    const caller = callerOf(conn.identity);
    const refused: string[] = [];
    for (const id of nodeIds) if (!(await mayWatch(caller, id))) refused.push(id);
    if (refused.length > 0) {
      // all or nothing: a refused id never leaves the others half-subscribed
      throw new HubError(`Node not found or outside your scope: ${refused.join(', ')}`);
    }
    const wanted = new Set(nodeIds.map(nodeGroup));
    for (const g of [...conn.groups]) if (g.startsWith('node:') && !wanted.has(g)) hub.leave(conn, g);
    for (const g of wanted) hub.join(conn, g);
    // the screen gets the current values at once instead of waiting for the next count
    for (const id of nodeIds) void sendFeed(id, conn);
    return { subscribed: nodeIds } satisfies MeasurementsLiveFeedResult;
  };

  const hello: HubMethod = (conn) => {
    conn.items.set('acknowledged', true);
    const ack: HelloAck = {
      acknowledged: true,
      connectionId: conn.connectionId,
      serverTime: ctx.clock.now().toISOString(),
    };
    return ack;
  };

  /** after re-validation: a user whose scope shrank leaves the nodes now outside it */
  async function onIdentityChanged(conn: HubConnection) {
    const caller = callerOf(conn.identity);
    for (const g of [...conn.groups]) {
      if (!g.startsWith('node:')) continue;
      if (!(await mayWatch(caller, g.slice(5)))) hub.leave(conn, g);
    }
  }

  const hub = new HubServer({
    path: HUB_PATH,
    log,
    clock: ctx.clock,
    allowedOriginHosts: [new URL(ctx.config.PUBLIC_URL).host],
    authenticator: createHubAuthenticator({
      tokens: ctx.tokens,
      principals: deps.principals,
      shares: deps.shares,
      isShareToken: deps.isShareToken,
    }),
    methods: { [HubMethods.measurementsLiveFeed]: measurementsLiveFeed, [HubMethods.hello]: hello },
    onIdentityChanged,
    ...(deps.limits ? { limits: deps.limits } : {}),
  });

  // --- MeasurementsLiveFeed: at most one message per node per second ------------------------------
  const lastFeedAt = new Map<string, number>();
  const feedTimers = new Map<string, NodeJS.Timeout>();

  const feedReads = new Map<string, { items: Promise<LiveFeedItem[]>; at: number }>();
  function latest(nodeId: string, fresh: boolean): Promise<LiveFeedItem[]> {
    const hit = feedReads.get(nodeId);
    if (!fresh && hit && Date.now() - hit.at < FEED_SHARE_MS) return hit.items;
    const items = deps.feed!.latest(nodeId);
    feedReads.set(nodeId, { items, at: Date.now() });
    if (feedReads.size > 10_000) feedReads.clear();
    items.catch(() => feedReads.delete(nodeId));
    return items;
  }

  async function sendFeed(nodeId: string, only?: HubConnection) {
    if (!deps.feed) return;
    let items: LiveFeedItem[];
    try {
      // a push after new data reads afresh; a new subscriber may share a read under a second old
      items = await latest(nodeId, !only);
    } catch (err) {
      log.warn({ err, nodeId }, 'live feed: latest values failed');
      return;
    }
    const args = [{ nodeId, items }];
    if (only) only.send(HubEvents.measurementsLiveFeed, args);
    else hub.sendToGroup(nodeGroup(nodeId), HubEvents.measurementsLiveFeed, args);
  }

  function scheduleFeed(nodeId: string) {
    if (feedTimers.has(nodeId)) return; // already due: this change rides along
    const wait = Math.max(0, (lastFeedAt.get(nodeId) ?? 0) + FEED_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      feedTimers.delete(nodeId);
      lastFeedAt.set(nodeId, Date.now());
      if (hub.hasGroup(nodeGroup(nodeId))) void sendFeed(nodeId);
    }, wait);
    timer.unref();
    feedTimers.set(nodeId, timer);
  }

  // subscribed node -> touched node -> contained?, cached a minute (the tree rarely moves)
  const containsCache = new Map<string, { value: boolean; at: number }>();
  async function containsCached(outer: string, inner: string) {
    const key = `${outer}>${inner}`;
    const hit = containsCache.get(key);
    if (hit && Date.now() - hit.at < CONTAINS_CACHE_MS) return hit.value;
    const value = await deps.contains(outer, inner);
    if (containsCache.size > 50_000) containsCache.clear();
    containsCache.set(key, { value, at: Date.now() });
    return value;
  }

  async function onIngested(touched: string[]) {
    // a location's or group's series sum those of the devices below: a subscriber to an ancestor cares too
    const subscribed = [...hub.groupNames()].filter((g) => g.startsWith('node:')).map((g) => g.slice(5));
    for (const node of subscribed) {
      for (const t of touched) {
        if (node === t || (await containsCached(node, t))) {
          scheduleFeed(node);
          break;
        }
      }
    }
  }

  function deliver(message: Topic) {
    switch (message.topic) {
      case 'occupancy': {
        const { nodeId, value, occurredOn, occupancyId } = message.data;
        const args: NewOccupancyArgs = [nodeId, value, occurredOn, occupancyId];
        hub.sendToGroup(nodeGroup(nodeId), HubEvents.newOccupancy, args);
        return;
      }
      case 'ingested':
        void onIngested(message.data.nodeIds).catch((err) => log.warn({ err }, 'live feed: ingest fan-out'));
        return;
      case 'liveViewSettings': {
        const d = message.data;
        const args: NewLiveViewSettingsArgs = [
          d.occupancyId,
          d.warningThreshold,
          d.alertThreshold,
          d.liveViewId,
        ];
        hub.sendToGroup(nodeGroup(d.nodeId), HubEvents.newLiveViewSettings, args);
        return;
      }
      case 'userAccess':
        void hub.revalidateSubject(message.data.userId);
        return;
      case 'shareRevoked':
        void hub.revalidateSubject(`share:${message.data.liveViewId}`);
        return;
    }
  }

  const unsubscribe = backplane.subscribe((m) => deliver(m as Topic));
  const publish = (m: Topic) => backplane.publish(m);
  const offs = [
    ctx.bus.on('occupancyChanged', (data) => publish({ topic: 'occupancy', data })),
    ctx.bus.on('measurementsIngested', (data) =>
      publish({ topic: 'ingested', data: { nodeIds: data.nodeIds } }),
    ),
    ctx.bus.on('liveViewSettingsChanged', (data) => publish({ topic: 'liveViewSettings', data })),
    ctx.bus.on('userAccessChanged', (data) => publish({ topic: 'userAccess', data })),
    ctx.bus.on('liveViewShareRevoked', (data) => publish({ topic: 'shareRevoked', data })),
  ];

  return {
    hub,
    async close() {
      for (const off of offs) off();
      unsubscribe();
      for (const t of feedTimers.values()) clearTimeout(t);
      await hub.close();
      await backplane.close();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
