/**
 * A queue of turns, one per browser task: each `next()` resolves in a task of its own, after the
 * turns asked before it. Work that many components start at the same moment (charts created,
 * series requested when a dashboard opens) then runs as several short tasks instead of one long one
 * that would block input (total blocking time).
 *
 * The first turn of a burst (asked while the queue is idle) waits for the next paint: what the
 * render that asked for it shows reaches the screen first (the largest contentful paint of a
 * dashboard is its first screen of cards), and the requests and chart code it starts do not
 * compete with that screen for the network and the main thread.
 */
export function createTaskQueue(): { next(): Promise<void> } {
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    next: () => {
      const first = pending++ === 0;
      queue = queue
        .then(() => (first ? afterNextPaint() : nextTask()))
        .finally(() => {
          pending--;
        });
      return queue;
    },
  };
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves in a task once the browser's next frame has been painted and reported: the second
 * animation frame comes after the first frame's paint, and the browser records that paint (its
 * largest contentful paint) when the frame is presented, which on a busy phone lags a few
 * milliseconds more; 50 ms covers it. A hidden tab has no frames: 250 ms at most.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      resolve();
    };
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, PRESENTATION_MS)));
    setTimeout(go, 250);
  });
}

const PRESENTATION_MS = 50;

/**
 * Runs `steps` one after another, each in a task of its own: a large module graph loaded as several
 * dynamic imports is then evaluated as several shorter tasks instead of one long one (the modules a
 * step shares with a later one are evaluated once, in the first). Rejects with the first failure.
 */
export async function inTurns(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const [i, step] of steps.entries()) {
    if (i > 0) await nextTask();
    await step();
  }
}
