/*
 * Drawing primitives of the snapshot PDF (pdfkit): page geometry, colours, and one line of text in
 * Helvetica. Used by the widget drawers (snapshot-pdf-widgets.ts) and the page layout (snapshot-pdf.ts).
 */

export const A4 = { w: 841.89, h: 595.28 };
export const MARGIN = 32;
export const GAP = 10;
export const CONTENT_W = A4.w - 2 * MARGIN;
export const PAD = 10;
export const HEADER_H = 22;
export const INK = '#111827';
export const MUTED = '#6b7280';
export const BORDER = '#e5e7eb';
export const GOOD = '#15803d';
export const BAD = '#b91c1c';
export const STATUS_COLOR = { critical: '#d32f2f', warning: '#ed6c02', ok: '#2e7d32' } as const;
/** charts are laid out at this many SVG pixels per PDF point (the web's 12 px labels print at ~9 pt) */
export const CHART_SCALE = 1.35;
export const MAX_LIST_ROWS = 12;
export const MAX_TABLE_ROWS = 24;

/** Helvetica (WinAnsi) has no narrow no-break space; the French formats use it between thousands. */
export const pdfText = (s: string) => s.replace(/\u202f/g, '\u00a0');

export type Doc = PDFKit.PDFDocument;
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Style {
  bold?: boolean;
  italic?: boolean;
  size: number;
  color: string;
}

/** One line of text (cut with an ellipsis when `width` is given and too short). */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  style: Style,
  options: PDFKit.Mixins.TextOptions = {},
) {
  const font = style.bold ? 'Helvetica-Bold' : style.italic ? 'Helvetica-Oblique' : 'Helvetica';
  doc
    .font(font)
    .fontSize(style.size)
    .fillColor(style.color)
    .text(pdfText(text), x, y, {
      lineBreak: false,
      ...(options.width ? { ellipsis: true } : {}),
      ...options,
    });
}

export const textWidth = (doc: Doc, text: string, style: Style) =>
  doc
    .font(style.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(style.size)
    .widthOfString(pdfText(text));
