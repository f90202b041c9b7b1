import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { LANGS, SCREENSHOT_DIR, signIn, snap, type Lang } from '../src/support/shell';
import { call, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 14, the report viewer's missing pieces: at 390 x 844 the parameters fold into a dialog and
 * the table scrolls inside its own box (the page itself never scrolls sideways, no label is cut), at
 * 1440 they stay in a row; the side pane's Views list shows a saved report by its customTitle with the
 * report's defaultTitle, and none for a dashboard-only user; and the traffic report's PDF is drawn
 * page by page to PNG with pdf.js in the browser (A4 landscape, header, table and page numbers
 * drawn), in en/fr/es, the PNGs kept under test-output/screenshots.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const TRAFFIC = { en: 'Traffic', fr: 'Achalandage', es: 'Tráfico' } as const;
const PAGE_WORD = { en: 'Page', fr: 'Page', es: 'Página' } as const;
const TRAFFIC_IN = { en: 'Traffic in', fr: 'Entrées', es: 'Entradas' } as const;
const isReport = (r: Response) =>
  new URL(r.url()).pathname === '/api/Report/trafficReport' && r.status() === 200;

async function openTraffic(page: Page, lang: Lang) {
  const [res] = await Promise.all([page.waitForResponse(isReport), page.goto(`/${lang}/report/new/traffic`)]);
  await expect(page.getByRole('heading', { level: 1, name: TRAFFIC[lang] })).toBeVisible();
  await expect(page.getByTestId('report-table-rows').locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('.MuiLinearProgress-indeterminate')).toHaveCount(0);
  return res.request().postDataJSON() as Record<string, unknown>;
}

/** Elements of the viewer whose text is wider than their box (cut), by text. */
const cutTexts = (page: Page) =>
  page.getByTestId('report-viewer').evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('h1, p, button, label, [role=tab]'))
      .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
      // the table's cells scroll inside the table's box; pagination and chips are their own boxes
      .filter((e) => !e.closest('[data-testid=report-table-scroll]'))
      .map((e) => e.innerText.slice(0, 60)),
  );

test.describe('report viewer at 390 x 844', () => {
  test.use({ viewport: PHONE });

  test('parameters in a dialog, the table scrolling in its own box, nothing cut, in three languages', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    for (const lang of LANGS) {
      await openTraffic(page, lang);
      // the parameters are folded: one button, no inline pickers
      await expect(page.getByTestId('report-parameters-open')).toBeVisible();
      await expect(page.getByTestId('report-nodes')).toHaveCount(0);
      // the page never scrolls sideways; the table does, inside its box
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      const box = page.getByTestId('report-table-scroll');
      const { scrollWidth, clientWidth } = await box.evaluate((e) => ({
        scrollWidth: e.scrollWidth,
        clientWidth: e.clientWidth,
      }));
      expect(clientWidth).toBeLessThanOrEqual(PHONE.width);
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      await box.evaluate((e) => e.scrollBy({ left: 400 }));
      expect(await box.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
      await box.evaluate((e) => e.scrollTo({ left: 0 }));
      expect(await cutTexts(page)).toEqual([]);
      // the page arrows stay on the screen (they wrap under the rows-per-page choice)
      const next = page.getByTestId('report-pagination').getByRole('button').last();
      const arrow = (await next.boundingBox())!;
      expect(arrow.x).toBeGreaterThanOrEqual(0);
      expect(arrow.x + arrow.width).toBeLessThanOrEqual(PHONE.width);
      await expectNoSeriousA11yViolations(page, `traffic report 390 ${lang}`);
      await snap(page, `reports-viewer-390-${lang}`);

      // the dialog holds every parameter; a change applies to the report
      await page.getByTestId('report-parameters-open').click();
      const dialog = page.getByTestId('report-parameters-dialog');
      await expect(dialog.getByTestId('report-nodes')).toBeVisible();
      await expect(dialog.getByRole('group')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await expectNoSeriousA11yViolations(page, `report parameters dialog 390 ${lang}`);
      await snap(page, `reports-viewer-390-parameters-${lang}`);
      const [res] = await Promise.all([
        page.waitForResponse(isReport),
        dialog.getByRole('group').getByRole('button').first().click(),
      ]);
      expect((res.request().postDataJSON() as { includeDays: number[] }).includeDays).toHaveLength(1);
      await page.getByTestId('report-parameters-done').click();
      await expect(page.getByTestId('report-parameters-dialog')).toHaveCount(0);
    }
  });
});

test.describe('report viewer at 1440 x 900', () => {
  test.use({ viewport: DESKTOP });

  test('parameters in a row; a saved report in the Views list by its customTitle; none for dashboard-only', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    await openTraffic(page, 'en');
    await expect(page.getByTestId('report-nodes')).toBeVisible();
    await expect(page.getByTestId('report-parameters-open')).toHaveCount(0);
    expect(await cutTexts(page)).toEqual([]);
    await snap(page, 'reports-viewer-1440-en');

    const bearer = await token(page.request, 'admin');
    const json = JSON.stringify({ fullTreeViewSelection: [], report: { name: 'trafficReport' } });
    const saved = await call<{ id: string; customTitle: string; defaultTitle: string }>(
      page.request,
      bearer,
      'POST',
      '/api/Dashboard',
      { name: 'Weekend doors', kind: 'report', json },
    );
    // removed again whatever happens: reports.spec.ts counts the items of /reports on the same server
    try {
      expect(saved).toMatchObject({ customTitle: 'Weekend doors', defaultTitle: 'Traffic' });
      await page.goto('/en/dashboard');
      const item = page.getByTestId('views-list').locator(`[data-view-id="${saved.id}"]`);
      await expect(item).toContainText('Weekend doors');
      await expect(item).toContainText('Traffic');
      await expectNoSeriousA11yViolations(page, 'views list with a saved report');
      await snap(page, 'reports-views-list-1440-en');
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/en/report/dashboard/${saved.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Weekend doors' })).toBeVisible();
    } finally {
      await call(page.request, bearer, 'DELETE', `/api/Dashboard/${saved.id}`);
    }
  });

  test('a dashboard-only user has no report in the Views list', async ({ page }) => {
    const bearer = await token(page.request, 'dashboardonly');
    const views = await call<{ kind: string; customTitle?: string | null }[]>(
      page.request,
      bearer,
      'GET',
      '/api/Dashboard',
    );
    expect(views.length).toBeGreaterThan(0);
    expect(views.filter((v) => v.kind === 'report')).toEqual([]);
    expect(views.every((v) => v.customTitle === null)).toBe(true);
  });
});

/** pdf.js served to the page from this machine's node_modules (no download). */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const PDFJS_ORIGIN = 'http://pdfjs.invalid';

interface RenderedPage {
  width: number;
  height: number;
  png: string;
  text: string;
  /** share of non-white pixels in the top 18 %, below it to 30 %, from half to 90 %, the bottom 6 % */
  ink: { header: number; top: number; lower: number; footer: number };
}

async function renderPdf(page: Page, pdf: Buffer): Promise<RenderedPage[]> {
  await page.route(`${PDFJS_ORIGIN}/**`, (route) => {
    const rel = new URL(route.request().url()).pathname.slice(1);
    if (rel === '')
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>pdf</title>' });
    const file = path.join(PDFJS_DIR, rel);
    if (!file.startsWith(PDFJS_DIR) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({
      path: file,
      contentType: file.endsWith('.mjs') ? 'text/javascript' : 'application/octet-stream',
    });
  });
  await page.goto(`${PDFJS_ORIGIN}/`);
  return page.evaluate(
    async ({ data, origin }) => {
      const pdfjs = await import(`${origin}/build/pdf.min.mjs`);
      pdfjs.GlobalWorkerOptions.workerSrc = `${origin}/build/pdf.worker.min.mjs`;
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const doc = await pdfjs.getDocument({ data: bytes, standardFontDataUrl: `${origin}/standard_fonts/` })
        .promise;
      const pages = [];
      for (let i = 1; i <= doc.numPages; i++) {
        const p = await doc.getPage(i);
        const viewport = p.getViewport({ scale: 1.5 });
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        await p.render({ canvasContext: ctx, viewport, canvas }).promise;
        const ink = (y0: number, y1: number) => {
          const top = Math.round(canvas.height * y0);
          const img = ctx.getImageData(0, top, canvas.width, Math.round(canvas.height * y1) - top).data;
          let dark = 0;
          for (let k = 0; k < img.length; k += 4) if (img[k]! + img[k + 1]! + img[k + 2]! < 600) dark++;
          return dark / (img.length / 4);
        };
        const [, , w, h] = p.view;
        const text = (await p.getTextContent()).items.map((it: { str?: string }) => it.str ?? '').join(' ');
        pages.push({
          width: w,
          height: h,
          png: canvas.toDataURL('image/png').split(',')[1]!,
          text,
          ink: { header: ink(0, 0.18), top: ink(0.05, 0.3), lower: ink(0.5, 0.9), footer: ink(0.94, 1) },
        });
      }
      return pages;
    },
    { data: pdf.toString('base64'), origin: PDFJS_ORIGIN },
  );
}

test.describe('the report PDF looked at as images', () => {
  test('traffic report PDF pages: A4 landscape, header, table and page numbers drawn, in three languages', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const parameters = await openTraffic(page, 'en');
    const bearer = await token(page.request, 'admin');
    for (const lang of LANGS) {
      const res = await page.request.post('/api/Report/trafficReport/file?format=pdf', {
        headers: { authorization: `Bearer ${bearer}` },
        data: { ...parameters, language: lang, aggregation: 'P1D' },
      });
      expect(res.status(), await res.text()).toBe(200);
      const pages = await renderPdf(page, await res.body());
      expect(pages.length).toBeGreaterThanOrEqual(1);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      pages.forEach((p, i) =>
        fs.writeFileSync(
          path.join(SCREENSHOT_DIR, `report-pdf-${lang}-p${i + 1}.png`),
          Buffer.from(p.png, 'base64'),
        ),
      );
      pages.forEach((p, i) => {
        // A4 landscape: 841.89 x 595.28 points
        expect(Math.round(p.width)).toBe(842);
        expect(Math.round(p.height)).toBe(595);
        // the table's header row, repeated at the top of every page, then rows drawn
        expect(p.text).toContain(TRAFFIC_IN[lang]);
        expect(p.ink.top, `page ${i + 1} top`).toBeGreaterThan(0.01);
        // "Page n of m" in the footer
        expect(p.ink.footer, `page ${i + 1} footer`).toBeGreaterThan(0);
        expect(p.text).toContain(`${PAGE_WORD[lang]} ${i + 1}`);
        expect(p.text).toContain(`${pages.length}`);
        // numbers in the French locale everywhere, the chart's axis included (never "21,000")
        expect(p.text).not.toMatch(/\b\d{1,3},\d{3}\b/);
      });
      // the first page opens with the header (logo, title, period, parameters), the chart and the table
      expect(pages[0]!.ink.header).toBeGreaterThan(0.01);
      expect(pages[0]!.ink.lower).toBeGreaterThan(0.01);
      expect(pages[0]!.text).toContain(TRAFFIC[lang]);
      await page.unroute(`${PDFJS_ORIGIN}/**`);
    }
  });
});
