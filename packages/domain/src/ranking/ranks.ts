import type { RankingOrder } from '../contracts/ranking.js';
export { deltaPercent as rankingDeltaPercent } from '../dashboard/format.js';

/**
 * Competition ranks ("1224"): equal values share the best rank, the next value skips the tied
 * places; null values get no rank. `order` desc ranks the highest value first.
 */
export function competitionRanks(values: readonly (number | null)[], order: RankingOrder): (number | null)[] {
  const sign = order === 'desc' ? -1 : 1;
  const ranked = values
    .map((v, i) => ({ v, i }))
    .filter((x): x is { v: number; i: number } => x.v !== null && Number.isFinite(x.v))
    .sort((a, b) => sign * (a.v - b.v));
  const out: (number | null)[] = values.map(() => null);
  ranked.forEach((x, pos) => {
    const prev = ranked[pos - 1];
    out[x.i] = prev && prev.v === x.v ? out[prev.i]! : pos + 1;
  });
  return out;
}

/** value - base, or null when either is missing. */
export const rankingDelta = (value: number | null, base: number | null): number | null =>
  value === null || base === null ? null : round4(value - base);

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
