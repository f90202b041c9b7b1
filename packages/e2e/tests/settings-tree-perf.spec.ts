import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../src/support/shell';

/**
 * The tree screen with 5,000 more nodes (created through the API: 1 client group, 50 regions, 450
 * locations, 4,500 devices): time to the first rows and to a search result. Prints the figures; the
 * bounds only catch a screen that stopped being usable (the machine is shared).
 */
test('the tree screen stays fast with 5,000 nodes', async ({ page, request }) => {
  test.setTimeout(1_500_000);
  // creating 5,000 nodes can outlast an access token (15 minutes) on a loaded machine: sign in again
  let headers = { authorization: '' };
  const signInApi = async () => {
    const auth = await request.post('/authentication', {
      data: { username: 'superadmin', password: DEMO_PASSWORD },
    });
    headers = { authorization: `Bearer ${(await auth.json()).token}` };
  };
  await signInApi();
  const create = async (parentId: string | null, type: string, name: string): Promise<string> => {
    let res = await request.post('/api/OrganizationalTree', { headers, data: { parentId, type, name } });
    if (res.status() === 401) {
      await signInApi();
      res = await request.post('/api/OrganizationalTree', { headers, data: { parentId, type, name } });
    }
    expect(res.status(), name).toBe(201);
    return (await res.json()).id;
  };
  const inBatches = async <T>(items: T[], size: number, fn: (item: T) => Promise<unknown>) => {
    for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
  };
  const started = Date.now();
  const org = await create(null, 'group', 'Perf Org');
  const regions: string[] = [];
  await inBatches([...Array(50).keys()], 10, async (r) =>
    regions.push(await create(org, 'group', `Perf Region ${r}`)),
  );
  const locations: { id: string; n: number }[] = [];
  await inBatches([...Array(450).keys()], 25, async (n) =>
    locations.push({ id: await create(regions[n % 50]!, 'location', `Perf Store ${n}`), n }),
  );
  await inBatches(
    locations.flatMap((l) =>
      [...Array(10).keys()].map((d) => ({ parent: l.id, name: `Perf Door ${l.n}-${d}` })),
    ),
    25,
    (d) => create(d.parent, 'device', d.name),
  );
  const creationSeconds = Math.round((Date.now() - started) / 1000);

  await signIn(page, 'superadmin', 'en');
  // the moment the first row of the new organisation is in the page, seen from inside the page
  await page.addInitScript(() => {
    const w = window as unknown as { __firstRowMs?: number };
    new MutationObserver((_m, observer) => {
      const rows = document.querySelectorAll('[role=treeitem][data-node-id]');
      if (Array.from(rows).some((r) => r.textContent?.includes('Perf Org'))) {
        w.__firstRowMs = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // cold load of the screen: the tree comes from the server, the page's chunks load
  await page.goto('/en/settings/tree');
  await expect(page.getByRole('treeitem').filter({ hasText: 'Perf Org' })).toBeVisible();
  const firstRowsMs = await page.evaluate(() => (window as unknown as { __firstRowMs: number }).__firstRowMs);
  const treeResponseMs = await page.evaluate(
    () =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        e.name.includes('/api/OrganizationalTree?'),
      )?.responseEnd ?? -1,
  );
  const total = await page.getByTestId('settings-tree-summary').textContent();

  /** types `text` into the search box from inside the page and times it until the summary says `done` */
  const timeSearch = (text: string, done: RegExp) =>
    page.evaluate(
      ([text, done]) =>
        new Promise<number>((resolve) => {
          const input = document.querySelector<HTMLInputElement>('[data-testid=settings-tree-search]')!;
          const summary = document.querySelector('[data-testid=settings-tree-summary]')!;
          const start = performance.now();
          new MutationObserver((_m, observer) => {
            if (new RegExp(done).test(summary.textContent ?? '')) {
              observer.disconnect();
              // the rows are painted on the next frame
              requestAnimationFrame(() => resolve(performance.now() - start));
            }
          }).observe(summary, { childList: true, subtree: true, characterData: true });
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      [text, done.source] as const,
    );

  // expand everything: 5,000+ rows, only those in view are in the page
  const expandStart = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(page.getByRole('treeitem').filter({ hasText: 'Perf Door 0-0' }).first()).toBeVisible();
  const expandMs = (await page.evaluate(() => performance.now())) - expandStart;
  const rowsInPage = await page.getByRole('treeitem').count();

  // search (typing to result, the spec's 350 ms debounce included): one hit, then 4,500 hits
  const searchMs = await timeSearch('Perf Door 449-9', /^1 matching node$/);
  await expect(page.getByRole('treeitem').filter({ hasText: 'Perf Door 449-9' })).toBeVisible();
  const broadMs = await timeSearch('Perf Door', /^4,?500 matching nodes$/);

  const figures = {
    nodesCreated: 1 + 50 + 450 + 4500,
    creationSeconds,
    summary: total,
    treeResponseEndMs: Math.round(treeResponseMs),
    toFirstRowsMs: Math.round(firstRowsMs),
    expandAllMs: Math.round(expandMs),
    rowsInPageAfterExpandAll: rowsInPage,
    searchOneHitMs: Math.round(searchMs),
    searchOneHitMinusDebounceMs: Math.round(searchMs - 350),
    search4500HitsMs: Math.round(broadMs),
    search4500HitsMinusDebounceMs: Math.round(broadMs - 350),
  };
  console.log(`settings tree with 5,000 nodes: ${JSON.stringify(figures)}`);
  expect(rowsInPage).toBeLessThan(200);
  expect(firstRowsMs).toBeLessThan(15_000);
  expect(searchMs).toBeLessThan(5_000);
});
