import * as echarts from 'echarts';
import SVGtoPDF from 'svg-to-pdfkit';
import {
  bucketLabel,
  findSeries,
  formatDelta,
  cardNamesKpi,
  completenessSummary,
  formatKpiValue,
  kpiCardFigures,
  occupancyRows,
  orderKpis,
  rankingRows,
  widgetChartOption,
  type Widget,
} from '@footfall/domain';
import {
  BAD,
  BORDER,
  CHART_SCALE,
  GOOD,
  HEADER_H,
  INK,
  MAX_LIST_ROWS,
  MAX_TABLE_ROWS,
  MUTED,
  PAD,
  STATUS_COLOR,
  pdfText,
  textWidth,
  write,
  type Box,
  type Doc,
} from './pdf-kit.js';
import type { SnapshotDocument, SnapshotWidget } from './exports.types.js';

/*
 * Each widget of the snapshot PDF in its frame: the height its body needs at a width, and its drawing
 * (KPI cards, ECharts charts as vectors, ranking, occupancy and table rows, text, image box).
 */

const widgetTitle = (w: Widget, t: SnapshotDocument['t']) => w.title ?? t(`widget_type_${w.type.name}`);
const hasData = (s: SnapshotWidget) => s.series !== null && s.series.length > 0;
const tableKeys = ({ widget, series }: SnapshotWidget) =>
  findSeries(series, orderKpis(widget.kpis)[0] ?? '')?.data.map((p) => p.key) ?? [];
const cardHeight = (item: SnapshotWidget) =>
  kpiCardFigures(item.widget, item.series).some((c) => c.forecast != null) ? 74 : 62;

/** The body height (under the widget's title) a widget needs at a width. */
export function bodyHeight(doc: Doc, item: SnapshotWidget, width: number): number {
  const { widget, series } = item;
  switch (widget.type.name) {
    case 'text':
      doc.font('Helvetica').fontSize(10);
      return Math.min(160, doc.heightOfString(pdfText(widget.extras.text ?? ''), { width }) + 4);
    case 'image':
      return 60;
    case 'kpiCard': {
      const perRow = Math.max(1, Math.floor(width / 150));
      return Math.ceil(Math.max(1, widget.kpis.length) / perRow) * cardHeight(item);
    }
    case 'lineChart':
    case 'barChart':
    case 'stackedInOut':
      return hasData(item) ? 200 : 24;
    case 'heatMap':
      return hasData(item) ? 230 : 24;
    case 'ranking':
      return Math.max(1, Math.min(MAX_LIST_ROWS, rankingRows(widget, series).rows.length)) * 20;
    case 'occupancyIndicator':
      return Math.max(1, Math.min(MAX_LIST_ROWS, occupancyRows(widget, series).length)) * 18;
    case 'table': {
      const all = tableKeys(item).length;
      const rows = Math.min(all, widget.extras.pagination, MAX_TABLE_ROWS);
      return 16 + Math.max(1, rows) * 14 + (all > rows ? 14 : 0);
    }
    default:
      return 24;
  }
}

/** One chart as an SVG string, rendered by ECharts on the server. */
export function renderChartSvg(option: object, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false, textStyle: { fontFamily: 'Helvetica' } });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

const drawHint = (doc: Doc, text: string, box: Box) =>
  write(doc, text, box.x, box.y + 4, { size: 9, color: MUTED }, { width: box.w });

function drawChart(doc: Doc, item: SnapshotWidget, d: SnapshotDocument, box: Box) {
  const option = item.series ? widgetChartOption(item.widget, item.series, d.t) : null;
  if (!option || !hasData(item)) return drawHint(doc, d.t('widget_no_data'), box);
  const svg = renderChartSvg(option, Math.round(box.w * CHART_SCALE), Math.round(box.h * CHART_SCALE));
  SVGtoPDF(doc, svg, box.x, box.y, {
    width: box.w,
    height: box.h,
    fontCallback: (_family, bold) => (bold ? 'Helvetica-Bold' : 'Helvetica'),
  });
}

/** The KPI cards as the web shows them: name, value, N-1 and Y-1 chips, forecast. */
function drawKpiCards(doc: Doc, item: SnapshotWidget, d: SnapshotDocument, { x, y, w }: Box) {
  const perRow = Math.max(1, Math.floor(w / 150));
  const cardW = w / perRow;
  const figures = kpiCardFigures(item.widget, item.series);
  figures.forEach(({ kpi, current, n1, y1, forecast }, i) => {
    const cx = x + (i % perRow) * cardW;
    const cy = y + Math.floor(i / perRow) * cardHeight(item);
    // as on the web: a one-KPI card titled with its KPI does not repeat the name
    if (cardNamesKpi(item.widget.title, d.t(`kpi_${kpi}`), figures.length))
      write(
        doc,
        d.t(`kpi_${kpi}`).toUpperCase(),
        cx,
        cy,
        { size: 8, color: MUTED },
        {
          width: cardW - 8,
          characterSpacing: 0.4,
        },
      );
    write(
      doc,
      formatKpiValue(kpi, current),
      cx,
      cy + 11,
      { bold: true, size: 22, color: INK },
      { width: cardW - 8 },
    );
    let chipX = cx;
    for (const [label, value] of [
      [d.t('mode_n1'), n1],
      [d.t('mode_y1'), y1],
    ] as const) {
      const text = `${label} ${formatDelta(value)}`;
      const color = value == null ? MUTED : value >= 0 ? GOOD : BAD;
      const tw = textWidth(doc, text, { size: 8, color }) + 12;
      doc
        .roundedRect(chipX, cy + 39, tw, 15, 7.5)
        .lineWidth(0.8)
        .strokeColor(color)
        .stroke();
      write(doc, text, chipX + 6, cy + 43, { size: 8, color });
      chipX += tw + 5;
    }
    if (forecast != null) {
      const text = d.t('forecast_value').replace('{{value}}', formatKpiValue(kpi, forecast));
      write(doc, text, cx, cy + 59, { size: 8, color: MUTED }, { width: cardW - 8 });
    }
  });
}

/** A name at the left and a bold value at the right, on one line of a list. */
function listLine(doc: Doc, name: string, value: string, x: number, y: number, w: number) {
  const vw = textWidth(doc, value, { bold: true, size: 9, color: INK });
  write(doc, value, x + w - vw, y, { bold: true, size: 9, color: INK });
  write(doc, name, x, y, { size: 9, color: INK }, { width: w - vw - 8 });
}

function drawRanking(doc: Doc, item: SnapshotWidget, d: SnapshotDocument, box: Box) {
  const { kpi, rows, max } = rankingRows(item.widget, item.series);
  if (rows.length === 0) return drawHint(doc, d.t('widget_no_data'), box);
  rows.slice(0, MAX_LIST_ROWS).forEach((r, i) => {
    const ry = box.y + i * 20;
    listLine(doc, `${i + 1}. ${d.nodeName(r.nodeId)}`, formatKpiValue(kpi, r.summary), box.x, ry, box.w);
    doc
      .roundedRect(box.x, ry + 12, box.w, 4, 2)
      .fillColor('#dbeafe')
      .fill();
    const filled = Math.max(4, (box.w * Math.max(0, r.summary ?? 0)) / max);
    doc
      .roundedRect(box.x, ry + 12, filled, 4, 2)
      .fillColor('#2563eb')
      .fill();
  });
}

function drawOccupancy(doc: Doc, item: SnapshotWidget, d: SnapshotDocument, box: Box) {
  const rows = occupancyRows(item.widget, item.series);
  if (rows.length === 0) return drawHint(doc, d.t('widget_no_data'), box);
  rows.slice(0, MAX_LIST_ROWS).forEach((r, i) => {
    const ry = box.y + i * 18;
    doc.rect(box.x, ry, 3, 13).fillColor(STATUS_COLOR[r.status]).fill();
    const value = `${formatKpiValue('Occupancy', r.summary)} · ${d.t(`occupancy_${r.status}`)}`;
    listLine(doc, d.nodeName(r.nodeId), value, box.x + 8, ry + 2, box.w - 8);
  });
}

/** The table's first page of rows (as the web's first page shows), the period and each KPI. */
function drawTable(doc: Doc, item: SnapshotWidget, d: SnapshotDocument, { x, y, w }: Box) {
  const { widget, series } = item;
  const kpis = orderKpis(widget.kpis);
  const first = findSeries(series, kpis[0] ?? '');
  const keys = tableKeys(item);
  if (keys.length === 0) return drawHint(doc, d.t('widget_no_data'), { x, y, w, h: 0 });
  const multiDay = new Set(keys.map((k) => k.slice(0, 10))).size > 1;
  const shown = keys.slice(0, Math.min(widget.extras.pagination, MAX_TABLE_ROWS));
  const colW = w / (kpis.length + 1);
  const cell = (text: string, col: number, cy: number, header = false) =>
    write(
      doc,
      text,
      x + col * colW,
      cy,
      { bold: header, size: 8.5, color: header ? MUTED : INK },
      {
        width: colW - 4,
        align: col === 0 ? 'left' : 'right',
      },
    );
  cell(d.t('table_period'), 0, y, true);
  kpis.forEach((k, i) => cell(d.t(`kpi_${k}`), i + 1, y, true));
  doc
    .moveTo(x, y + 12)
    .lineTo(x + w, y + 12)
    .lineWidth(0.6)
    .strokeColor(BORDER)
    .stroke();
  shown.forEach((key, r) => {
    const ry = y + 16 + r * 14;
    cell(bucketLabel(key, first?.aggregation ?? 'PT1H', multiDay), 0, ry);
    kpis.forEach((k, i) =>
      cell(
        formatKpiValue(k, findSeries(series, k)?.data.find((p) => p.key === key)?.value ?? null),
        i + 1,
        ry,
      ),
    );
  });
  if (keys.length > shown.length) {
    const more = d.texts.moreRows(keys.length - shown.length);
    write(doc, more, x, y + 16 + shown.length * 14, { italic: true, size: 8, color: MUTED });
  }
}

export function drawWidget(doc: Doc, item: SnapshotWidget, d: SnapshotDocument, frame: Box) {
  const { widget } = item;
  doc.roundedRect(frame.x, frame.y, frame.w, frame.h, 6).lineWidth(0.8).strokeColor(BORDER).stroke();
  write(
    doc,
    widgetTitle(widget, d.t),
    frame.x + PAD,
    frame.y + 8,
    { bold: true, size: 10.5, color: INK },
    {
      width: frame.w - 2 * PAD,
    },
  );
  // the web's "data incomplete for N of M locations" mark, as a note at the frame's foot
  const incomplete = completenessSummary(item.series);
  const note = incomplete
    ? d.texts.incomplete(
        incomplete.incomplete.length,
        incomplete.total,
        incomplete.incomplete.map((n) => d.nodeName(n.nodeId)),
      )
    : null;
  if (note)
    write(
      doc,
      note,
      frame.x + PAD,
      frame.y + frame.h - PAD - 2,
      { size: 7, color: INK },
      {
        width: frame.w - 2 * PAD,
        height: 9,
        ellipsis: true,
        lineBreak: false,
      },
    );
  const box = {
    x: frame.x + PAD,
    y: frame.y + HEADER_H + 4,
    w: frame.w - 2 * PAD,
    h: frame.h - HEADER_H - 4 - PAD - (note ? 8 : 0),
  };
  switch (widget.type.name) {
    case 'text':
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(MUTED)
        .text(pdfText(widget.extras.text ?? ''), box.x, box.y, {
          width: box.w,
          height: box.h,
          ellipsis: true,
        });
      return;
    case 'image':
      doc
        .rect(box.x, box.y, box.w, box.h)
        .dash(3, { space: 3 })
        .lineWidth(0.6)
        .strokeColor(BORDER)
        .stroke()
        .undash();
      write(
        doc,
        d.t('widget_type_image'),
        box.x,
        box.y + box.h / 2 - 5,
        { size: 9, color: MUTED },
        {
          width: box.w,
          align: 'center',
        },
      );
      return;
  }
  if (item.series === null) return drawHint(doc, d.texts.noSelection, box);
  switch (widget.type.name) {
    case 'kpiCard':
      return drawKpiCards(doc, item, d, box);
    case 'ranking':
      return drawRanking(doc, item, d, box);
    case 'occupancyIndicator':
      return drawOccupancy(doc, item, d, box);
    case 'table':
      return drawTable(doc, item, d, box);
    default:
      return drawChart(doc, item, d, box);
  }
}
