import os from 'node:os';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { addDays, call, locationAndDevice, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 18, tracks: the viewer (master rows, then a row's tracks) to the player, the heat map and
 * attendance on the demo store with a floor plan (Toronto Eaton Centre), as the demo `user` (tracks
 * are for every role), in en/fr/es; every figure on screen is the API's answer to the request the
 * page made. Then the player with 1,000 simultaneous tracks: its frame time, measured in the page,
 * is printed.
 */

interface MasterRow {
  key: string;
  zoneName: string;
  tracks: number;
  visits: number;
}
const TITLES = {
  viewer: { en: 'Track viewer', fr: 'Visionneuse de trajets', es: 'Visor de trayectorias' },
  player: { en: 'Track player', fr: 'Lecteur de trajets', es: 'Reproductor de trayectorias' },
  heatMap: { en: 'Heat map', fr: 'Carte de chaleur', es: 'Mapa de calor' },
  attendance: { en: 'Attendance', fr: 'Fréquentation', es: 'Asistencia' },
} as const;

const isCall = (path: string) => (r: Request) => new URL(r.url()).pathname === `/api/Track/${path}`;

/** Opens a track screen and answers the request the page made for `path` with the API's answer to it. */
async function openWith<T>(page: Page, url: string, path: string) {
  const [req] = await Promise.all([page.waitForRequest(isCall(path)), page.goto(url)]);
  const res = await req.response();
  expect(res?.status()).toBe(200);
  return { body: req.postDataJSON() as Record<string, unknown>, data: (await res!.json()) as T };
}

test.describe.configure({ mode: 'serial' });

test.describe('tracks as a store user', () => {
  let context: BrowserContext;
  let page: Page;
  let bearer: string;

  test.beforeAll(async ({ browser }) => {
    // axe needs a page of a context the test made
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signIn(page, 'user');
    bearer = await token(page.request, 'user');
  });
  test.afterAll(() => context.close());

  test('the Tracks section: a toolbar icon for every role, its own title, the phone section menu', async () => {
    const toolbar = page.getByTestId('top-toolbar');
    for (const [lang, word] of [
      ['fr', 'Trajets'],
      ['es', 'Trayectorias'],
      ['en', 'Tracks'],
    ] as const) {
      await page.goto(`/${lang}/dashboard`);
      await expect(toolbar.getByRole('link', { name: word, exact: true })).toBeVisible();
    }
    await toolbar.getByRole('link', { name: 'Tracks', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/track\/Viewer$/);
    await expect(page.locator('[data-layout="tracks"]')).toBeVisible();
    await expect(toolbar).toContainText('Tracks');
    await expect(toolbar).not.toContainText('Dashboards');
    // in its own section the tracks icon gives way to the dashboards one
    await expect(toolbar.getByRole('link', { name: 'Tracks', exact: true })).toHaveCount(0);
    await expect(toolbar.getByRole('link', { name: 'Dashboards', exact: true })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Views and locations' })).toHaveCount(0); // no dashboards pane
    await expect(page.getByTestId('track-tab-player')).toBeVisible();

    // on a phone: the section menu opens the tracks, titled Tracks in the top bar
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/en/dashboard');
      await page.getByTestId('section-menu-button').click();
      await page.getByTestId('section-menu-tracks').click();
      await expect(page).toHaveURL(/\/en\/track\/Viewer$/);
      await expect(page.getByTestId('mobile-header').getByRole('heading', { name: 'Tracks' })).toBeVisible();
      await expect(page.getByTestId('track-master-row').first()).toBeVisible();
      await expect(page.getByTestId('track-detail-row').first()).toBeVisible();
      // nothing wider than the phone (the tables scroll inside their own frame)
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .filter((e) => !e.parentElement?.closest('.MuiTableContainer-root, .MuiTabs-scroller'))
          .slice(0, 5)
          .map((e) =>
            `${e.tagName}.${e.className} ${e.getAttribute('data-testid') ?? ''} ${Math.round(e.getBoundingClientRect().width)}`.slice(
              0,
              160,
            ),
          ),
      );
      expect(wide).toEqual([]);
      // (a hidden header text positioned outside its scrolling table once widened the page by 563 px)
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      await snap(page, 'tracks-viewer-390-en');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  test("viewer: master rows, a row's tracks, then the player", async () => {
    test.slow();
    const { body, data } = await openWith<{ rows: MasterRow[]; totalTracks: number }>(
      page,
      '/en/track/Viewer',
      'GetTrackViewerMasterRows',
    );
    // the demo store is the only tracked one in the user's scope; its trajectories fill the week
    expect(data.rows.length).toBeGreaterThan(5);
    const again = await call<{ rows: MasterRow[] }>(
      page.request,
      bearer,
      'POST',
      '/api/Track/GetTrackViewerMasterRows',
      body,
    );
    expect(again.rows).toEqual(data.rows);
    const rows = page.getByTestId('track-master-row');
    await expect(rows).toHaveCount(data.rows.length);
    for (const [i, r] of data.rows.slice(0, 5).entries()) {
      const cells = rows.nth(i).locator('td');
      await expect(cells.nth(1)).toHaveText(r.zoneName);
      await expect(cells.nth(2)).toHaveText(String(r.tracks));
      await expect(cells.nth(3)).toHaveText(String(r.visits));
    }
    await expect(page.getByTestId('track-total')).toHaveText(`${data.totalTracks} tracks in the period`);

    // the zone filter: only that zone's rows
    const zone = data.rows[0]!.zoneName;
    const [filtered] = await Promise.all([
      page.waitForResponse(
        (r) =>
          isCall('GetTrackViewerMasterRows')(r.request()) && r.request().postData()!.includes('zoneIds":["'),
      ),
      (async () => {
        await page.getByRole('combobox', { name: 'Zones' }).click();
        await page.getByRole('option', { name: new RegExp(`^${zone} ·`) }).click();
        await page.keyboard.press('Escape');
      })(),
    ]);
    const onlyZone = (await filtered.json()) as { rows: MasterRow[] };
    expect(onlyZone.rows.every((r) => r.zoneName === zone)).toBe(true);
    await expect(rows).toHaveCount(onlyZone.rows.length);

    // a master row opens its tracks
    const [detailRes] = await Promise.all([
      page.waitForResponse(
        (r) =>
          isCall('GetTrackViewerMasterDetailRows')(r.request()) &&
          r.request().postData()!.includes('"zoneId"'),
      ),
      rows.first().click(),
    ]);
    const detail = (await detailRes.json()) as { fullCount: number; rows: { trackId: string }[] };
    expect(detail.fullCount).toBe(onlyZone.rows[0]!.tracks);
    await expect(page.getByTestId('track-detail-row')).toHaveCount(detail.rows.length);
    await snap(page, 'tracks-viewer-detail-en');

    // ... and "replay these tracks" plays exactly them
    const [players] = await Promise.all([
      page.waitForRequest(isCall('GetTrackPlayerPoints')),
      page.getByTestId('track-play-page').click(),
    ]);
    const asked = players.postDataJSON() as { tracks: { trackId: string }[] };
    expect(asked.tracks.map((t) => t.trackId).sort()).toEqual(detail.rows.map((r) => r.trackId).sort());
    await expect(page.getByRole('heading', { level: 1, name: 'Track player' })).toBeVisible();
    await expect(page.getByTestId('track-on-plan')).toContainText(`(${detail.rows.length} tracks)`);
    await page.getByTestId('track-play').click();
    await expect(page.getByTestId('track-on-plan')).not.toHaveText(new RegExp(`^0 people`), {
      timeout: 20_000,
    });
    await page.getByTestId('track-play').click(); // pause
    await snap(page, 'tracks-player-en');
  });

  test('heat map: the legend and totals are the grid the server computed', async () => {
    const { body, data } = await openWith<{ max: number; total: number; cells: unknown[] }>(
      page,
      '/en/track/HeatMap',
      'HeatMap',
    );
    expect(data.cells.length).toBeGreaterThan(50);
    const again = await call<typeof data>(page.request, bearer, 'POST', '/api/Track/HeatMap', body);
    expect(again).toEqual(data);
    const ticks = [1, 0.75, 0.5, 0.25, 0].map((f) =>
      (Math.round(data.max * f * 10) / 10).toLocaleString('en'),
    );
    await expect(page.getByTestId('heat-tick')).toHaveText(ticks);
    await expect(page.getByTestId('heat-total')).toHaveText(
      `Total: ${data.total.toLocaleString('en')} positions`,
    );
    // time spent instead of positions: a new grid, in seconds
    const [dwell] = await Promise.all([
      page.waitForResponse(
        (r) => isCall('HeatMap')(r.request()) && r.request().postData()!.includes('"dwell"'),
      ),
      (async () => {
        await page.getByRole('combobox', { name: 'Measure' }).click();
        await page.getByRole('option', { name: 'Time spent' }).click();
      })(),
    ]);
    const seconds = (await dwell.json()) as typeof data;
    await expect(page.getByTestId('heat-total')).toHaveText(
      `Total: ${seconds.total.toLocaleString('en')} seconds`,
    );
  });

  test('attendance: the table holds the visitors the server counted', async () => {
    const { data } = await openWith<{ rows: { key: string; zoneId: string | null; visitors: number }[] }>(
      page,
      '/en/track/Attendance',
      'Attendance',
    );
    const whole = data.rows.filter((r) => r.zoneId === null).sort((a, b) => a.key.localeCompare(b.key));
    expect(whole.length).toBeGreaterThan(1);
    const table = page.getByTestId('attendance-table');
    await expect(table.locator('tbody tr')).toHaveCount(whole.length);
    for (const [i, r] of whole.entries()) {
      const cells = table.locator('tbody tr').nth(i).locator('td');
      await expect(cells.nth(0)).toHaveText(r.key.slice(0, 10)); // day buckets show their date
      await expect(cells.nth(1)).toHaveText(String(r.visitors));
    }
    await expect(page.getByTestId('attendance-chart').locator('canvas').first()).toBeVisible();
  });

  test('every track screen in en, fr and es: axe clean, screenshots', async () => {
    test.setTimeout(360_000); // twelve screens, each checked by axe
    for (const lang of LANGS) {
      for (const [tab, path] of [
        ['viewer', 'Viewer'],
        ['player', 'Player'],
        ['heatMap', 'HeatMap'],
        ['attendance', 'Attendance'],
      ] as const) {
        await page.goto(`/${lang}/track/${path}`);
        await expect(page.getByRole('heading', { level: 1, name: TITLES[tab][lang] })).toBeVisible();
        await expect(page.locator('.MuiLinearProgress-indeterminate')).toHaveCount(0);
        if (tab === 'heatMap') await expect(page.getByTestId('heat-legend')).toBeVisible();
        if (tab === 'player') await expect(page.getByTestId('track-canvas')).toBeVisible();
        if (tab === 'attendance') await expect(page.getByTestId('attendance-table')).toBeVisible();
        if (tab === 'viewer') await expect(page.getByTestId('track-master-row').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page, `track ${path} ${lang}`);
        await snap(page, `tracks-${tab}-${lang}`);
      }
    }
  });
});

test('the player stays smooth with 1,000 simultaneous tracks (frame time printed)', async ({ page }) => {
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
  const { data } = await openWith<{ tracks: unknown[] }>(page, url, 'GetTrackPlayerPoints');
  expect(data.tracks).toHaveLength(1000);
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
  await page.getByTestId('track-play').click();
  // the measurement: at least 120 frames of playback
  await expect
    .poll(() => page.evaluate(() => window.__trackPlayerStats?.frames ?? 0), { timeout: 45_000 })
    .toBeGreaterThanOrEqual(120);
  const stats = await page.evaluate(() => window.__trackPlayerStats!);
  const longTasks = await page.evaluate(() => window.__longTasks!);
  await page.getByTestId('track-play').click(); // pause
  const sorted = [...idle].sort((a, b) => a - b);
  const idleAvg = idle.reduce((a, b) => a + b, 0) / idle.length;
  const idleP95 = sorted[Math.floor(sorted.length * 0.95)]!;
  console.log(
    `track player, 1,000 tracks: ${stats.frames} frames, draw ${stats.drawMsAvg.toFixed(2)} ms avg / ${stats.drawMsP95.toFixed(2)} ms p95, ` +
      `frame interval ${stats.intervalMsAvg.toFixed(1)} ms avg / ${stats.intervalMsP95.toFixed(1)} ms p95, ${stats.tracks} on the plan; ` +
      `idle page ${idleAvg.toFixed(1)} ms avg / ${idleP95.toFixed(1)} ms p95; ` +
      `${longTasks.length} long tasks while playing (${longTasks.map((d) => d.toFixed(0)).join(', ') || 'none'} ms)`,
  );
  expect(stats.tracks).toBe(1000);
  // one frame's drawing stays well inside a 60 Hz frame budget even on the shared test machine
  expect(stats.drawMsAvg).toBeLessThan(16);
  // the player keeps the page's own frame rate: its frames come at most 1.5 times as far apart as an
  // idle page's on the same browser, the slow ones under 50 ms (20 fps), few long tasks (before the
  // fix: 47.5 / 83.3 ms, 21 fps). Only on a machine that is not oversubscribed: with more runnable
  // processes than cores (2 cores shared by many test runs) every frame waits for CPU whatever the page
  // does, so there the bound only says the player is not frozen, and the figures are printed.
  const loaded = os.loadavg()[0]! > os.cpus().length;
  console.log(
    `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores: ${loaded ? 'loose' : 'strict'} bound`,
  );
  if (!loaded) {
    expect(stats.intervalMsAvg).toBeLessThanOrEqual(Math.max(1.5 * idleAvg, 25));
    expect(stats.intervalMsP95).toBeLessThanOrEqual(Math.max(50, 1.5 * idleP95));
    expect(longTasks.length).toBeLessThanOrEqual(Math.ceil(stats.frames / 20));
  } else expect(stats.intervalMsAvg).toBeLessThan(1000);
  await snap(page, 'tracks-player-1000');
});

declare global {
  interface Window {
    __trackPlayerStats?: {
      frames: number;
      drawMsAvg: number;
      drawMsP95: number;
      intervalMsAvg: number;
      intervalMsP95: number;
      tracks: number;
    };
    __longTasks?: number[];
  }
}
