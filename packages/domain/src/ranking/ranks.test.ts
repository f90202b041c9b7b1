import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { competitionRanks, rankingDelta, rankingDeltaPercent } from './ranks.js';

describe('competitionRanks', () => {
  it('gives ties the best shared rank and skips the tied places', () => {
    expect(competitionRanks([10, 30, 20, 30, null], 'desc')).toEqual([4, 1, 3, 1, null]);
    expect(competitionRanks([10, 30, 20, 30, null], 'asc')).toEqual([1, 3, 2, 3, null]);
    expect(competitionRanks([], 'desc')).toEqual([]);
  });

  it('rank = 1 + the number of strictly better values, for any values', () => {
    const values = fc.array(fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }), { maxLength: 40 });
    fc.assert(
      fc.property(values, fc.constantFrom('desc' as const, 'asc' as const), (vs, order) => {
        const ranks = competitionRanks(vs, order);
        vs.forEach((v, i) => {
          if (v === null) expect(ranks[i]).toBeNull();
          else {
            const better = vs.filter((x) => x !== null && (order === 'desc' ? x > v : x < v)).length;
            expect(ranks[i]).toBe(better + 1);
          }
        });
      }),
    );
  });
});

describe('deltas', () => {
  it('are null without a base, and the percent without a non-zero base', () => {
    expect(rankingDelta(5, null)).toBeNull();
    expect(rankingDelta(5, 8)).toBe(-3);
    expect(rankingDeltaPercent(5, 0)).toBeNull();
    expect(rankingDeltaPercent(150, 100)).toBe(50);
    expect(rankingDeltaPercent(-50, -100)).toBe(50);
  });
});
