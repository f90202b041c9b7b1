import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { TREE_SEARCH_DEBOUNCE_MS } from '@footfall/domain';
import { ms, percentile, printTable, step, type BenchModule } from './bench-kit.js';
import { startServer } from './lighthouse.bench.js';

/**
 * `npm run bench -- --only settings-tree [--settings-tree-runs 5] [--settings-tree-nodes 5000]`: the
 * settings tree screen (`/en/settings/tree`) in Chromium, on the built web app (`npm run build` first)
 * served by a real server process on a fresh embedded database with the demo organisation.
 *
 * Baseline first: the demo tree as it is (about 50 nodes). Then a client group of N nodes (default
 * 5,000: the group, 19 regions, 300 stores, the rest devices spread over the stores) is written
 * into the server's database in one SQL statement, and the same measurements are taken again, in the
 * same run, on the same server and browser. Per run (a fresh page each time, signed in as the demo
 * superAdmin, who sees the whole tree):
 * - tree answer: when the `GET /api/OrganizationalTree` answer was fully received (page clock);
 * - first row: when the first tree row (`role=treeitem`) was in the page (page clock, from navigation);
 * - search 1 hit / search broad: from setting the search box's text to the summary line announcing the
 *   matches, plus one frame (the rows painted). The search waits the spec's debounce
 *   (TREE_SEARCH_DEBOUNCE_MS) first; the figure printed beside it is without the debounce.
 * Prints per run and median / max. Not a test: no threshold.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../../web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const USER = 'superadmin';
const PASSWORD = 'Demo-password-1';

/** One client group of `nodes` nodes (at least 400): 1 group, 19 regions, 300 stores, the rest devices. */
async function seedTree(databaseUrl: string, nodes: number): Promise<number> {
  const regions = 19;
  const stores = 300;
  const devices = nodes - 1 - regions - stores;
  if (devices < 100) throw new Error('--settings-tree-nodes must be at least 420');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(
      `with chain as (
         insert into node (type, name, parent_id, attributes)
         values ('group', 'Bench Chain', null, '{}'::jsonb) returning id),
       region as (
         insert into node (type, name, parent_id, attributes)
         select 'group', 'Bench Region ' || r, chain.id, '{}'::jsonb
         from generate_series(0, $1::int - 1) r, chain returning id, name),
       region_n as (select id, substring(name from 14)::int as r from region),
       store as (
         insert into node (type, name, parent_id, attributes)
         select 'location', 'Bench Store ' || s, region_n.id,
                jsonb_build_object('timezone', 'Europe/Paris', 'capacity', 200)
         from generate_series(0, $2::int - 1) s join region_n on region_n.r = s % $1::int
         returning id, name),
       store_n as (select id, substring(name from 13)::int as s from store)
       insert into node (type, name, parent_id, attributes)
       select 'device', 'Bench Door ' || (d % $2::int) || '-' || (d / $2::int), store_n.id,
              jsonb_build_object('macAddress',
                upper(regexp_replace(lpad(to_hex(d + 1048576), 12, '0'), '(..)(?!$)', '\\1:', 'g')))
       from generate_series(0, $3::int - 1) d join store_n on store_n.s = d % $2::int`,
      [regions, stores, devices],
    );
    const { rows } = await c.query<{ n: string }>(
      `with recursive sub as (select id from node where name = 'Bench Chain' and parent_id is null
                              union all select n.id from node n join sub on n.parent_id = sub.id)
       select count(*) as n from sub`,
    );
    return Number(rows[0]!.n);
  } finally {
    await c.end();
  }
}

interface Figures {
  treeAnswerMs: number;
  firstRowMs: number;
  searchOneMs: number;
  searchBroadMs: number;
  oneSummary: string;
  broadSummary: string;
}

/** Sets the search box's text from inside the page; resolves with the ms until the summary matches `done`. */
const timeSearch = (page: Page, text: string, done: RegExp) =>
  page.evaluate(
    ([text, done]) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('[data-testid=settings-tree-search]')!;
        const summary = document.querySelector('[data-testid=settings-tree-summary]')!;
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (new RegExp(done).test(summary.textContent ?? '')) {
            observer.disconnect();
            clearTimeout(timer);
            requestAnimationFrame(() => resolve(performance.now() - start));
          }
        });
        // a search that never announces its result fails the run instead of hanging it
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`search "${text}": the summary still reads "${summary.textContent}"`));
        }, 60_000);
        observer.observe(summary, { childList: true, subtree: true, characterData: true });
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    [text, done.source] as const,
  );

async function measure(page: Page, baseUrl: string, one: string, broad: string): Promise<Figures> {
  await page.goto(`${baseUrl}/en/settings/tree`);
  await page.locator('[role=treeitem]').first().waitFor();
  const { treeAnswerMs, firstRowMs } = await page.evaluate(() => ({
    firstRowMs: (window as unknown as { __firstRowMs: number }).__firstRowMs,
    treeAnswerMs:
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        /\/api\/OrganizationalTree(\?|$)/.test(new URL(e.name).pathname + new URL(e.name).search),
      )?.responseEnd ?? NaN,
  }));
  const searchOneMs = await timeSearch(page, one, /matching nodes?$/);
  const oneSummary = (await page.getByTestId('settings-tree-summary').textContent()) ?? '';
  // back to the whole tree, then the broad search
  await page.getByTestId('settings-tree-search').fill('');
  await page.waitForFunction(
    () => !/matching/.test(document.querySelector('[data-testid=settings-tree-summary]')?.textContent ?? ''),
  );
  const searchBroadMs = await timeSearch(page, broad, /matching nodes?$/);
  const broadSummary = (await page.getByTestId('settings-tree-summary').textContent()) ?? '';
  return { treeAnswerMs, firstRowMs, searchOneMs, searchBroadMs, oneSummary, broadSummary };
}

export const settingsTreeBench: BenchModule = {
  name: 'settings-tree',
  description:
    'Settings tree screen in Chromium (built app, real server): first row and search, demo tree vs. a 5,000-node client group',
  async run({ flags }) {
    if (!fs.existsSync(path.join(dist, 'index.html')))
      throw new Error(`${dist}/index.html missing: run \`npm run build\` first`);
    const runs = Number(flags.get('settings-tree-runs') ?? 5);
    const nodes = Number(flags.get('settings-tree-nodes') ?? 5000);
    if (!(runs > 0) || !(nodes > 0))
      throw new Error('--settings-tree-runs and --settings-tree-nodes must be positive');

    let done = step('server (fresh embedded database, demo data)');
    const server = await startServer();
    done();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      // the moment the first tree row is in the page, on the page's clock (from navigation start)
      await context.addInitScript(() => {
        const w = window as unknown as { __firstRowMs?: number };
        new MutationObserver((_m, observer) => {
          if (document.querySelector('[role=treeitem]')) {
            w.__firstRowMs = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      done = step('sign-in');
      const page = await context.newPage();
      await page.goto(`${server.url}/en/login`);
      await page.locator('input[name=username]').fill(USER);
      await page.locator('input[name=password]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => !u.pathname.includes('/login'));
      await page.close();
      done();

      // the baseline's search texts come from the demo tree itself: one device's name, and the word
      // its devices' names share most
      const c = new pg.Client({ connectionString: server.databaseUrl });
      await c.connect();
      const demo = await c.query<{ name: string; type: string }>(
        'select name, type from node where orphaned_at is null',
      );
      await c.end();
      const demoDevices = demo.rows.filter((r) => r.type === 'device').map((r) => r.name);
      const counted = new Map<string, number>();
      for (const name of demoDevices)
        for (const w of new Set(name.split(/\s+/))) counted.set(w, (counted.get(w) ?? 0) + 1);
      const demoBroad = [...counted].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Door';
      const demoOne =
        demoDevices.find(
          (n) => demo.rows.filter((r) => r.name.toLowerCase().includes(n.toLowerCase())).length === 1,
        ) ?? demoDevices[0]!;

      const rows: string[][] = [];
      const series = async (label: string, one: string, broad: string) => {
        const all: Figures[] = [];
        for (let i = 0; i < runs; i++) {
          done = step(`${label}: run ${i + 1}/${runs}`);
          const p = await context.newPage();
          all.push(await measure(p, server.url, one, broad));
          await p.close();
          done();
        }
        const stat = (pick: (f: Figures) => number) => {
          const xs = all.map(pick);
          return `${ms(percentile(xs, 50))} / ${ms(Math.max(...xs))}`;
        };
        rows.push([
          label,
          stat((f) => f.treeAnswerMs),
          stat((f) => f.firstRowMs),
          stat((f) => f.searchOneMs),
          stat((f) => f.searchOneMs - TREE_SEARCH_DEBOUNCE_MS),
          stat((f) => f.searchBroadMs),
          stat((f) => f.searchBroadMs - TREE_SEARCH_DEBOUNCE_MS),
          all[0]!.broadSummary,
        ]);
        console.log(
          `  ${label} per run (tree answer, first row, search 1 hit, search broad, ms): ${all
            .map((f) => [f.treeAnswerMs, f.firstRowMs, f.searchOneMs, f.searchBroadMs].map(ms).join(' '))
            .join(' | ')}; "${one}" -> ${all[0]!.oneSummary}, "${broad}" -> ${all[0]!.broadSummary}`,
        );
      };

      await series(`demo tree (${demo.rows.length} nodes)`, demoOne, demoBroad);
      done = step(`writing a client group of ${nodes} nodes`);
      const seeded = await seedTree(server.databaseUrl, nodes);
      done();
      await series(
        `+ ${seeded} nodes`,
        `Bench Door 299-${Math.floor((nodes - 320 - 1 - 299) / 300)}`,
        'Bench Door',
      );

      console.log(
        `\n  settings tree, ${runs} runs each, median / max in ms (search includes a ${TREE_SEARCH_DEBOUNCE_MS} ms debounce):`,
      );
      printTable(
        [
          'tree',
          'tree answer',
          'first row',
          'search 1 hit',
          '- debounce',
          'search broad',
          '- debounce',
          'broad summary',
        ],
        rows,
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
