import { DEFAULT_REFRESH_RATE_MINUTES } from '../constants.js';

/** Refresh interval: minutes x 60000 ms, 15 minutes when missing or not a positive number. */
export function refreshIntervalMs(refreshRate: number | null | undefined): number {
  const minutes =
    typeof refreshRate === 'number' && Number.isFinite(refreshRate) && refreshRate > 0
      ? refreshRate
      : DEFAULT_REFRESH_RATE_MINUTES;
  return minutes * 60_000;
}

/** Loading counters gate the refresh and never go below zero. */
export function nextLoadingCount(count: number, delta: 1 | -1): number {
  return Math.max(0, count + delta);
}
