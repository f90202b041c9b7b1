import { describe, expect, it } from 'vitest';
import type { TrackPlayerPointsResponse } from '@footfall/domain';
import { pointAt, prepareFrames } from './track-frames';

const data: TrackPlayerPointsResponse = {
  start: 0,
  end: 40,
  timeZone: 'UTC',
  truncated: false,
  tracks: [
    { deviceId: 'a', trackId: '1', t: [0, 10, 20], x: [1, 2, 3], y: [4, 5, 6] },
    { deviceId: 'b', trackId: '2', t: [5, 15], x: [7, 8], y: [9, 10] },
    { deviceId: 'a', trackId: '3', t: [30, 40], x: [11, 12], y: [13, 14] },
    { deviceId: 'b', trackId: '4', t: [], x: [], y: [] },
  ],
};
const colour = (deviceId: string) => (deviceId === 'a' ? 'red' : 'blue');

describe('prepareFrames', () => {
  it('groups the tracks by colour in typed arrays and leaves out empty ones', () => {
    const f = prepareFrames(data, colour);
    expect(f.colours).toEqual(['red', 'blue']);
    expect([...f.groups]).toEqual([0, 2, 3]);
    expect([...f.first]).toEqual([0, 3, 5, 7]);
    expect([...f.t]).toEqual([0, 10, 20, 30, 40, 5, 15]);
    expect([...f.x]).toEqual([1, 2, 3, 11, 12, 7, 8]);
    expect([...f.y]).toEqual([4, 5, 6, 13, 14, 9, 10]);
  });
});

describe('pointAt', () => {
  it('finds the last point at or before the time going forward, backward and out of range', () => {
    const f = prepareFrames(data, colour);
    expect(pointAt(f, 0, -1)).toBe(-1);
    expect(pointAt(f, 0, 0)).toBe(0);
    expect(pointAt(f, 0, 12)).toBe(1);
    expect(pointAt(f, 0, 99)).toBe(2);
    // back after a seek
    expect(pointAt(f, 0, 10)).toBe(1);
    expect(pointAt(f, 0, 9.9)).toBe(0);
    expect(pointAt(f, 0, -5)).toBe(-1);
    expect(pointAt(f, 1, 35)).toBe(0);
    expect(pointAt(f, 2, 15)).toBe(1);
    expect(pointAt(f, 2, 4)).toBe(-1);
  });
});
