import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, createTaskQueue, inTurns } from './task-queue';

/** Animation frames run only when the test says so (`frame()`), as a browser paints. */
let frames: FrameRequestCallback[] = [];
const frame = () => {
  const due = frames;
  frames = [];
  due.forEach((cb) => cb(performance.now()));
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const settled = (p: Promise<void>) => {
  const state = { done: false };
  void p.then(() => (state.done = true));
  return state;
};

describe('afterNextPaint', () => {
  it('resolves in a task after the second frame, not before', async () => {
    const p = settled(afterNextPaint());
    await vi.advanceTimersByTimeAsync(50);
    expect(p.done).toBe(false);
    frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.done).toBe(false); // one frame: the first frame's paint may not be recorded yet
    frame();
    expect(p.done).toBe(false); // in a task of its own, not in the frame
    await vi.advanceTimersByTimeAsync(49); // the frame's paint is reported when it is presented
    expect(p.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.done).toBe(true);
  });

  it('resolves after 250 ms when no frame comes (hidden tab)', async () => {
    const p = settled(afterNextPaint());
    await vi.advanceTimersByTimeAsync(249);
    expect(p.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.done).toBe(true);
  });
});

describe('createTaskQueue', () => {
  it('waits for a paint before the first turn of a burst, then gives one task per turn in order', async () => {
    const queue = createTaskQueue();
    const order: number[] = [];
    const turns = [1, 2, 3].map((n) => queue.next().then(() => order.push(n)));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([]);
    frame();
    frame();
    // the paint reported, then three tasks of their own (before the 250 ms without frames)
    await vi.advanceTimersByTimeAsync(60);
    expect(order).toEqual([1, 2, 3]);
    await Promise.all(turns);
  });

  it('a turn asked once the queue is idle again waits for the next paint', async () => {
    const queue = createTaskQueue();
    const first = settled(queue.next());
    await vi.advanceTimersByTimeAsync(0);
    frame();
    frame();
    await vi.advanceTimersByTimeAsync(50);
    expect(first.done).toBe(true);
    const idle = settled(queue.next());
    await vi.advanceTimersByTimeAsync(50);
    expect(idle.done).toBe(false);
    frame();
    frame();
    await vi.advanceTimersByTimeAsync(50);
    expect(idle.done).toBe(true);
  });
});

describe('inTurns', () => {
  const microtasks = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  it('runs the steps in order, each in a task of its own, after the previous one settled', async () => {
    const log: string[] = [];
    let finishA: () => void = () => undefined;
    const steps = [
      () => {
        log.push('a');
        return new Promise<void>((resolve) => (finishA = resolve));
      },
      () => {
        log.push('b');
        return Promise.resolve();
      },
      () => {
        log.push('c');
        return Promise.resolve();
      },
    ];
    const done = settled(inTurns(steps));
    expect(log).toEqual(['a']); // the first step starts at once
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual(['a']); // the next waits until the first has settled
    finishA();
    await microtasks(); // still the same task
    expect(log).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(0); // a new task: b
    expect(log).toEqual(['a', 'b']);
    await microtasks();
    expect(log).toEqual(['a', 'b']);
    expect(done.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1); // and c in one more
    await microtasks();
    expect(log).toEqual(['a', 'b', 'c']);
    expect(done.done).toBe(true);
  });

  it('stops at the first failure and rejects with it', async () => {
    const third = vi.fn(() => Promise.resolve());
    const failure = new Error('chunk failed');
    const result = inTurns([() => Promise.resolve(), () => Promise.reject(failure), third]).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(await result).toBe(failure);
    expect(third).not.toHaveBeenCalled();
  });
});
