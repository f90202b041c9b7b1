import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from '../src/support/shell';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Lighthouse-like figures of the demo dashboard (10 widgets) in headless Chromium on the built app:
 * LCP and total blocking time from PerformanceObserver, and the JavaScript the page fetched, gzipped
 * here (the server may send it uncompressed). No network or CPU throttling: figures of this machine.
 */
test('demo dashboard load figures', async ({ page }) => {
  await signIn(page, 'admin', 'en');
  await page.goto('/en/dashboard');
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  const url = page.url();

  // sizes from the built files the server sends (packages/web/dist), gzipped here
  const dist = path.resolve('../web/dist');
  const scripts = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(req.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __perf: { lcp: number; tbt: number; fcp: number; tasks: number[][] } };
    w.__perf = { lcp: 0, tbt: 0, fcp: 0, tasks: [] };
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__perf.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') w.__perf.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        w.__perf.tbt += Math.max(0, e.duration - 50);
        w.__perf.tasks.push([Math.round(e.startTime), Math.round(e.duration)]);
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  // CPU time of the main thread as well: wall-clock figures swing with the load of a shared machine
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const cpu = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = (name: string) => metrics.find((x) => x.name === name)?.value ?? 0;
    return { task: m('TaskDuration'), script: m('ScriptDuration') };
  };
  const cpuBefore = await cpu();
  // a cold load of the dashboard page (the session is kept in storage)
  await page.goto(url, { waitUntil: 'load' });
  await expect(page.locator('[data-widget-type=heatMap] canvas').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const cpuAfter = await cpu();
  const perf = await page.evaluate(
    () =>
      (window as unknown as { __perf: { lcp: number; tbt: number; fcp: number; tasks: number[][] } }).__perf,
  );
  // the initial JS: what the HTML document itself loads (entry script and its modulepreloads)
  const html = await (await page.request.get(url)).text();
  const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => new URL(m[1]!, url).href,
  );
  const gz = (urls: string[]) =>
    urls.reduce((sum, u) => {
      const file = path.join(dist, new URL(u).pathname);
      return sum + (fs.existsSync(file) ? gzipSync(fs.readFileSync(file)).length : 0);
    }, 0) / 1024;
  const figures = {
    widgets: await page.getByTestId('widget').count(),
    fcpMs: Math.round(perf.fcp),
    lcpMs: Math.round(perf.lcp),
    totalBlockingTimeMs: Math.round(perf.tbt),
    entryJsGzipKiB: Math.round(gz(entry) * 10) / 10,
    allJsGzipKiB: Math.round(gz([...scripts.keys()]) * 10) / 10,
    scripts: scripts.size,
    mainThreadTaskMs: Math.round((cpuAfter.task - cpuBefore.task) * 1000),
    mainThreadScriptMs: Math.round((cpuAfter.script - cpuBefore.script) * 1000),
    longTasks: perf.tasks,
  };
  console.log('dashboard figures', JSON.stringify(figures));
  fs.mkdirSync(path.resolve('test-output'), { recursive: true });
  fs.writeFileSync(path.resolve('test-output/dashboard-perf.json'), JSON.stringify(figures, null, 2));
  expect(figures.widgets).toBe(10);
  expect(figures.lcpMs).toBeGreaterThan(0);
  // after the figures, so the check takes no part in them
  await expectNoSeriousA11yViolations(page, 'demo dashboard (cold load)');
});
