import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';

/** The public shapes of the hub server: what a feature gives it and what it hands back. */

/** Who is connected, as the authenticator sees it. */
export interface HubIdentity {
  /** stable id of the subject (a user id, a share link id): re-validation goes by subject */
  subject: string;
  /** epoch ms after which the connection is closed (the token's expiry); null = no expiry */
  expiresAt: number | null;
  /** the feature's own view of the caller; opaque here */
  data: unknown;
}

export interface HubAuthenticator {
  /** null when the token is not valid */
  authenticate(token: string): Promise<HubIdentity | null>;
  /** re-checks a live identity (user disabled, role or scope changed); null closes the connection */
  revalidate(identity: HubIdentity): Promise<HubIdentity | null>;
}

export interface HubConnection {
  readonly connectionId: string;
  identity: HubIdentity;
  readonly groups: ReadonlySet<string>;
  /** per-connection state kept by the feature (e.g. the hello-acknowledged flag) */
  readonly items: Map<string, unknown>;
  send(target: string, args: unknown[]): void;
  close(error?: string, allowReconnect?: boolean): void;
}

export type HubMethod = (connection: HubConnection, args: unknown[]) => unknown;

/** Thrown by a hub method: its message is sent to the caller in the completion. */
export class HubError extends Error {}

export interface HubLimits {
  /** largest accepted WebSocket message and hub message, in bytes */
  maxMessageBytes: number;
  /** sustained messages per second per connection, and the burst allowed above it */
  messagesPerSecond: number;
  messageBurst: number;
  /** a ping is sent when nothing else was sent for this long */
  keepAliveMs: number;
  /** the connection is closed when the client sent nothing (not even a ping) for this long */
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** a client that does not read is cut off once this much is queued for it */
  maxBufferedBytes: number;
  maxConnections: number;
  /** how often every connected subject is re-validated (disabled user, changed scope) */
  revalidateMs: number;
  sweepMs: number;
  /** group members written per turn of the event loop; a larger group is sent in several turns */
  fanOutChunk: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  maxMessageBytes: 32 * 1024,
  messagesPerSecond: 20,
  messageBurst: 40,
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
  maxConnections: 20_000,
  revalidateMs: 60_000,
  sweepMs: 1000,
  fanOutChunk: 500,
};

export interface HubServerOptions {
  /** e.g. '/signalr' */
  path: string;
  log: Logger;
  /** the token expiry is judged on the application clock */
  clock: Clock;
  authenticator: HubAuthenticator;
  /** hosts (host[:port]) a browser page may connect from, besides the request's own Host */
  allowedOriginHosts: string[];
  methods: Record<string, HubMethod>;
  onConnected?(connection: HubConnection): void;
  onDisconnected?(connection: HubConnection): void;
  /** called after re-validation changed a connection's identity (scope or roles changed) */
  onIdentityChanged?(connection: HubConnection): void | Promise<void>;
  limits?: Partial<HubLimits>;
}

export interface NegotiateAnswer {
  status: 200 | 401 | 403;
  body: Record<string, unknown>;
}
