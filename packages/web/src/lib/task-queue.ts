/**
 * A queue of turns, one per browser task: each `next()` resolves in a task of its own, after the
 * turns asked before it. Work that many components start at the same moment (charts created,
 * series requested when a dashboard opens) then runs as several short tasks instead of one long one
 * that would block input (total blocking time).
 */
export function createTaskQueue(): { next(): Promise<void> } {
  let queue: Promise<void> = Promise.resolve();
  return {
    next: () => (queue = queue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))),
  };
}
