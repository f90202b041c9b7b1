import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findUnsafeText, safeText, unsafeTextReason } from './safe-text.js';

describe('safe text', () => {
  it('refuses NUL and lone surrogates, accepts paired surrogates and ordinary text', () => {
    expect(unsafeTextReason('a\u0000b')).toBe('nul');
    expect(unsafeTextReason('rep\ud800')).toBe('surrogate');
    expect(unsafeTextReason('\udc00x')).toBe('surrogate');
    expect(unsafeTextReason('\udc00\ud800')).toBe('surrogate');
    expect(unsafeTextReason('emoji \ud83d\ude00 ok')).toBeNull();
    expect(unsafeTextReason('Caf\u00e9 \u4e2d')).toBeNull();
    expect(safeText().safeParse('a\u0000').success).toBe(false);
    expect(safeText().safeParse('fine').success).toBe(true);
  });

  it('agrees with encodeURIComponent (which throws on a lone surrogate) for any string', () => {
    const wellFormed = (s: string) => {
      try {
        encodeURIComponent(s);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(unsafeTextReason(s) === null).toBe(wellFormed(s) && !s.includes('\u0000'));
      }),
      { numRuns: 500 },
    );
  });

  it('names the path of the first bad string, keys included', () => {
    expect(findUnsafeText({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toEqual({ path: 'a.1.c', reason: 'nul' });
    expect(findUnsafeText({ ['k\ud800']: 1 })).toEqual({ path: 'k?', reason: 'surrogate' });
    expect(findUnsafeText({ a: 1, b: [true, null, 'ok'] })).toBeNull();
    expect(findUnsafeText('top\u0000', ['body'])).toEqual({ path: 'body', reason: 'nul' });
  });
});
