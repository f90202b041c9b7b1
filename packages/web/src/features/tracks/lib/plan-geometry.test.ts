import { describe, expect, it } from 'vitest';
import { legendTicks, toPlan, toSensor } from './plan-geometry';

describe('plan geometry', () => {
  it('turns sensor metres into plan pixels and back', () => {
    const p = { scale: 40, rotation: 90, offsetX: 1120, offsetY: 80 };
    const [px, py] = toPlan(p, 2, 3);
    expect(px).toBeCloseTo(1120 - 120);
    expect(py).toBeCloseTo(80 + 80);
    const [x, y] = toSensor(p, px, py);
    expect(x).toBeCloseTo(2);
    expect(y).toBeCloseTo(3);
  });

  it('labels the legend from 0 to the maximum', () => {
    expect(legendTicks(0)).toEqual([0]);
    expect(legendTicks(200)).toEqual([0, 50, 100, 150, 200]);
  });
});
