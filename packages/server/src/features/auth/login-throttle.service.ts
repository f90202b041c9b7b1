import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import {
  clearThrottle,
  refundThrottleAttempt,
  reserveThrottleAttempt,
  type ThrottleReservation,
} from './auth.repository.js';

/**
 * Sign-ins are throttled per account and per IP address (login_throttle, one row per key).
 *
 * Each attempt is counted before the password is checked: it takes one attempt from the account's and
 * the address's budgets atomically, or is refused (429) while either key is locked. The first `free`
 * attempts in an hour cost nothing; after that each one locks its key for 1 s, 2 s, 4 s ... at most
 * 40 s. Counting first means concurrent attempts cannot all pass a check of the same count: whatever
 * the concurrency, an account sees at most 3 + 6 + (3600 - 63) / 40 ≈ 97 failures in its first hour
 * (the window restarting with 3 free tries), and no key is ever locked for longer than 40 s - an
 * attacker hammering an account delays its real owner by at most that, never locks them out.
 *
 * A success clears the account and is given back to the address: only failures use up an address's
 * budget, so the sign-ins of other users behind the same address (a proxy without TRUST_PROXY) do not
 * push its lock further.
 */
export const THROTTLE = {
  windowMs: 60 * 60_000,
  baseMs: 1000,
  capMs: 40_000,
  account: { free: 3 },
  ip: { free: 20 },
} as const;

type Policy = { free: number };
export interface ThrottleKey {
  key: string;
  policy: Policy;
  /** a success clears the key (the account) rather than only giving its attempt back (the address) */
  clearOnSuccess: boolean;
}

/** how long the attempt numbered `attempts` (from 1) in the window locks its key */
export const backoffMs = (attempts: number, free: number) =>
  attempts < free ? 0 : Math.min(THROTTLE.capMs, THROTTLE.baseMs * 2 ** (attempts - free));

export function loginThrottleKeys(username: string, ip: string): ThrottleKey[] {
  return [
    { key: `account:${username.trim().toLowerCase()}`, policy: THROTTLE.account, clearOnSuccess: true },
    { key: `ip:${ip}`, policy: THROTTLE.ip, clearOnSuccess: false },
  ];
}

/** The attempts a sign-in holds while its password is checked. */
export type ThrottleClaim = { ok: true; reservations: ThrottleReservation[] } | { ok: false; waitMs: number };

export function createLoginThrottle(db: Db, clock: Clock) {
  const refundAll = (reservations: ThrottleReservation[]) =>
    Promise.all(reservations.map((r) => refundThrottleAttempt(db, r)));

  return {
    /**
     * Reserves one attempt on every key, in order; when a key is locked, gives back those already taken
     * and answers the wait (the answer is then 429 with Retry-After).
     */
    async claim(keys: ThrottleKey[]): Promise<ThrottleClaim> {
      const now = clock.now();
      const windowStartAfter = new Date(now.getTime() - THROTTLE.windowMs);
      const reservations: ThrottleReservation[] = [];
      for (const k of keys) {
        const res = await reserveThrottleAttempt(db, k.key, now, windowStartAfter, (n) =>
          backoffMs(n, k.policy.free),
        );
        if (!res.granted) {
          await refundAll(reservations);
          return { ok: false, waitMs: Math.min(THROTTLE.capMs, res.lockedUntil.getTime() - now.getTime()) };
        }
        reservations.push(res.reservation);
      }
      return { ok: true, reservations };
    },
    /** (A failed attempt needs nothing: it stays counted and its locks stay.) The attempt succeeded: the account starts afresh, the address gets its attempt back. */
    async succeeded(keys: ThrottleKey[], reservations: ThrottleReservation[]): Promise<void> {
      for (const k of keys) {
        const r = reservations.find((x) => x.key === k.key);
        if (k.clearOnSuccess) await clearThrottle(db, k.key);
        else if (r) await refundThrottleAttempt(db, r);
      }
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
