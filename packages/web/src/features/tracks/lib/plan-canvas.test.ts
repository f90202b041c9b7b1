import { describe, expect, it } from 'vitest';
import { canvasPixels } from './plan-canvas';

describe('canvasPixels', () => {
  it('gives a pixel per device pixel, at most 2 a CSS pixel', () => {
    expect(canvasPixels({ width: 600, height: 400 }, 1)).toEqual({ width: 600, height: 400 });
    expect(canvasPixels({ width: 600, height: 400 }, 2)).toEqual({ width: 1200, height: 800 });
    expect(canvasPixels({ width: 600, height: 400 }, 3)).toEqual({ width: 1200, height: 800 });
    expect(canvasPixels({ width: 600.4, height: 400.4 }, 1.25)).toEqual({ width: 751, height: 501 });
  });

  it("takes the browser's exact device pixels when they agree with the ratio", () => {
    const css = { width: 600.4, height: 400.4 };
    expect(canvasPixels(css, 1.25, { width: 750, height: 500 })).toEqual({ width: 750, height: 500 });
    expect(canvasPixels(css, 3, { width: 1801, height: 1201 })).toEqual({ width: 1201, height: 801 });
    // an emulated ratio: the reported device pixels are the CSS ones
    expect(canvasPixels(css, 2, { width: 600, height: 400 })).toEqual({ width: 1201, height: 801 });
  });
});
