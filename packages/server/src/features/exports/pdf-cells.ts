import { pdfText, type Doc } from './pdf-kit.js';

/**
 * Table cells written as PDF text operators, one text object a row: the text of each cell encoded
 * (with the font's kerning) and measured once per font and text, then placed by relative moves.
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

/** A text ready to place: its show-text operator (literal WinAnsi string, kerning kept) and width. */
interface Run {
  show: string;
  width: number;
}

/** The fill colour of a "#rrggbb" colour, as operands. */
function rgb(hex: string): string {
  const c = (i: number) => String(Math.round((parseInt(hex.slice(i, i + 2), 16) / 255) * 1000) / 1000);
  return `${c(1)} ${c(3)} ${c(5)}`;
}

/** WinAnsi codes (pdfkit's hex) as a PDF literal string: one byte a code, ( ) and \\ escaped. */
function literal(codes: readonly string[]): string {
  let out = '';
  for (const h of codes) {
    const ch = String.fromCharCode(parseInt(h, 16) & 0xff);
    out += ch === '(' || ch === ')' || ch === '\\' ? `\\${ch}` : ch;
  }
  return `(${out})`;
}

/** A writer of rows of cells for one document; its caches are bounded. */
export function cellWriter(doc: Doc) {
  const inner = doc as unknown as Internals;
  /** per font and size: text -> run; and "width|text" -> the run of the text cut to that width */
  const fonts = new Map<string, { runs: Map<string, Run>; cut: Map<string, Run> }>();
  const colors = new Map<string, string>();
  const colorOf = (hex: string) => {
    let c = colors.get(hex);
    if (c === undefined) colors.set(hex, (c = rgb(hex)));
    return c;
  };

  function runOf(font: PdfFont, size: number, text: string): Run {
    const [encoded, positions] = font.encode(text);
    const parts: string[] = [];
    let last = 0;
    for (let i = 0; i < positions.length; i++) {
      const kern = positions[i]!.xAdvance - positions[i]!.advanceWidth;
      if (kern !== 0) {
        parts.push(`${literal(encoded.slice(last, i + 1))} ${num(-kern)}`);
        last = i + 1;
      }
    }
    const show =
      last === 0 ? `${literal(encoded)} Tj` : `[${parts.join(' ')} ${literal(encoded.slice(last))}] TJ`;
    let advance = 0;
    for (const p of positions) advance += p.xAdvance;
    return { show, width: (advance * size) / 1000 };
  }

  function remembered(map: Map<string, Run>, key: string, make: () => Run): Run {
    let r = map.get(key);
    if (r === undefined) {
      r = make();
      if (map.size > 100_000) map.clear();
      map.set(key, r);
    }
    return r;
  }

  /** The run of a cell's text, cut with an ellipsis when wider than `width` (null: nothing fits). */
  function fitted(font: PdfFont, size: number, raw: string, width: number): Run | null {
    const key = `${font.id}|${size}`;
    let known = fonts.get(key);
    if (!known) fonts.set(key, (known = { runs: new Map(), cut: new Map() }));
    const whole = remembered(known.runs, raw, () => runOf(font, size, pdfText(raw)));
    if (whole.width <= width) return whole;
    const cut = remembered(known.cut, `${width}|${raw}`, () => {
      const text = pdfText(raw);
      let n = text.length;
      while (n > 0 && font.widthOfString(`${text.slice(0, n)}…`, size) > width) n--;
      return runOf(font, size, `${text.slice(0, n)}…`);
    });
    return cut.width <= width ? cut : null;
  }

  return {
    /**
     * One row of cells at `y` (top of the text, as pdfkit's `text()` takes it), in `font` and `size`,
     * on a band of `fill` when given: one text object with relative moves, written to the page in
     * one piece (bytes), the graphics state restored after it.
     */
    row(
      font: string,
      size: number,
      y: number,
      cells: readonly Cell[],
      fill?: { x: number; y: number; w: number; h: number; color: string },
    ) {
      doc.font(font).fontSize(size);
      const f = inner._font;
      const page = inner.page;
      if (page.fonts[f.id] == null) page.fonts[f.id] = f.ref();
      let out = fill
        ? `${colorOf(fill.color)} rg ${num(fill.x)} ${num(fill.y)} ${num(fill.w)} ${num(fill.h)} re f\n`
        : '';
      out += `q 1 0 0 -1 0 ${num(page.height)} cm BT /${f.id} ${num(size)} Tf`;
      const baseline = page.height - y - (f.ascender / 1000) * size;
      let color = '';
      let at: [number, number] = [0, 0];
      for (const c of cells) {
        if (c.text === '') continue;
        const run = fitted(f, size, c.text, c.width);
        if (!run) continue;
        if (c.color !== color) out += `\n${colorOf((color = c.color))} rg`;
        const x = c.right ? c.x + c.width - run.width : c.x;
        // relative moves, rounded as written: the next one starts from where this one landed
        const dx = Math.round((x - at[0]) * 100) / 100;
        const dy = Math.round((baseline - at[1]) * 100) / 100;
        out += `\n${dx} ${dy} Td ${run.show}`;
        at = [at[0] + dx, at[1] + dy];
      }
      doc.addContent(Buffer.from(`${out}\nET Q\n`, 'latin1') as unknown as string);
    },
  };
}
