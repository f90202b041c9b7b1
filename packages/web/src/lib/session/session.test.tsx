import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockFetch } from '../../test/fetch-mock';
import { SessionProvider, useSession } from './session';
import { tokenStore } from './token-store';
import { useIdleTimeout } from './idle-timeout';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function mountSession() {
  let session: ReturnType<typeof useSession> | null = null;
  function Probe() {
    session = useSession();
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return () => session!;
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('token refresh timer', () => {
  it('refreshes at 75% of the remaining lifetime and keeps the new tokens', async () => {
    const next = { token: 'new.token.x', refreshToken: 'refresh-token-new', expiresAt: inSeconds(900) };
    const { calls } = mockFetch({ 'POST /authentication/refreshToken': () => ({ body: next }) });
    tokenStore.set({ token: 'old.token.x', refreshToken: 'refresh-token-old', expiresAt: inSeconds(100) });
    mountSession();
    await act(() => vi.advanceTimersByTimeAsync(74_000));
    expect(calls.filter((c) => c.url === '/authentication/refreshToken')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls.find((c) => c.url === '/authentication/refreshToken')?.body).toEqual({
      refreshToken: 'refresh-token-old',
    });
    expect(tokenStore.get()).toEqual(next);
  });

  it('waits at least 10 s and signs out when the refresh fails', async () => {
    mockFetch({ 'POST /authentication/refreshToken': () => ({ status: 401, body: { message: 'revoked' } }) });
    tokenStore.set({ token: 'old.token.x', refreshToken: 'refresh-token-old', expiresAt: inSeconds(4) });
    mountSession();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(tokenStore.get()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(tokenStore.get()).toBeNull();
  });
});

describe('idle timeout', () => {
  it('fires after the timeout without activity, and activity postpones it', async () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(2, onIdle));
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(onIdle).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('is disabled by a timeout of 0', async () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(0, onIdle));
    await act(() => vi.advanceTimersByTimeAsync(24 * 3_600_000));
    expect(onIdle).not.toHaveBeenCalled();
  });
});
