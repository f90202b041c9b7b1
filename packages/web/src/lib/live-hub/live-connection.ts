import {
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
  type IRetryPolicy,
  type RetryContext,
} from '@microsoft/signalr';
import {
  HUB_PATH,
  HubEvents,
  HubMethods,
  SOCKET_HELLO_RETRIES,
  SOCKET_HELLO_RETRY_MS,
  SOCKET_RECONNECT_DELAYS_MS,
  SOCKET_START_RETRY_MS,
  type LiveFeedMessage,
} from '@footfall/domain';

/**
 * The browser side of the real-time hub (spec section 4 "Real-time socket"):
 * - automatic reconnect, 5 retries by default, after 0, 2 s, 5 s, then 10 s;
 * - a start that fails (or a connection that closes for good) is tried again after 5 s;
 * - after every (re)connection the client says Hello; the acknowledged flag is set when the server
 *   answers and reset whenever the connection is not connected; a failed Hello is retried every
 *   5 s, up to 5 times, then the connection stops;
 * - a clean stop disables auto-reconnect first.
 * The node subscriptions are made again after each reconnection (the server forgets them).
 */
export type LiveStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected' | 'acknowledged';

export const RECONNECT_RETRIES = 5;

/** Delay before reconnect attempt `retryCount` (0-based), or null to give up. */
export function reconnectDelay(retryCount: number, retries = RECONNECT_RETRIES): number | null {
  if (retryCount >= retries) return null;
  const delays = SOCKET_RECONNECT_DELAYS_MS;
  return delays[Math.min(retryCount, delays.length - 1)]!;
}

export interface LiveHandlers {
  onOccupancy?(nodeId: string, value: number, occurredOn: string, occupancyId: string): void;
  onSettings?(
    occupancyId: string,
    warningThreshold: number,
    alertThreshold: number,
    liveViewId: string,
  ): void;
  onFeed?(message: LiveFeedMessage): void;
  /** the subscription was refused (node out of scope, link revoked) */
  onSubscribeError?(error: Error): void;
}

export interface LiveConnectionOptions {
  accessToken: () => string | Promise<string>;
  nodeIds: readonly string[];
  handlers: LiveHandlers;
  onStatus(status: LiveStatus): void;
  /** tests give a fake; the default builds the official client on /signalr */
  build?: (accessToken: () => string | Promise<string>, retry: IRetryPolicy) => HubConnection;
}

const defaultBuild = (accessToken: () => string | Promise<string>, retry: IRetryPolicy) =>
  new HubConnectionBuilder()
    .withUrl(HUB_PATH, { accessTokenFactory: accessToken })
    .withAutomaticReconnect(retry)
    .configureLogging(LogLevel.None)
    .build();

export class LiveConnection {
  private readonly connection: HubConnection;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  status: LiveStatus = 'disconnected';

  constructor(private readonly opts: LiveConnectionOptions) {
    const retry: IRetryPolicy = {
      nextRetryDelayInMilliseconds: (ctx: RetryContext) => reconnectDelay(ctx.previousRetryCount),
    };
    this.connection = (opts.build ?? defaultBuild)(opts.accessToken, retry);
    const h = opts.handlers;
    this.connection.on(HubEvents.newOccupancy, (nodeId: string, value: number, at: string, occ: string) =>
      h.onOccupancy?.(nodeId, value, at, occ),
    );
    this.connection.on(
      HubEvents.newLiveViewSettings,
      (occ: string, warning: number, alert: number, liveViewId: string) =>
        h.onSettings?.(occ, warning, alert, liveViewId),
    );
    this.connection.on(HubEvents.measurementsLiveFeed, (m: LiveFeedMessage) => h.onFeed?.(m));
    this.connection.onreconnecting(() => this.setStatus('reconnecting'));
    this.connection.onreconnected(() => void this.connected());
    this.connection.onclose(() => {
      this.setStatus('disconnected');
      if (!this.stopped) this.later(() => void this.start(), SOCKET_START_RETRY_MS);
    });
  }

  private setStatus(s: LiveStatus) {
    if (this.status === s) return;
    this.status = s;
    this.opts.onStatus(s);
  }

  private later(fn: () => void, ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      fn();
    }, ms);
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    this.setStatus('connecting');
    try {
      await this.connection.start();
    } catch {
      if (this.stopped) return;
      this.setStatus('disconnected');
      this.later(() => void this.start(), SOCKET_START_RETRY_MS);
      return;
    }
    await this.connected();
  }

  private async connected() {
    const generation = ++this.generation;
    this.setStatus('connected');
    if (this.opts.nodeIds.length > 0) {
      try {
        await this.connection.invoke(HubMethods.measurementsLiveFeed, [...this.opts.nodeIds]);
      } catch (e) {
        this.opts.handlers.onSubscribeError?.(e as Error);
      }
    }
    await this.hello(generation, 0);
  }

  private async hello(generation: number, attempt: number): Promise<void> {
    if (this.stopped || generation !== this.generation) return;
    try {
      await this.connection.invoke(HubMethods.hello);
      if (generation === this.generation && this.status === 'connected') this.setStatus('acknowledged');
    } catch {
      if (this.stopped || generation !== this.generation) return;
      if (attempt + 1 < SOCKET_HELLO_RETRIES) {
        this.later(() => void this.hello(generation, attempt + 1), SOCKET_HELLO_RETRY_MS);
      } else {
        // the server never acknowledges: give up rather than pretend to be live
        this.stopped = true;
        await this.connection.stop().catch(() => undefined);
        this.setStatus('disconnected');
      }
    }
  }

  /** A clean stop: no reconnect, no retry. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.connection.stop().catch(() => undefined);
    this.setStatus('disconnected');
  }
}
