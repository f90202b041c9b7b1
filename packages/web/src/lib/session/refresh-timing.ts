import { TOKEN_REFRESH_MIN_MS, TOKEN_REFRESH_RATIO } from '@footfall/domain';

/** The refresh runs at 75% of the token's remaining lifetime, and never sooner than 10 s. */
export function refreshDelayMs(expiresAt: string | Date, now: number): number {
  const remaining = new Date(expiresAt).getTime() - now;
  if (!Number.isFinite(remaining)) return TOKEN_REFRESH_MIN_MS;
  return Math.max(TOKEN_REFRESH_MIN_MS, Math.floor(remaining * TOKEN_REFRESH_RATIO));
}
