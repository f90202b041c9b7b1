import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubConnection, IRetryPolicy } from '@microsoft/signalr';
import { LiveConnection, reconnectDelay, type LiveStatus } from './live-connection';

/** A stand-in for the official client's HubConnection: the test decides what each call does. */
function fakeHub() {
  const handlers: Record<string, (...a: unknown[]) => void> = {};
  const cb = {
    close: [] as ((e?: Error) => void)[],
    reconnecting: [] as (() => void)[],
    reconnected: [] as (() => void)[],
  };
  const hub = {
    start: vi.fn(async () => undefined),
    stop: vi.fn(async () => cb.close.forEach((f) => f())),
    invoke: vi.fn(async (_method: string, ..._args: unknown[]): Promise<unknown> => ({ acknowledged: true })),
    on: (name: string, f: (...a: unknown[]) => void) => (handlers[name] = f),
    onclose: (f: (e?: Error) => void) => cb.close.push(f),
    onreconnecting: (f: () => void) => cb.reconnecting.push(f),
    onreconnected: (f: () => void) => cb.reconnected.push(f),
  };
  return { hub, handlers, cb };
}

function make(h: ReturnType<typeof fakeHub>, nodeIds = ['n1']) {
  const statuses: LiveStatus[] = [];
  let retry: IRetryPolicy | null = null;
  const occupancy: unknown[] = [];
  const conn = new LiveConnection({
    accessToken: () => 'token',
    nodeIds,
    handlers: { onOccupancy: (...a) => occupancy.push(a) },
    onStatus: (s) => statuses.push(s),
    build: (_t, r) => {
      retry = r;
      return h.hub as unknown as HubConnection;
    },
  });
  return { conn, statuses, occupancy, retry: () => retry! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('reconnect delays', () => {
  it('are 0, 2 s, 5 s, then 10 s, for 5 retries', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => reconnectDelay(n))).toEqual([0, 2000, 5000, 10000, 10000, null]);
  });
});

describe('LiveConnection', () => {
  it('subscribes, says hello and turns acknowledged; handles pushed occupancy', async () => {
    const h = fakeHub();
    const { conn, statuses, occupancy, retry } = make(h);
    await conn.start();
    expect(h.hub.invoke).toHaveBeenNthCalledWith(1, 'MeasurementsLiveFeed', ['n1']);
    expect(h.hub.invoke).toHaveBeenNthCalledWith(2, 'Hello');
    expect(statuses).toEqual(['connecting', 'connected', 'acknowledged']);
    h.handlers.NewOccupancy!('n1', 7, 't', 'o');
    expect(occupancy).toEqual([['n1', 7, 't', 'o']]);
    expect(
      retry().nextRetryDelayInMilliseconds({
        previousRetryCount: 2,
        elapsedMilliseconds: 0,
        retryReason: new Error(),
      }),
    ).toBe(5000);
  });

  it('resets the acknowledged flag while reconnecting and subscribes again after', async () => {
    const h = fakeHub();
    const { conn, statuses } = make(h);
    await conn.start();
    h.cb.reconnecting.forEach((f) => f());
    expect(conn.status).toBe('reconnecting');
    h.cb.reconnected.forEach((f) => f());
    await vi.runAllTimersAsync();
    expect(statuses.slice(-3)).toEqual(['reconnecting', 'connected', 'acknowledged']);
    expect(h.hub.invoke.mock.calls.filter((c) => c[0] === 'MeasurementsLiveFeed')).toHaveLength(2);
  });

  it('retries a failed start after 5 s', async () => {
    const h = fakeHub();
    h.hub.start.mockRejectedValueOnce(new Error('down'));
    const { conn } = make(h);
    await conn.start();
    expect(conn.status).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(4999);
    expect(h.hub.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.hub.start).toHaveBeenCalledTimes(2);
    expect(conn.status).toBe('acknowledged');
  });

  it('retries a failed hello every 5 s, 5 times, then stops', async () => {
    const h = fakeHub();
    h.hub.invoke.mockImplementation(async (method: string) => {
      if (method === 'Hello') throw new Error('no');
      return { subscribed: [] };
    });
    const { conn } = make(h);
    await conn.start();
    expect(conn.status).toBe('connected');
    await vi.advanceTimersByTimeAsync(4 * 5000);
    expect(h.hub.invoke.mock.calls.filter((c) => c[0] === 'Hello')).toHaveLength(5);
    expect(h.hub.stop).toHaveBeenCalledTimes(1);
    expect(conn.status).toBe('disconnected');
    // stopped for good: no restart
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.hub.start).toHaveBeenCalledTimes(1);
  });

  it('stops cleanly without reconnecting', async () => {
    const h = fakeHub();
    const { conn } = make(h);
    await conn.start();
    await conn.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.hub.start).toHaveBeenCalledTimes(1);
    expect(conn.status).toBe('disconnected');
  });
});
