import { deflateSync } from 'node:zlib';
import { pdfText, type Doc } from './pdf-kit.js';

/**
 * Table cells written as PDF text operators, one text object a row, a page's rows written to it in
 * one piece: the text of each cell encoded (with the font's kerning) and measured once per font and
 * text, then placed by relative moves. pdfkit's `text()` re-measures, re-encodes and opens a text
 * object per call, which was most of the time of a long report (a year of days for 500 locations is
 * 182,500 rows, ~1.5 million cells).
 *
 * The only file that reaches into pdfkit's internals (pdf-cells.test.ts fails if they change): the
 * current font (`_font`: its id, ascender and `encode`) and the page's font resources (`page.fonts`),
 * as pdfkit's own `text()` uses them; and the page's content stream (`page.content`: its chunks and
 * `finalize`), compressed here at a faster level (`fastPageCompression`).
 */

/** A text ready to place: its show-text operator (literal WinAnsi string, kerning kept) and width. */
export interface Run {
  show: string;
  width: number;
}

export interface Cell {
  /** the text (see `fit`); null: nothing drawn */
  run: Run | null;
  x: number;
  width: number;
  right: boolean;
  color: string;
}

interface PdfFont {
  id: string;
  ascender: number;
  ref(): unknown;
  /** one code and one position a UTF-16 unit (standard fonts); xAdvance includes the kerning with the next */
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
}

interface Internals {
  _font: PdfFont;
  page: { height: number; fonts: Record<string, unknown>; content: PageContent };
}

/** pdfkit's PDFReference of a page's content: chunks kept until `finalize` deflates and writes them. */
interface PageContent {
  compress: boolean;
  buffer: Uint8Array[];
  data: { Filter?: string };
  finalize(): void;
}

/**
 * The zlib level of the pages' content streams. pdfkit deflates them at zlib's default (6), which
 * was a sixth of a long report's CPU time (a year of days for 500 locations is ~4,500 pages of
 * table text); level 3 takes about half the time for files ~7 % larger, the same drawing.
 */
const PAGE_DEFLATE_LEVEL = 3;

/**
 * Makes every page added to `doc` from now on deflate its content at PAGE_DEFLATE_LEVEL: the chunks
 * are deflated here when pdfkit finalizes the page, then handed to pdfkit as already compressed
 * (FlateDecode, as pdfkit marks it).
 */
export function fastPageCompression(doc: Doc): void {
  const inner = doc as unknown as Internals;
  doc.on('pageAdded', () => {
    const content = inner.page.content;
    const finalize = content.finalize;
    content.finalize = function (this: PageContent) {
      if (this.compress && this.buffer.length > 0) {
        this.buffer = [deflateSync(Buffer.concat(this.buffer), { level: PAGE_DEFLATE_LEVEL })];
        this.compress = false;
        this.data.Filter = 'FlateDecode';
      }
      finalize.call(this);
    };
  });
}

const num = (v: number) => String(Math.round(v * 100) / 100);

/** The fill colour of a "#rrggbb" colour, as operands. */
function rgb(hex: string): string {
  const c = (i: number) => String(Math.round((parseInt(hex.slice(i, i + 2), 16) / 255) * 1000) / 1000);
  return `${c(1)} ${c(3)} ${c(5)}`;
}

/** A WinAnsi code (pdfkit's hex) as one byte of a PDF literal string, ( ) and \\ escaped. */
function byteOf(hex: string): string {
  const ch = String.fromCharCode(parseInt(hex, 16) & 0xff);
  return ch === '(' || ch === ')' || ch === '\\' ? `\\${ch}` : ch;
}

/**
 * A font's texts as runs. The glyph of a character and the kerning of a pair of characters are
 * asked of pdfkit once each (a standard font encodes each UTF-16 unit alone and kerns only a
 * glyph with the next), so a text never seen costs a few map reads, not pdfkit's encoding.
 */
function fontRuns(font: PdfFont, size: number) {
  const chars = new Map<number, { byte: string; advance: number }>();
  const pairs = new Map<number, number>();
  const runs = new Map<string, Run>();
  const charOf = (code: number) => {
    let c = chars.get(code);
    if (c === undefined) {
      const [encoded, positions] = font.encode(String.fromCharCode(code));
      chars.set(code, (c = { byte: byteOf(encoded[0]!), advance: positions[0]!.advanceWidth }));
    }
    return c;
  };
  const kernOf = (a: number, b: number) => {
    const key = a * 65_536 + b;
    let k = pairs.get(key);
    if (k === undefined) {
      const [, positions] = font.encode(String.fromCharCode(a, b));
      pairs.set(key, (k = positions[0]!.xAdvance - positions[0]!.advanceWidth));
    }
    return k;
  };
  /** The run of a text (already in WinAnsi terms: pdfText). */
  function runOf(text: string): Run {
    let run = runs.get(text);
    if (run !== undefined) return run;
    let show = '';
    let part = '';
    let kerned = false;
    let advance = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const c = charOf(code);
      part += c.byte;
      const kern = i + 1 < text.length ? kernOf(code, text.charCodeAt(i + 1)) : 0;
      advance += c.advance + kern;
      if (kern !== 0) {
        show += `(${part}) ${num(-kern)} `;
        part = '';
        kerned = true;
      }
    }
    run = {
      show: kerned ? `[${show}(${part})] TJ` : `(${part}) Tj`,
      width: (advance * size) / 1000,
    };
    if (runs.size > 100_000) runs.clear();
    runs.set(text, run);
    return run;
  }
  return { runOf };
}

/**
 * A writer of rows of cells for one document; its caches are bounded. A page's rows are kept and
 * written at `flush` as one piece: their bands first, then one text object for all their cells (the
 * font, the colour and the position carried from row to row), which is a quarter fewer bytes to
 * compress than a text object a row.
 */
export function cellWriter(doc: Doc) {
  const inner = doc as unknown as Internals;
  const fonts = new Map<string, PdfFont>();
  const perSize = new Map<string, ReturnType<typeof fontRuns>>();
  const colors = new Map<string, string>();
  // the page's kept bands and text, and the text state at the end of that text
  let fills = '';
  let text = '';
  let height = 0;
  let fontSet = '';
  let color = '';
  let atX = 0;
  let atY = 0;
  const colorOf = (hex: string) => {
    let c = colors.get(hex);
    if (c === undefined) colors.set(hex, (c = rgb(hex)));
    return c;
  };
  /** pdfkit's font of that name (registered with the document the first time). */
  function fontOf(name: string): PdfFont {
    let f = fonts.get(name);
    if (f === undefined) {
      doc.font(name);
      fonts.set(name, (f = inner._font));
    }
    return f;
  }
  function runsOf(font: string, size: number) {
    const key = `${font}|${size}`;
    let r = perSize.get(key);
    if (r === undefined) perSize.set(key, (r = fontRuns(fontOf(font), size)));
    return r;
  }

  return {
    /**
     * The run of a cell's text in `font` at `size`, cut with an ellipsis when wider than `width`
     * (null: nothing fits), as pdfkit's `text()` with `ellipsis` cuts it.
     */
    fit(font: string, size: number, raw: string, width: number): Run | null {
      if (raw === '') return null;
      const { runOf } = runsOf(font, size);
      const pdf = pdfText(raw);
      const whole = runOf(pdf);
      if (whole.width <= width) return whole;
      let n = pdf.length;
      let cut = runOf(`${pdf.slice(0, n)}…`);
      while (n > 0 && cut.width > width) cut = runOf(`${pdf.slice(0, --n)}…`);
      return cut.width <= width ? cut : null;
    },

    /**
     * One row of cells at `y` (top of the text, as pdfkit's `text()` takes it) in `font` and
     * `size`, on a band of `fill` when given. Kept until `flush`, which must come before anything
     * else is drawn on the page and before the page ends.
     */
    row(
      font: string,
      size: number,
      y: number,
      cells: readonly Cell[],
      fill?: { x: number; y: number; w: number; h: number; color: string },
    ) {
      const f = fontOf(font);
      const page = inner.page;
      if (page.fonts[f.id] == null) page.fonts[f.id] = f.ref();
      height = page.height;
      if (fill)
        fills += `${colorOf(fill.color)} rg ${num(fill.x)} ${num(fill.y)} ${num(fill.w)} ${num(fill.h)} re f\n`;
      const set = `/${f.id} ${num(size)} Tf`;
      if (set !== fontSet) text += `\n${(fontSet = set)}`;
      const baseline = page.height - y - (f.ascender / 1000) * size;
      for (const c of cells) {
        const run = c.run;
        if (!run) continue;
        if (c.color !== color) text += `\n${colorOf((color = c.color))} rg`;
        const x = c.right ? c.x + c.width - run.width : c.x;
        // relative moves, rounded as written: the next one starts from where this one landed
        const dx = Math.round((x - atX) * 100) / 100;
        const dy = Math.round((baseline - atY) * 100) / 100;
        text += `\n${dx} ${dy} Td ${run.show}`;
        atX += dx;
        atY += dy;
      }
    },

    /** Writes the rows kept so far to the current page, in one piece. */
    flush() {
      if (fills === '' && text === '') return;
      const bands = fills === '' ? '' : `q\n${fills}Q\n`;
      const body = text === '' ? '' : `q 1 0 0 -1 0 ${num(height)} cm BT${text}\nET Q\n`;
      doc.addContent(Buffer.from(bands + body, 'latin1') as unknown as string);
      fills = '';
      text = '';
      fontSet = '';
      color = '';
      atX = 0;
      atY = 0;
    },
  };
}
