import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { LANGS, signIn, snap } from '../src/support/shell';
import { call, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 18, tracks: the viewer (master rows, then a row's tracks) to the player, the heat map and
 * attendance on the demo store with a floor plan (Toronto Eaton Centre), as the demo `user` (tracks
 * are for every role), in en/fr/es; every figure on screen is the API's answer to the request the
 * page made. The player with 1,000 simultaneous tracks: track-player.spec.ts.
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
