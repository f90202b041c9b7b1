import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { AggregatedSeries, NodeSummary, TreeNode } from '@footfall/domain';
import { LANGS, signIn, snap, type Lang } from '../src/support/shell';
import { client, token, type ApiClient } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Settings > Organisational structure, a device's Sensor panel, "Backfill from a device export"
 * (issue 17): in each language an admin uploads the vendors' published CSV exports for a device of a
 * demo location, sees how many counts were stored, and the counts arrive in the files' local minutes
 * (read back through the query API); a truncated copy is refused with the line it breaks on, and
 * nothing of it is stored. Axe clean with both outcomes shown.
 *
 * Samples (verbatim, cited in packages/server/src/features/timeseries/sensors/samples/README.md):
 * - xovis-pc2se-count-export.csv: a Xovis PC2SE "Person count in_out" export, github.com/MarkusA1A/xovis
 *   (`00_6E_02_08_12_A4_1000_Person count in_out.csv` at e3a0919888fbc57304bef2b6f0c37c3f991cb55a),
 *   first 2,433 lines;
 * - axis-3d-people-counter-export-minute.csv: AXIS 3D People Counter (P8815-2) foot traffic export,
 *   developer.axis.com/vapix/applications/p8815-2-3d-people-counter-api, "Download foot traffic
 *   statistics", Example 2 (its counts are all 0, as published).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const samples = path.resolve(here, '../../server/src/features/timeseries/sensors/samples');
const XOVIS_FILE = 'xovis-pc2se-count-export.csv';
const XOVIS_SPAN = ['2026-01-31 00:00', '2026-02-03 00:00'] as const;
const AXIS_FILE = 'axis-3d-people-counter-export-minute.csv';
const AXIS_SPAN = ['2020-09-23 00:00', '2020-09-24 00:00'] as const;
const xovisCsv = fs.readFileSync(path.join(samples, XOVIS_FILE), 'utf8');
const axisCsv = fs.readFileSync(path.join(samples, AXIS_FILE), 'utf8');

const run = Date.now().toString(36).slice(-5);
const doorOf = (lang: Lang) => `E2E Export Door ${lang} ${run}`;
const details = (page: Page) => page.getByTestId('settings-tree-details');
const section = (page: Page) => page.getByTestId('device-export-upload');

const L = {
  en: {
    tab: 'Sensor',
    title: 'Backfill from a device export',
    format: 'Export format',
    xovis: 'Xovis count export',
    axis: 'Axis export',
    choose: 'Choose a CSV file',
    upload: 'Upload',
    stored: 'counts stored',
    refused: 'was refused and nothing was stored',
  },
  fr: {
    tab: 'Capteur',
    title: 'Compléter l’historique depuis un export du capteur',
    format: 'Format de l’export',
    xovis: 'Export de comptage Xovis',
    axis: 'Export Axis',
    choose: 'Choisir un fichier CSV',
    upload: 'Importer',
    stored: 'comptages enregistrés',
    refused: 'a été refusé, rien n’a été enregistré',
  },
  es: {
    tab: 'Sensor',
    title: 'Completar el historial con una exportación del sensor',
    format: 'Formato de la exportación',
    xovis: 'Exportación de conteo de Xovis',
    axis: 'Exportación de Axis',
    choose: 'Elegir un archivo CSV',
    upload: 'Subir',
    stored: 'conteos guardados',
    refused: 'no se guardó nada',
  },
} as const;

type Row = { local: string; in: number; out: number };
/** A file's rows ('YYYY-MM-DD HH:mm' local) summed by buckets of `step` minutes, read here, not by the server. */
function bucketsOf(rows: Row[], step: number) {
  const sums = new Map<string, { in: number; out: number }>();
  for (const r of rows) {
    const minute = Number(r.local.slice(14, 16));
    const key = `${r.local.slice(0, 14)}${String(minute - (minute % step)).padStart(2, '0')}`;
    const s = sums.get(key) ?? { in: 0, out: 0 };
    s.in += r.in;
    s.out += r.out;
    sums.set(key, s);
  }
  return sums;
}
/** Xovis: `DD/MM/YYYY - HH:MM,DD/MM/YYYY - HH:MM,forward,backward` */
const xovisRows: Row[] = xovisCsv
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => {
    const [from, , fw, bw] = l.split(',');
    const m = /^(\d{2})\/(\d{2})\/(\d{4}) - (\d{2}:\d{2})$/.exec(from!)!;
    return { local: `${m[3]}-${m[2]}-${m[1]} ${m[4]}`, in: Number(fw), out: Number(bw) };
  });
/** Axis 3D People Counter: `YYYY-MM-DD hh:mm:ss,YYYY-MM-DD hh:mm:ss,in,out` */
const axisRows: Row[] = axisCsv
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => {
    const [from, , inn, out] = l.split(',');
    return { local: from!.slice(0, 16), in: Number(inn), out: Number(out) };
  });

/**
 * What the API answers for the device over [from, to) local: TrafficIn and TrafficOut summaries, and
 * each bucket of the file's rows (`step` minutes: the file's own minutes while raw minutes are kept,
 * 15-minute rollups for older files), beside what the file says.
 */
const stepOf = (rows: Row[]) => (rows[0]!.local < '2021' ? 15 : 1);
async function storedOf(admin: ApiClient, deviceId: string, rows: Row[], range: readonly [string, string]) {
  const step = stepOf(rows);
  const series = await admin.send<AggregatedSeries[]>('POST', '/api/TimeSeries/AggregatedTimeSeries', {
    nodeIds: [deviceId],
    aggregateFunctionsByKpi: [
      { kpi: 'TrafficIn', aggregateFunctions: ['Sum'] },
      { kpi: 'TrafficOut', aggregateFunctions: ['Sum'] },
    ],
    from: range[0],
    to: range[1],
    aggregation: step === 1 ? 'PT1M' : 'PT15M',
  });
  const of = (kpi: string) => series.find((s) => s.kpi === kpi)!;
  const value = (kpi: string, key: string) => of(kpi).data.find((p) => p.key === key)?.value ?? null;
  return {
    summary: { in: of('TrafficIn').summary, out: of('TrafficOut').summary },
    buckets: [...bucketsOf(rows, step).keys()].map((key) => [
      key,
      value('TrafficIn', key),
      value('TrafficOut', key),
    ]),
  };
}
const fileOf = (rows: Row[]) => ({
  summary: { in: rows.reduce((s, r) => s + r.in, 0), out: rows.reduce((s, r) => s + r.out, 0) },
  buckets: [...bucketsOf(rows, stepOf(rows))].map(([key, v]) => [key, v.in, v.out]),
});

async function openDevice(page: Page, lang: Lang) {
  await page.goto(`/${lang}/settings/tree`);
  await page.getByTestId('settings-tree-search').fill(doorOf(lang));
  await page
    .getByTestId('settings-tree-list')
    .getByRole('treeitem')
    .filter({ hasText: doorOf(lang) })
    .first()
    .click();
  await expect(details(page).getByRole('heading', { name: doorOf(lang) })).toBeVisible();
  await details(page).getByRole('tab', { name: L[lang].tab }).click();
  await expect(section(page).getByRole('heading', { name: L[lang].title })).toBeVisible();
}

async function upload(page: Page, lang: Lang, name: string, body: string) {
  await section(page)
    .getByLabel(L[lang].choose)
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(body) });
  await expect(section(page).getByTestId('device-export-file')).toHaveText(name);
  await section(page).getByRole('button', { name: L[lang].upload }).click();
  return section(page).getByTestId('device-export-result');
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });
const devices: Partial<Record<Lang, string>> = {};

test.beforeAll(async ({ request }) => {
  const admin = client(request, await token(request, 'admin'));
  const tree = await admin.get<TreeNode[]>('/api/OrganizationalTree');
  const location = tree[0]!.children.find((n) => n.type === 'StoreNodeAttributes')!;
  for (const lang of LANGS) {
    const made = await admin.send<NodeSummary>('POST', '/api/OrganizationalTree', {
      parentId: location.id,
      name: doorOf(lang),
      type: 'DeviceNodeAttributes',
      attributes: { serialNumber: `E2E-EXPORT-${lang}-${run}` },
    });
    devices[lang] = made.id;
  }
});

for (const lang of LANGS) {
  test(`in ${lang}, an admin backfills a device from its Xovis and Axis exports; a truncated file is refused whole`, async ({
    page,
    request,
  }) => {
    const admin = client(request, await token(request, 'admin'));
    const deviceId = devices[lang]!;
    const count = (n: number) => new Intl.NumberFormat(lang).format(n);
    const xovis = () => storedOf(admin, deviceId, xovisRows, XOVIS_SPAN);
    const axis = () => storedOf(admin, deviceId, axisRows, AXIS_SPAN);
    await signIn(page, 'admin', lang);
    await openDevice(page, lang);
    const format = section(page).getByRole('combobox', { name: L[lang].format });
    await expect(format).toHaveText(L[lang].xovis);
    await expect(section(page).getByRole('button', { name: L[lang].upload })).toBeDisabled();

    // the Xovis export: its header selects the format; every row gives an in and an out count,
    // stored at the file's local minutes
    await format.click();
    await page.getByRole('option', { name: L[lang].axis }).click();
    let result = await upload(page, lang, XOVIS_FILE, xovisCsv);
    await expect(format).toHaveText(L[lang].xovis);
    await expect(result).toContainText(XOVIS_FILE);
    await expect(result).toContainText(`${count(xovisRows.length * 2)} ${L[lang].stored}`);
    await expect.poll(xovis, { timeout: 20_000 }).toEqual(fileOf(xovisRows));
    expect(xovisRows.reduce((s, r) => s + r.in, 0)).toBeGreaterThan(0);
    if (lang === 'en') await snap(page, `device-export-stored-${lang}-1440`);

    // a truncated copy whose first row also says 99 in: refused at its last line, nothing of it stored
    const first = xovisCsv.split('\n')[1]!;
    const broken = xovisCsv.replace(first, first.replace(/,\d+,(\d+)$/, ',99,$1')).slice(0, -10);
    expect(broken).toContain(',99,');
    result = await upload(page, lang, `truncated-${XOVIS_FILE}`, broken);
    await expect(result).toContainText(L[lang].refused);
    await expect(result).toContainText(`csv.line.${xovisRows.length + 1}.to-time`);
    expect(await xovis()).toEqual(fileOf(xovisRows));

    // the Axis 3D People Counter export (all 0 as published: the zeros are stored, summaries 0, not null)
    result = await upload(page, lang, AXIS_FILE, axisCsv);
    await expect(format).toHaveText(L[lang].axis);
    await expect(result).toContainText(`${count(axisRows.length * 2)} ${L[lang].stored}`);
    await expect.poll(axis, { timeout: 20_000 }).toEqual(fileOf(axisRows));

    // a file of neither format, sent as the format chosen: the server's 400 says what it expects
    result = await upload(page, lang, 'not-a-count-export.csv', 'a,b\n1,2\n');
    await expect(format).toHaveText(L[lang].axis);
    await expect(result).toContainText('start,end,in,out');

    // the Axis export cut short: refused at its last line; the panel shows it, axe clean
    result = await upload(page, lang, `truncated-${AXIS_FILE}`, axisCsv.slice(0, -10));
    await expect(result).toContainText(L[lang].refused);
    await expect(result).toContainText(`csv.line.${axisRows.length + 1}.end`);
    expect(await axis()).toEqual(fileOf(axisRows));
    expect(await xovis()).toEqual(fileOf(xovisRows));
    await expectNoSeriousA11yViolations(page, `device export upload ${lang}`);
    await section(page).scrollIntoViewIfNeeded();
    await snap(page, `device-export-${lang}-1440`);
  });
}
