import { z } from 'zod';

/**
 * The real-time hub at /signalr (ASP.NET Core SignalR protocol, JSON). Names of the methods a client
 * invokes and of the messages the server sends, with their arguments. See
 * packages/server/src/platform/hub/README.md for the exchange.
 */
export const HUB_PATH = '/signalr';

/** client -> server */
export const HubMethods = {
  /** MeasurementsLiveFeed(nodeIds: string[]) -> MeasurementsLiveFeedResult; replaces the node subscriptions */
  measurementsLiveFeed: 'MeasurementsLiveFeed',
  /** Hello() -> HelloAck; sets the connection's acknowledged flag */
  hello: 'Hello',
} as const;

/** server -> client */
export const HubEvents = {
  /** NewOccupancy(nodeId, value, occurredOn, occupancyId) */
  newOccupancy: 'NewOccupancy',
  /** MeasurementsLiveFeed(LiveFeedMessage): at most one per node per second */
  measurementsLiveFeed: 'MeasurementsLiveFeed',
  /** NewLiveViewSettings(occupancyId, warningThreshold, alertThreshold, liveViewId) */
  newLiveViewSettings: 'NewLiveViewSettings',
} as const;

/** at most this many nodes in one subscription */
export const HUB_MAX_SUBSCRIBED_NODES = 200;

export const MeasurementsLiveFeedArgs = z.array(z.uuid()).min(1).max(HUB_MAX_SUBSCRIBED_NODES);

export const MeasurementsLiveFeedResult = z.object({ subscribed: z.array(z.uuid()) });
export type MeasurementsLiveFeedResult = z.infer<typeof MeasurementsLiveFeedResult>;

export const HelloAck = z.object({
  acknowledged: z.literal(true),
  connectionId: z.string(),
  serverTime: z.string(),
});
export type HelloAck = z.infer<typeof HelloAck>;

/** spec "Live-feed item": one series of a node with its latest value */
export const LiveFeedItem = z.object({
  /** time series id */
  id: z.uuid(),
  name: z.string(),
  measurementProtocol: z.string(),
  value: z.number().nullable(),
  occurredOn: z.string().nullable(),
  warningThreshold: z.number().nullable(),
  alertThreshold: z.number().nullable(),
});
export type LiveFeedItem = z.infer<typeof LiveFeedItem>;

export const LiveFeedMessage = z.object({
  nodeId: z.uuid(),
  items: z.array(LiveFeedItem),
});
export type LiveFeedMessage = z.infer<typeof LiveFeedMessage>;

/** arguments of NewOccupancy, in order */
export type NewOccupancyArgs = [nodeId: string, value: number, occurredOn: string, occupancyId: string];
/** arguments of NewLiveViewSettings, in order */
export type NewLiveViewSettingsArgs = [
  occupancyId: string,
  warningThreshold: number,
  alertThreshold: number,
  liveViewId: string,
];
