import { writeFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';

/**
 * A Chromium trace of a page while it animates, read as work per frame: the milliseconds of the
 * renderer's main thread, of its compositor thread and of the display compositor (viz), as wall time
 * and as thread CPU time (`tdur`: what the thread itself ran, which a busy machine does not inflate the
 * way it stretches wall time), and the frames whose main-thread CPU exceeded a budget.
 */

interface TraceEvent {
  ph: string;
  name: string;
  cat: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface ThreadWork {
  /** wall milliseconds of the thread's top-level tasks */
  wallMs: number;
  /** thread CPU milliseconds of the same tasks */
  cpuMs: number;
}

export interface FrameTrace {
  /** animation frames the page ran while traced (main-thread tasks firing requestAnimationFrame) */
  frames: number;
  /** per animation frame */
  main: ThreadWork;
  compositor: ThreadWork;
  viz: ThreadWork;
  raster: ThreadWork;
  /** thread CPU ms of each frame's main-thread work: the animation frame's task and what it paints */
  frameCpuMs: number[];
}

const CATEGORIES = [
  'toplevel',
  'cc',
  'viz',
  'blink',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
].join(',');

export async function startFrameTrace(browser: Browser, page: Page) {
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
}

/** Top-level tasks of one thread: `toplevel` complete events, those nested in another left out. */
function topLevel(events: TraceEvent[]) {
  const sorted = events
    .filter((e) => e.ph === 'X' && e.cat.split(',').includes('toplevel') && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const out: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of sorted) {
    if (e.ts < end) continue;
    out.push(e);
    end = e.ts + e.dur!;
  }
  return out;
}

const work = (tasks: TraceEvent[], frames: number): ThreadWork => ({
  wallMs: tasks.reduce((s, e) => s + e.dur!, 0) / 1000 / Math.max(1, frames),
  cpuMs: tasks.reduce((s, e) => s + (e.tdur ?? e.dur!), 0) / 1000 / Math.max(1, frames),
});

/** Stops the trace and reads it; `file` keeps the trace (for chrome://tracing or Perfetto). */
export async function stopFrameTrace(browser: Browser, file?: string): Promise<FrameTrace> {
  const buffer = await browser.stopTracing();
  if (file) await writeFile(file, buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const threadName = new Map<string, string>();
  for (const e of traceEvents)
    if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  // the page's renderer: the main thread that fired animation frames
  const mainKey = [...byThread.entries()]
    .filter(([key]) => threadName.get(key) === 'CrRendererMain')
    .map(([key, events]) => [key, events.filter((e) => e.name === 'FireAnimationFrame').length] as const)
    .sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!mainKey) throw new Error('the trace has no renderer main thread');
  const rendererPid = mainKey.split(':')[0];
  const mainEvents = byThread.get(mainKey)!;
  const fired = mainEvents.filter((e) => e.name === 'FireAnimationFrame');
  const mainTasks = topLevel(mainEvents);
  const frameTasks = mainTasks.filter((task) =>
    fired.some((f) => f.ts >= task.ts && f.ts < task.ts + task.dur!),
  );
  const frames = frameTasks.length;
  const threads = (pick: (name: string, pid: string) => boolean) =>
    [...byThread.entries()]
      .filter(([key]) => pick(threadName.get(key) ?? '', key.split(':')[0]!))
      .flatMap(([, events]) => topLevel(events));
  return {
    frames,
    main: work(mainTasks, frames),
    compositor: work(
      threads((name, pid) => name === 'Compositor' && pid === rendererPid),
      frames,
    ),
    viz: work(
      threads((name) => name === 'VizCompositorThread'),
      frames,
    ),
    raster: work(
      threads((name, pid) => name.startsWith('CompositorTileWorker') && pid === rendererPid),
      frames,
    ),
    frameCpuMs: frameTasks.map((e) => (e.tdur ?? e.dur!) / 1000),
  };
}

export const describeWork = (w: ThreadWork) => `${w.cpuMs.toFixed(2)} CPU / ${w.wallMs.toFixed(2)} wall`;
