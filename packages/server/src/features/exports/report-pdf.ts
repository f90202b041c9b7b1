import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import {
  formatAxisNumber,
  formatReportCell,
  reportText,
  thresholdLevel,
  type ReportCell,
  type ReportChartData,
  type ReportColumn,
  type ReportRow,
} from '@footfall/domain';
import {
  BORDER,
  CHART_SCALE,
  INK,
  MARGIN,
  MUTED,
  pdfText,
  STATUS_COLOR,
  write,
  type Doc,
} from './pdf-kit.js';
import { renderChartSvg } from './snapshot-pdf-widgets.js';
import { BrandLogo } from './report-logo.js';
import { cellWriter, fastPageCompression, type Cell, type Run } from './pdf-cells.js';
import { collect, drained, type StreamOptions } from './report-table.js';
import { rowChunks, type ReportSource, type StreamedReportSection } from './exports.types.js';

/**
 * A computed report as a PDF (pdfkit): A4, landscape when the table is wide; on the first page the
 * logo, title, period and parameters, then the charts as vectors (ECharts SVG placed by
 * svg-to-pdfkit); then each section's table, its header repeated on every page, with more columns
 * than a page holds split into parts that each repeat the first column; "Page n of m" at the foot.
 * Pages are laid out twice, once to count them and once to draw, so no page is held in memory to
 * number it later. Table cells are written by pdf-cells.ts (one text object a row).
 */

const ROW_H = 13;
const HEAD_H = 16;
const SECTION_H = 20;
const FOOT_H = 18;
const CHART_H = 170;
const FONT = 7.5;
const MIN_COL_W = 54;
const FIRST_COL_W = 150;
const PORTRAIT_MAX_COLUMNS = 6;

interface Geometry {
  w: number;
  h: number;
  contentW: number;
  bottom: number;
}

/** Column parts of a section: the first column, then as many others as fit on the page's width. */
function columnParts(columns: readonly ReportColumn[], contentW: number): ReportColumn[][] {
  if (columns.length === 0) return [[]];
  const [first, ...rest] = columns;
  const perPart = Math.max(1, Math.floor((contentW - FIRST_COL_W) / MIN_COL_W));
  if (rest.length <= perPart) return [columns as ReportColumn[]];
  const parts: ReportColumn[][] = [];
  for (let i = 0; i < rest.length; i += perPart) parts.push([first!, ...rest.slice(i, i + perPart)]);
  return parts;
}

function widths(columns: readonly ReportColumn[], contentW: number): number[] {
  const weight = (c: ReportColumn) => (c.kind === 'text' ? 2.6 : c.kind === 'datetime' ? 1.5 : 1);
  const total = columns.reduce((s, c) => s + weight(c), 0);
  return columns.map((c) => (contentW * weight(c)) / total);
}

/** The ECharts option of a report chart: the PDF's and the ReportViewer's SVG resource. */
export function chartOption(c: ReportChartData) {
  return {
    grid: { left: 60, right: 20, top: 36, bottom: 40 },
    legend: { top: 4, textStyle: { fontSize: 12 } },
    xAxis: { type: 'category', data: c.categories, axisLabel: { fontSize: 11 } },
    // numbers in the French locale, as in the table below and on screen (spec section 9)
    yAxis: {
      type: 'value',
      axisLabel: { fontSize: 11, formatter: (v: number) => pdfText(formatAxisNumber(v)) },
    },
    color: ['#0f766e', '#7c3aed', '#ea580c', '#2563eb'],
    series: c.series.map((s) => ({
      name: s.name,
      type: c.type,
      data: s.data,
      showSymbol: c.categories.length <= 40,
      ...(c.type === 'line' ? { smooth: false } : {}),
    })),
  };
}

/**
 * The cell of one column's value (its text fitted to the column, its colour), remembered per value:
 * the figures of a long report repeat (counts of a few hundred, dates per location), and formatting
 * and encoding them were most of its time.
 */
function columnCells(
  c: ReportColumn,
  fit: (text: string) => Run | null,
): (v: ReportCell | undefined) => { run: Run | null; color: string } {
  const known = new Map<ReportCell | undefined, { run: Run | null; color: string }>();
  return (v) => {
    let cell = known.get(v);
    if (cell === undefined) {
      const level = thresholdLevel(c, v);
      cell = { run: fit(formatReportCell(c, v)), color: level && level !== 'ok' ? STATUS_COLOR[level] : INK };
      if (known.size > 100_000) known.clear();
      known.set(v, cell);
    }
    return cell;
  };
}

interface Walker {
  doc: Doc | null;
  page: number;
  y: number;
}

/**
 * A computed report as a PDF stream: pages go out as they are drawn (pdfkit writes a page when the
 * next one starts; the layout yields to the event loop after each page), so the file is never held
 * whole. An error mid-way destroys the stream with it.
 */
export function streamReportPdf(report: ReportSource, options: StreamOptions = {}): Readable {
  const widest = Math.max(0, ...report.sections.map((s) => s.columns.length));
  const landscape = widest > PORTRAIT_MAX_COLUMNS;
  const g: Geometry = landscape
    ? { w: 841.89, h: 595.28, contentW: 841.89 - 2 * MARGIN, bottom: 595.28 - MARGIN - FOOT_H }
    : { w: 595.28, h: 841.89, contentW: 595.28 - 2 * MARGIN, bottom: 841.89 - MARGIN - FOOT_H };
  const charts = report.charts.filter((c) => c.categories.length > 0 && c.series.length > 0);
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    // every position is laid out here: no margin, so pdfkit never adds a page of its own for the footer
    margin: 0,
    autoFirstPage: false,
    info: { Title: report.title, Creator: 'Footfall' },
  });
  fastPageCompression(doc);
  const draw = async () => {
    const pages = await walk(report, g, charts, null, 0);
    await walk(report, g, charts, doc, pages, options.backlog);
    doc.end();
  };
  draw().catch((e: unknown) => doc.destroy(e as Error));
  return doc;
}

export const renderReportPdf = (report: ReportSource): Promise<Buffer> => collect(streamReportPdf(report));

/** The rows a section will yield (a streamed section says how many it will). */
const rowTotal = (s: StreamedReportSection) => (Array.isArray(s.rows) ? s.rows.length : s.rowCount);

/** Lays the report out on pages (drawing when `doc` is given); answers the number of pages. */
async function walk(
  report: ReportSource,
  g: Geometry,
  charts: readonly ReportChartData[],
  doc: Doc | null,
  totalPages: number,
  backlog?: number,
): Promise<number> {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    reportText(report.language, key, vars);
  const w: Walker = { doc, page: 0, y: MARGIN };
  const cells = doc ? cellWriter(doc) : null;
  const footTitle = cells ? cells.fit('Helvetica', 7, report.title, g.contentW / 2) : null;
  const newPage = () => {
    w.page += 1;
    w.y = MARGIN;
    if (!doc) return;
    cells!.flush();
    doc.addPage();
    // the foot of every page: the report's title at the left, "Page n of m" at the right
    cells!.row('Helvetica', 7, g.h - MARGIN - 8, [
      { run: footTitle, x: MARGIN, width: g.contentW / 2, right: false, color: MUTED },
      {
        run: cells!.fit('Helvetica', 7, t('page_of', { n: w.page, m: totalPages }), g.contentW),
        x: MARGIN,
        width: g.contentW,
        right: true,
        color: MUTED,
      },
    ]);
  };
  newPage();

  // header: logo, title, period, parameters, generated
  if (doc) {
    BrandLogo(doc, MARGIN, MARGIN);
    write(
      doc,
      report.title,
      MARGIN + 34,
      MARGIN + 2,
      { bold: true, size: 16, color: INK },
      { width: g.contentW - 34 },
    );
    write(
      doc,
      report.periodLine,
      MARGIN + 34,
      MARGIN + 22,
      { size: 9.5, color: INK },
      { width: g.contentW - 34 },
    );
  }
  w.y = MARGIN + 38;
  for (const line of report.parameterLines) {
    if (doc) write(doc, line, MARGIN, w.y, { size: 8.5, color: MUTED }, { width: g.contentW });
    w.y += 12;
  }
  if (doc)
    write(
      doc,
      t('generated', { at: report.generatedAt.slice(0, 16).replace('T', ' ') + ' UTC' }),
      MARGIN,
      w.y,
      {
        size: 7.5,
        color: MUTED,
      },
    );
  w.y += 16;

  for (const c of charts) {
    if (w.y + CHART_H > g.bottom) newPage();
    if (doc) {
      const svg = renderChartSvg(
        chartOption(c),
        Math.round(g.contentW * CHART_SCALE),
        Math.round(CHART_H * CHART_SCALE),
      );
      SVGtoPDF(doc, svg, MARGIN, w.y, {
        width: g.contentW,
        height: CHART_H,
        fontCallback: (_family, bold) => (bold ? 'Helvetica-Bold' : 'Helvetica'),
      });
    }
    w.y += CHART_H + 8;
  }

  for (const section of report.sections) {
    for (const [partIndex, columns] of columnParts(section.columns, g.contentW).entries()) {
      const ws = widths(columns, g.contentW);
      const title = partIndex === 0 ? section.title : `${section.title} (${partIndex + 1})`;
      const xs = columns.map((_, i) => MARGIN + ws.slice(0, i).reduce((x, y) => x + y, 0) + 3);
      const right = columns.map((c) => c.kind !== 'text' && c.kind !== 'datetime');
      // the header's cells, the same on every page
      const headCells: Cell[] | null = cells
        ? columns.map((c, i) => ({
            run: cells.fit('Helvetica-Bold', FONT, c.label, ws[i]! - 6),
            x: xs[i]!,
            width: ws[i]! - 6,
            right: right[i]!,
            color: INK,
          }))
        : null;
      const head = () => {
        if (cells)
          cells.row('Helvetica-Bold', FONT, w.y + 4.5, headCells!, {
            x: MARGIN,
            y: w.y,
            w: g.contentW,
            h: HEAD_H,
            color: '#f3f4f6',
          });
        w.y += HEAD_H;
      };
      const sectionTitle = () => {
        if (cells)
          cells.row('Helvetica-Bold', 11, w.y + 4, [
            {
              run: cells.fit('Helvetica-Bold', 11, title, g.contentW),
              x: MARGIN,
              width: g.contentW,
              right: false,
              color: INK,
            },
          ]);
        w.y += SECTION_H;
      };
      if (w.y + SECTION_H + HEAD_H + ROW_H > g.bottom) newPage();
      sectionTitle();
      head();
      // per column and font: the cell of each value, remembered; the row's cells, reused row after row
      const cellOf = (font: string) =>
        columns.map((c, i) => columnCells(c, (text) => cells!.fit(font, FONT, text, ws[i]! - 6)));
      const plain = cells ? cellOf('Helvetica') : [];
      const bold = cells ? cellOf('Helvetica-Bold') : [];
      const cellsOfRow: Cell[] = columns.map((_, i) => ({
        run: null,
        x: xs[i]!,
        width: ws[i]! - 6,
        right: right[i]!,
        color: INK,
      }));
      const drawRow = (row: ReportRow | null, isTotals: boolean, zebra: boolean) => {
        if (w.y + ROW_H > g.bottom) {
          newPage();
          head();
        }
        if (cells && row) {
          const known = isTotals ? bold : plain;
          for (let i = 0; i < columns.length; i++) {
            const cell = known[i]!(row[columns[i]!.key]);
            cellsOfRow[i]!.run = cell.run;
            cellsOfRow[i]!.color = cell.color;
          }
          // one text object a row (pdf-cells.ts): a year of days is thousands of pages
          cells.row(
            isTotals ? 'Helvetica-Bold' : 'Helvetica',
            FONT,
            w.y + 3,
            cellsOfRow,
            zebra ? { x: MARGIN, y: w.y, w: g.contentW, h: ROW_H, color: '#fafafa' } : undefined,
          );
        }
        w.y += ROW_H;
      };
      let drawn = 0;
      if (!doc) {
        // laid out only (counting pages): every row is one line high, its content does not matter
        drawn = rowTotal(section);
        for (let i = 0; i < drawn; i++) drawRow(null, false, false);
      } else
        for await (const chunk of rowChunks(section.rows))
          for (const row of chunk) {
            const page = w.page;
            drawRow(row, false, drawn++ % 2 === 1);
            // a new page: the previous one is written; wait while the reader is behind (backpressure)
            if (w.page !== page) await drained(doc, backlog);
          }
      if (drawn === 0) {
        cells?.flush();
        if (doc) write(doc, t('no_rows'), MARGIN + 3, w.y + 3, { italic: true, size: FONT, color: MUTED });
        w.y += ROW_H;
      }
      if (section.totals) {
        cells?.flush();
        if (doc && w.y + ROW_H <= g.bottom)
          doc
            .moveTo(MARGIN, w.y)
            .lineTo(MARGIN + g.contentW, w.y)
            .lineWidth(0.6)
            .strokeColor(BORDER)
            .stroke();
        drawRow(section.totals, true, false);
      }
      w.y += 10;
    }
  }
  cells?.flush();
  return w.page;
}
