import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

/**
 * Carries hub traffic between server instances. Every instance publishes what happened on it and
 * delivers what it receives to its own connections, so a count ingested on instance A reaches a
 * screen connected to instance B. Without REDIS_URL there is one instance and the backplane is a
 * direct call.
 */
export interface BackplaneMessage {
  topic: string;
  data: unknown;
}

export interface Backplane {
  readonly kind: 'local' | 'redis';
  publish(message: BackplaneMessage): void;
  subscribe(handler: (message: BackplaneMessage) => void): () => void;
  close(): Promise<void>;
}

class Handlers {
  private readonly set = new Set<(m: BackplaneMessage) => void>();
  constructor(private readonly log: Logger) {}
  add(h: (m: BackplaneMessage) => void) {
    this.set.add(h);
    return () => void this.set.delete(h);
  }
  deliver(m: BackplaneMessage) {
    for (const h of this.set) {
      try {
        h(m);
      } catch (err) {
        this.log.error({ err, topic: m.topic }, 'hub backplane handler failed');
      }
    }
  }
}

/**
 * In process. Delivery waits for the next turn of the event loop, like Redis would: the request
 * that caused the event (an ingest, an adjustment) answers without waiting for the fan-out.
 */
export function createLocalBackplane(log: Logger): Backplane {
  const handlers = new Handlers(log);
  return {
    kind: 'local',
    publish: (m) => void setImmediate(() => handlers.deliver(m)),
    subscribe: (h) => handlers.add(h),
    close: async () => undefined,
  };
}

/**
 * Redis pub/sub: one connection publishes, one subscribes. The publishing instance receives its own
 * messages back through Redis, so every instance follows the same path. While Redis is unreachable
 * messages are dropped (a live screen shows the next value instead) rather than queued without bound.
 */
export async function createRedisBackplane(url: string, channel: string, log: Logger): Promise<Backplane> {
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true } as const;
  const pub = new Redis(url, options);
  const sub = new Redis(url, { ...options, enableOfflineQueue: true });
  const handlers = new Handlers(log);
  let warned = false;
  const onError = (err: Error) => {
    if (!warned) log.warn({ err: err.message }, 'hub backplane: Redis unreachable, retrying');
    warned = true;
  };
  pub.on('error', onError);
  sub.on('error', onError);
  sub.on('ready', () => (warned = false));
  sub.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    let message: BackplaneMessage;
    try {
      message = JSON.parse(raw) as BackplaneMessage;
    } catch {
      return;
    }
    if (typeof message?.topic === 'string') handlers.deliver(message);
  });
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel);
  return {
    kind: 'redis',
    publish(m) {
      pub.publish(channel, JSON.stringify(m)).catch(onError);
    },
    subscribe: (h) => handlers.add(h),
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
