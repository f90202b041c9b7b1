import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import { clearThrottle, findThrottle, recordFailure, reserveAttempt, setLock } from './auth.repository.js';

/**
 * Failed sign-ins are throttled per account and per IP address (login_throttle, one row per key).
 * The first `free` failures in an hour cost nothing; after that each attempt must wait
 * 1 s, 2 s, 4 s ... capped at 40 s. With that cap a single account can see at most
 * 3 + 6 + (3600 - 63) / 40 ≈ 97 failures in its first hour (≈ 100 in any sliding hour, the window
 * restarting with 3 free tries), and the hard limit of 100 per window is a second fence.
 * The cap is short on purpose: an attacker hammering an account delays its real owner by at
 * most 40 s, never locks them out for long. A success clears the account's counter.
 */
export const THROTTLE = {
  windowMs: 60 * 60_000,
  baseMs: 1000,
  capMs: 40_000,
  account: { free: 3, max: 100 },
  ip: { free: 20, max: 1000 },
} as const;

type Policy = { free: number; max: number };
export interface ThrottleKey {
  key: string;
  policy: Policy;
}

export const backoffMs = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(THROTTLE.capMs, THROTTLE.baseMs * 2 ** (failures - free));

export function loginThrottleKeys(username: string, ip: string): ThrottleKey[] {
  return [
    { key: `account:${username.trim().toLowerCase()}`, policy: THROTTLE.account },
    { key: `ip:${ip}`, policy: THROTTLE.ip },
  ];
}

export function createLoginThrottle(db: Db, clock: Clock) {
  /** ms to wait before this key may try again; 0 when it may try now */
  async function waitFor(k: ThrottleKey, now: Date): Promise<number> {
    const row = await findThrottle(db, k.key);
    if (!row || row.window_start.getTime() <= now.getTime() - THROTTLE.windowMs) return 0;
    if (row.failures >= k.policy.max) return row.window_start.getTime() + THROTTLE.windowMs - now.getTime();
    if (row.locked_until && row.locked_until > now) return row.locked_until.getTime() - now.getTime();
    if (row.failures < k.policy.free) return 0;
    const lockUntil = new Date(now.getTime() + backoffMs(row.failures, k.policy.free));
    if (await reserveAttempt(db, k.key, now, lockUntil)) return 0;
    // someone else claimed this slot a moment ago
    const again = await findThrottle(db, k.key);
    return Math.max(1000, (again?.locked_until?.getTime() ?? now.getTime()) - now.getTime());
  }

  return {
    /** 0 when the attempt may go ahead, else the ms to wait (the answer is 429 with Retry-After). */
    async claim(keys: ThrottleKey[]): Promise<number> {
      const now = clock.now();
      for (const k of keys) {
        const wait = await waitFor(k, now);
        if (wait > 0) return wait;
      }
      return 0;
    },
    async failed(keys: ThrottleKey[]): Promise<void> {
      const now = clock.now();
      for (const k of keys) {
        const row = await recordFailure(db, k.key, now, new Date(now.getTime() - THROTTLE.windowMs));
        const until =
          row.failures >= k.policy.max
            ? new Date(row.window_start.getTime() + THROTTLE.windowMs)
            : backoffMs(row.failures, k.policy.free) > 0
              ? new Date(now.getTime() + backoffMs(row.failures, k.policy.free))
              : null;
        await setLock(db, k.key, until);
      }
    },
    async succeeded(keys: ThrottleKey[]): Promise<void> {
      const account = keys[0];
      if (account) await clearThrottle(db, account.key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
