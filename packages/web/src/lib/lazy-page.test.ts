import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadAfterChunkError } from './lazy-page';

describe('chunk load failures', () => {
  it('are recognised by their browser messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
  it('reload the page at most once per minute', () => {
    const now = 1_000_000;
    expect(shouldReloadAfterChunkError(null, now)).toBe(true);
    expect(shouldReloadAfterChunkError(now - 30_000, now)).toBe(false);
    expect(shouldReloadAfterChunkError(now - 60_000, now)).toBe(true);
  });
});
