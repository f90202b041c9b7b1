import os from 'node:os';
import { expect, test, type Request } from '@playwright/test';
import { signIn, snap } from '../src/support/shell';
import { addDays, call, locationAndDevice, token } from '../src/support/api';
import { describeWork, startFrameTrace, stopFrameTrace } from '../src/support/frame-trace';

/**
 * Issue 18, the track player with 1,000 simultaneous tracks: smooth at the browser's frame rate. The
 * page measures its drawing and frame intervals (window.__trackPlayerStats), a Chromium trace of the
 * playback gives each thread's work per frame; both are printed with the load average.
 */

// Playwright's own trace records a screencast: a copy of every frame the page shows, which costs the
// display compositor an extra render pass a frame that no user's browser makes; the measurement takes
// its own Chromium trace instead.
test.use({ trace: 'off' });

/** a 60 Hz frame */
const FRAME_BUDGET_MS = 16.7;
const avgOf = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const isCall = (path: string) => (r: Request) => new URL(r.url()).pathname === `/api/Track/${path}`;

test('the player stays smooth with 1,000 simultaneous tracks (frame time printed)', async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page, 'admin');
  const bearer = await token(page.request, 'admin');
  // a store without trajectories gets 1,000 people walking at once, 3 minutes each
  const { location: store, device } = await locationAndDevice(page.request, bearer, 'Toronto Queen West');
  const start = Date.now() - 2 * 3600_000;
  const tracks = Array.from({ length: 1000 }, (_, i) => {
    let x = (i % 40) * 0.7 + 0.5;
    let y = Math.floor(i / 40) * 0.75 + 0.5;
    return {
      trackId: `perf-${i}`,
      points: Array.from({ length: 90 }, (_, k) => {
        x = Math.max(0.2, Math.min(29.5, x + Math.sin(i + k / 7) * 0.3));
        y = Math.max(0.2, Math.min(19.5, y + Math.cos(i * 1.3 + k / 5) * 0.3));
        return { t: new Date(start + k * 2000 + (i % 10) * 100).toISOString(), x, y };
      }),
    };
  });
  for (let i = 0; i < tracks.length; i += 500)
    await call(page.request, bearer, 'POST', '/api/ingest/tracks', {
      deviceId: device.id,
      tracks: tracks.slice(i, i + 500),
    });

  const today = new Date().toISOString().slice(0, 10);
  const url = `/en/track/Player?location=${store.id}&from=${addDays(today, -1)}&to=${today}`;
  const [req] = await Promise.all([page.waitForRequest(isCall('GetTrackPlayerPoints')), page.goto(url)]);
  const res = await req.response();
  expect(res?.status()).toBe(200);
  expect(((await res!.json()) as { tracks: unknown[] }).tracks).toHaveLength(1000);
  await expect(page.getByTestId('track-on-plan')).toContainText('(1000 tracks)');
  await page.getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: '5×' }).click();
  // the browser's own cadence on this page, paused: an idle requestAnimationFrame loop of 90 frames,
  // so the player's interval is read against what this (headless, shared) Chromium gives any page
  const idle = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const gaps: number[] = [];
        let last = 0;
        const tick = (now: number) => {
          if (last) gaps.push(now - last);
          last = now;
          if (gaps.length < 90) requestAnimationFrame(tick);
          else resolve(gaps);
        };
        requestAnimationFrame(tick);
      }),
  );
  // main-thread tasks over 50 ms while playing (the Long Tasks API)
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks!.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  await startFrameTrace(browser, page);
  await page.getByTestId('track-play').click();
  // the measurement: at least 120 frames of playback
  await expect
    .poll(() => page.evaluate(() => window.__trackPlayerStats?.frames ?? 0), { timeout: 45_000 })
    .toBeGreaterThanOrEqual(120);
  const stats = await page.evaluate(() => window.__trackPlayerStats!);
  const longTasks = await page.evaluate(() => window.__longTasks!);
  await page.getByTestId('track-play').click(); // pause
  const trace = await stopFrameTrace(browser, test.info().outputPath('player-trace.json'));
  const sorted = [...idle].sort((a, b) => a - b);
  const idleAvg = idle.reduce((a, b) => a + b, 0) / idle.length;
  const idleP95 = sorted[Math.floor(sorted.length * 0.95)]!;
  const frameCpu = [...trace.frameCpuMs].sort((a, b) => a - b);
  const frameCpuP95 = frameCpu[Math.floor(frameCpu.length * 0.95)] ?? 0;
  const overBudget = frameCpu.filter((ms) => ms > FRAME_BUDGET_MS).length;
  const [load] = os.loadavg();
  console.log(
    `track player, 1,000 tracks (load average ${load!.toFixed(1)} on ${os.cpus().length} cores): ` +
      `${stats.frames} frames, draw ${stats.drawMsAvg.toFixed(2)} ms avg / ${stats.drawMsP95.toFixed(2)} ms p95, ` +
      `frame interval ${stats.intervalMsAvg.toFixed(1)} ms avg / ${stats.intervalMsP95.toFixed(1)} ms p95, ${stats.tracks} on the plan; ` +
      `idle page ${idleAvg.toFixed(1)} ms avg / ${idleP95.toFixed(1)} ms p95; ` +
      `${longTasks.length} long tasks while playing (${longTasks.map((d) => d.toFixed(0)).join(', ') || 'none'} ms)`,
  );
  console.log(
    `trace, ms per frame as thread CPU / wall (${trace.frames} frames): main thread ${describeWork(trace.main)}, ` +
      `compositor ${describeWork(trace.compositor)}, display compositor ${describeWork(trace.viz)}, ` +
      `raster workers ${describeWork(trace.raster)}; a frame's main-thread work (animation frame, paint, commit) ` +
      `${avgOf(frameCpu).toFixed(2)} ms CPU avg / ${frameCpuP95.toFixed(2)} ms p95, ${overBudget} over ${FRAME_BUDGET_MS} ms`,
  );
  expect(stats.tracks).toBe(1000);
  expect(trace.frames).toBeGreaterThanOrEqual(stats.frames);
  // The work of a frame fits a 60 Hz frame: measured as thread CPU time in the trace, which a busy
  // machine does not stretch (a thread waiting for a core is not running), so this holds whatever the
  // load: the main thread's work for at least 95 % of the frames, and on average the compositor's and
  // the display compositor's (they run beside the main thread, each on its own thread).
  expect(overBudget).toBeLessThanOrEqual(Math.floor(trace.frames / 20));
  expect(trace.compositor.cpuMs).toBeLessThan(FRAME_BUDGET_MS);
  expect(trace.viz.cpuMs).toBeLessThan(FRAME_BUDGET_MS);
  // The frame rate itself, against an idle page's in the same browser: only on a machine that is not
  // oversubscribed. With more runnable processes than cores (2 cores shared by many test runs) every
  // frame also waits for a core whatever the page does, and the figures above say how long.
  if (load! <= os.cpus().length) {
    expect(stats.intervalMsAvg).toBeLessThanOrEqual(Math.max(1.5 * idleAvg, 25));
    expect(stats.intervalMsP95).toBeLessThanOrEqual(Math.max(50, 1.5 * idleP95));
    expect(longTasks.length).toBeLessThanOrEqual(Math.ceil(stats.frames / 20));
  }
  await snap(page, 'tracks-player-1000');
});

declare global {
  interface Window {
    __trackPlayerStats?: Record<
      'frames' | 'drawMsAvg' | 'drawMsP95' | 'intervalMsAvg' | 'intervalMsP95' | 'tracks',
      number
    >;
    __longTasks?: number[];
  }
}

test('on a high-density screen the canvases have a pixel per device pixel (plan and tracks)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await signIn(page, 'user');
    await page.goto('/en/track/Player');
    await expect(page.getByTestId('track-on-plan')).toBeVisible();
    // a moment with people on the plan
    await page.getByTestId('track-play').click();
    await expect(page.getByTestId('track-on-plan')).not.toHaveText(/^0 people/, { timeout: 30_000 });
    await page.getByTestId('track-play').click();
    for (const id of ['track-plan-canvas', 'track-canvas']) {
      const canvas = page.getByTestId(id);
      await expect
        .poll(() =>
          canvas.evaluate((el: HTMLCanvasElement) => {
            const box = el.getBoundingClientRect();
            return [el.width - Math.round(box.width * 2), el.height - Math.round(box.height * 2)];
          }),
        )
        .toEqual([0, 0]);
    }
    await snap(page, 'tracks-player-dpr2');
  } finally {
    await context.close();
  }
});
