import PDFDocument from 'pdfkit';
import { MAX_DASHBOARD_COLUMNS } from '@footfall/domain';
import {
  A4,
  BORDER,
  CONTENT_W,
  GAP,
  HEADER_H,
  INK,
  MARGIN,
  MUTED,
  PAD,
  pdfText,
  write,
  type Doc,
} from './pdf-kit.js';
import { bodyHeight, drawWidget } from './snapshot-pdf-widgets.js';
import type { SnapshotDocument, SnapshotWidget } from './exports.types.js';

/**
 * The snapshot PDF: the dashboard drawn as on screen, on A4 landscape pages. The header gives the
 * dashboard's name, its period and the number of locations; then each widget in reading order (top to
 * bottom, left to right on the 500-column grid), each in a framed box as wide as on screen: KPI cards
 * with their N-1 and Y-1 changes, line, bar and stacked in/out charts and the hourly x weekday heat map
 * drawn by ECharts (server-side SVG, placed as vectors by svg-to-pdfkit) from the same chart options as
 * the web app, ranking, table and occupancy as rows of text, text widgets with their text, images as a
 * labelled box. Numbers use the web app's formats (French number format, spec section 9).
 */

/** Reading order: rows by grid y, then x. */
const readingOrder = (widgets: readonly SnapshotWidget[]) =>
  [...widgets].sort((a, b) => a.widget.layout.y - b.widget.layout.y || a.widget.layout.x - b.widget.layout.x);

/** Widgets that start on the same grid row, side by side, share a PDF row. */
function rowsOf(widgets: readonly SnapshotWidget[]): SnapshotWidget[][] {
  const rows: SnapshotWidget[][] = [];
  for (const w of readingOrder(widgets)) {
    const last = rows.at(-1);
    const { x, y, w: width } = w.widget.layout;
    const beside =
      last?.[0]?.widget.layout.y === y &&
      !last.some((o) => x < o.widget.layout.x + o.widget.layout.w && o.widget.layout.x < x + width);
    if (last && beside) last.push(w);
    else rows.push([w]);
  }
  return rows;
}

function drawHeader(doc: Doc, d: SnapshotDocument): number {
  write(doc, d.title, MARGIN, MARGIN, { bold: true, size: 20, color: INK }, { width: CONTENT_W });
  write(doc, d.periodLine, MARGIN, MARGIN + 27, { size: 11, color: INK });
  write(doc, d.locationsLine, MARGIN, MARGIN + 43, { size: 9, color: MUTED });
  doc
    .moveTo(MARGIN, MARGIN + 60)
    .lineTo(A4.w - MARGIN, MARGIN + 60)
    .lineWidth(0.8)
    .strokeColor(BORDER)
    .stroke();
  return MARGIN + 70;
}

const drawFooter = (doc: Doc, d: SnapshotDocument, page: number) =>
  write(
    doc,
    `${d.title} · ${d.periodLine} · ${page}`,
    MARGIN,
    A4.h - MARGIN + 10,
    { size: 7.5, color: MUTED },
    {
      width: CONTENT_W,
      align: 'right',
    },
  );

/** Where a row's widgets go across the page: their share of the 500-column grid, less a gap between. */
function placeRow(row: readonly SnapshotWidget[]) {
  return row.map((item) => {
    const { x: gx, w: gw } = item.widget.layout;
    const reachesEdge = gx + gw >= MAX_DASHBOARD_COLUMNS - 2;
    const x = MARGIN + (gx / MAX_DASHBOARD_COLUMNS) * CONTENT_W;
    const w = ((reachesEdge ? MAX_DASHBOARD_COLUMNS - gx : gw) / MAX_DASHBOARD_COLUMNS) * CONTENT_W;
    return { item, x, w: Math.max(60, w - (reachesEdge ? 0 : GAP)) };
  });
}

/** The snapshot PDF of a dashboard (A4 landscape, as many pages as its widgets need). */
export async function renderSnapshotPdf(d: SnapshotDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: pdfText(d.title), Subject: pdfText(d.periodLine), Creator: d.texts.generated },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  let page = 1;
  let y = drawHeader(doc, d);
  const bottom = A4.h - MARGIN;
  const chrome = HEADER_H + 4 + PAD;
  for (const row of rowsOf(d.widgets)) {
    const placed = placeRow(row);
    const body = Math.max(...placed.map((p) => bodyHeight(doc, p.item, p.w - 2 * PAD)));
    const h = Math.min(bottom - MARGIN - 70, body + chrome);
    if (y + h > bottom) {
      drawFooter(doc, d, page);
      doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
      page += 1;
      y = MARGIN;
    }
    for (const p of placed) drawWidget(doc, p.item, d, { x: p.x, y, w: p.w, h });
    y += h + GAP;
  }
  drawFooter(doc, d, page);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
