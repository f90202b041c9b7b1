import { pdfText, type Doc } from './pdf-kit.js';

/**
 * Table cells written as PDF text operators, one text object a row: the text of each cell encoded
 * (with the font's kerning) and measured once per font and text, then placed with a text matrix.
 * pdfkit's `text()` re-measures, re-encodes and opens a text object per call, which was most of the
 * time of a long report (a year of days for 500 locations is ~180,000 rows, ~1.5 million cells).
 * Reaches into pdfkit's current font (`_font`) and page (`page.fonts`), as its own `text()` does.
 */

export interface Cell {
  text: string;
  x: number;
  width: number;
  right: boolean;
  color: string;
}

interface PdfFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
  widthOfString(text: string, size: number): number;
}
interface Internals {
  _font: PdfFont;
  page: { height: number; fonts: Record<string, unknown> };
}

const num = (v: number) => String(Math.round(v * 100) / 100);

/** A writer of rows of cells for one document; its caches are bounded. */
export function cellWriter(doc: Doc) {
  const runs = new Map<string, string>();
  const widths = new Map<string, number>();
  const inner = doc as unknown as Internals;

  /** The TJ operand of a text in a font: hex glyph runs with the kerning between them. */
  function run(font: PdfFont, text: string): string {
    const key = `${font.id}\u0000${text}`;
    let tj = runs.get(key);
    if (tj !== undefined) return tj;
    const [encoded, positions] = font.encode(text);
    const parts: string[] = [];
    let last = 0;
    for (let i = 0; i < positions.length; i++) {
      const kern = positions[i]!.xAdvance - positions[i]!.advanceWidth;
      if (kern !== 0) {
        parts.push(`<${encoded.slice(last, i + 1).join('')}> ${num(-kern)}`);
        last = i + 1;
      }
    }
    if (last < encoded.length) parts.push(`<${encoded.slice(last).join('')}>`);
    tj = `[${parts.join(' ')}] TJ`;
    if (runs.size > 50_000) runs.clear();
    runs.set(key, tj);
    return tj;
  }

  function widthOf(font: PdfFont, size: number, text: string): number {
    const key = `${font.id}\u0000${size}\u0000${text}`;
    let w = widths.get(key);
    if (w === undefined) {
      w = font.widthOfString(text, size);
      if (widths.size > 50_000) widths.clear();
      widths.set(key, w);
    }
    return w;
  }

  /** The text cut with an ellipsis to `width`, and its width. */
  function fitted(font: PdfFont, size: number, raw: string, width: number): [string, number] {
    let text = pdfText(raw);
    let tw = widthOf(font, size, text);
    if (tw <= width) return [text, tw];
    let n = text.length;
    while (n > 0 && widthOf(font, size, `${text.slice(0, n)}…`) > width) n--;
    text = `${text.slice(0, n)}…`;
    tw = widthOf(font, size, text);
    return [text, tw];
  }

  return {
    /** One row of cells at `y` (top of the text, as pdfkit's `text()` takes it), in `font` and `size`. */
    row(font: string, size: number, y: number, cells: readonly Cell[]) {
      doc.font(font).fontSize(size);
      const f = inner._font;
      const page = inner.page;
      if (page.fonts[f.id] == null) page.fonts[f.id] = f.ref();
      const baseline = page.height - y - (f.ascender / 1000) * size;
      doc.addContent(`q 1 0 0 -1 0 ${num(page.height)} cm BT /${f.id} ${num(size)} Tf`);
      let color = '';
      for (const c of cells) {
        if (c.text === '') continue;
        if (c.color !== color) doc.fillColor((color = c.color));
        const [text, tw] = fitted(f, size, c.text, c.width);
        if (text === '…' && tw > c.width) continue;
        const x = c.right ? c.x + c.width - tw : c.x;
        doc.addContent(`1 0 0 1 ${num(x)} ${num(baseline)} Tm ${run(f, text)}`);
      }
      doc.addContent('ET Q');
    },
  };
}
