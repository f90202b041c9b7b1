import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import type { ReportDocument, ReportRow } from '@footfall/domain';
import { cellWriter, fastPageCompression } from './pdf-cells.js';
import { renderReportPdf, streamReportPdf } from './report-pdf.js';
import { collect, renderReportCsv, renderReportXlsx, streamReportCsv } from './report-table.js';
import type { ReportSource } from './exports.types.js';

const textOf = async (pdf: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const { text, total } = await parser.getText();
  await parser.destroy();
  return { text, total };
};

describe('pdf-cells: the pdfkit internals it reads', () => {
  it('pdfkit still has a current font (_font: id, ascender, encode one code a UTF-16 unit) and page.fonts', () => {
    const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
    doc.addPage();
    doc.font('Helvetica');
    const inner = doc as unknown as {
      _font: { id: unknown; ascender: unknown; ref: unknown; encode: (t: string) => [string[], object[]] };
      page: { height: unknown; fonts: unknown };
    };
    expect(typeof inner._font.id).toBe('string');
    expect(typeof inner._font.ascender).toBe('number');
    expect(typeof inner._font.ref).toBe('function');
    const [codes, positions] = inner._font.encode('Té…');
    expect(codes).toEqual(['54', 'e9', '85']);
    expect(positions).toHaveLength(3);
    expect(positions[0]).toMatchObject({ xAdvance: expect.any(Number), advanceWidth: expect.any(Number) });
    // "To" kerns in Helvetica: the first glyph's advance carries it
    const [, to] = inner._font.encode('To') as [string[], { xAdvance: number; advanceWidth: number }[]];
    expect(to[0]!.xAdvance).toBeLessThan(to[0]!.advanceWidth);
    expect(typeof inner.page.height).toBe('number');
    expect(typeof inner.page.fonts).toBe('object');
  });

  it("measures texts as pdfkit does (kerning included), cuts with an ellipsis, and the page's text reads back", async () => {
    const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
    const out = collect(doc);
    doc.addPage();
    const cells = cellWriter(doc);
    const texts = ['Traffic report', 'AVATAR Tower', 'Période : 1\u202f234,50 %', '(a) \\ b'];
    for (const [font, size] of [
      ['Helvetica', 7.5],
      ['Helvetica-Bold', 11],
    ] as const)
      for (const t of texts) {
        const run = cells.fit(font, size, t, 1000)!;
        doc.font(font).fontSize(size);
        expect(run.width).toBeCloseTo(doc.widthOfString(t.replace(/\u202f/g, '\u00a0')), 6);
      }
    const long = 'Bench report store 0001 / Bench report door 0001';
    const cut = cells.fit('Helvetica', 7.5, long, 60)!;
    expect(cut.width).toBeLessThanOrEqual(60);
    expect(cells.fit('Helvetica', 7.5, long, 0.5)).toBeNull();
    expect(cells.fit('Helvetica', 7.5, '', 100)).toBeNull();
    texts.forEach((t, i) =>
      cells.row('Helvetica', 7.5, 40 + i * 14, [
        { run: cells.fit('Helvetica', 7.5, t, 300), x: 30, width: 300, right: false, color: '#111827' },
        { run: cells.fit('Helvetica', 7.5, String(i), 50), x: 350, width: 50, right: true, color: '#b91c1c' },
      ]),
    );
    cells.row('Helvetica', 7.5, 120, [{ run: cut, x: 30, width: 60, right: false, color: '#111827' }]);
    cells.flush();
    doc.end();
    const { text } = await textOf(await out);
    const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines).toContain('Traffic report 0');
    expect(lines).toContain('AVATAR Tower 1');
    expect(lines).toContain('Période : 1 234,50 % 2');
    expect(lines).toContain('(a) \\ b 3');
    expect(lines.some((l) => l.startsWith('Bench rep') && l.endsWith('…'))).toBe(true);
  });
});

describe('pdf-cells: fastPageCompression', () => {
  /** The content streams of a PDF, inflated, in file order. */
  const streamsOf = (pdf: Buffer) => {
    const raw = pdf.toString('latin1');
    const found: string[] = [];
    const re = /\/Length (\d+)[^]*?>>\nstream\n/g;
    for (let m = re.exec(raw); m; m = re.exec(raw)) {
      const start = m.index + m[0].length;
      found.push(inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1'));
    }
    return found;
  };
  const draw = async (fast: boolean) => {
    const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { CreationDate: new Date(0) } });
    const out = collect(doc);
    if (fast) fastPageCompression(doc);
    const cells = cellWriter(doc);
    for (let page = 0; page < 3; page++) {
      cells.flush();
      doc.addPage();
      for (let i = 0; i < 40; i++)
        cells.row('Helvetica', 7.5, 30 + i * 13, [
          {
            run: cells.fit('Helvetica', 7.5, `Store ${page}-${i}`, 200),
            x: 30,
            width: 200,
            right: false,
            color: '#111827',
          },
          {
            run: cells.fit('Helvetica', 7.5, String(i * 37), 60),
            x: 240,
            width: 60,
            right: true,
            color: '#111827',
          },
        ]);
    }
    cells.flush();
    doc.end();
    return out;
  };

  it("pdfkit still keeps a page's content as chunks deflated at finalize", () => {
    const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
    doc.addPage();
    const content = (doc as unknown as { page: { content: Record<string, unknown> } }).page.content;
    expect(content.compress).toBe(true);
    expect(Array.isArray(content.buffer)).toBe(true);
    expect(typeof content.finalize).toBe('function');
    expect(typeof content.data).toBe('object');
    // the pages added once fastPageCompression is on finalize through it
    fastPageCompression(doc);
    expect(Object.hasOwn(content, 'finalize')).toBe(false);
    doc.addPage();
    const next = (doc as unknown as { page: { content: object } }).page.content;
    expect(Object.hasOwn(next, 'finalize')).toBe(true);
  });

  it('draws the same pages: the same content streams once inflated, the same text', async () => {
    const [fast, slow] = await Promise.all([draw(true), draw(false)]);
    const [a, b] = [streamsOf(fast), streamsOf(slow)];
    expect(a.length).toBeGreaterThanOrEqual(3);
    expect(a).toEqual(b);
    expect(a.some((s) => s.includes('(Store 2-39) Tj'))).toBe(true);
    expect(fast.toString('latin1').match(/\/Filter \/FlateDecode/g)?.length).toBe(
      slow.toString('latin1').match(/\/Filter \/FlateDecode/g)?.length,
    );
    const [ta, tb] = [await textOf(fast), await textOf(slow)];
    expect(ta).toEqual(tb);
    expect(ta.total).toBe(3);
  });
});

/** A traffic-like report of `n` rows; `chunked`: its rows as chunks read one after the other. */
function report(n: number, chunked: boolean, pulled = { chunks: 0 }): ReportSource {
  const rows: ReportRow[] = Array.from({ length: n }, (_, i) => ({
    location: `Store ${String(Math.floor(i / 50)).padStart(3, '0')}`,
    bucket: `2024-03-${String((i % 28) + 1).padStart(2, '0')} 00:00`,
    trafficIn: 200 + ((i * 37) % 300),
    trafficIn_n1Var: ((i * 13) % 2000) / 100 - 10,
  }));
  async function* chunks() {
    for (let i = 0; i < rows.length; i += 50) {
      pulled.chunks++;
      await new Promise((r) => setImmediate(r));
      yield rows.slice(i, i + 50);
    }
  }
  const doc: ReportDocument = {
    reportName: 'trafficReport',
    title: 'Traffic',
    language: 'en',
    parameterLines: ['Locations: test'],
    periodLine: 'Period: 2024-03-01 00:00 – 2024-03-29 00:00 (daily)',
    from: '2024-03-01 00:00',
    to: '2024-03-29 00:00',
    aggregation: 'P1D',
    generatedAt: '2024-03-29T00:00:00.000Z',
    charts: [],
    sections: [
      {
        id: 'rows',
        title: 'Details',
        columns: [
          { key: 'location', label: 'Location', kind: 'text' },
          { key: 'bucket', label: 'Period', kind: 'datetime' },
          { key: 'trafficIn', label: 'Traffic in', kind: 'integer', kpi: 'TrafficIn' },
          { key: 'trafficIn_n1Var', label: 'Traffic in N-1 var.', kind: 'percent' },
        ],
        rowCount: rows.length,
        rows,
        totals: { location: 'Total', bucket: null, trafficIn: 1234567, trafficIn_n1Var: 1.5 },
      },
    ],
  };
  return chunked
    ? { ...doc, sections: [{ ...doc.sections[0]!, rows: { [Symbol.asyncIterator]: chunks } }] }
    : doc;
}

describe('report files from streamed rows', () => {
  it('a PDF of rows read in chunks is the PDF of the same rows held: same text, same page count', async () => {
    const held = await textOf(await renderReportPdf(report(1200, false)));
    const streamed = await textOf(await renderReportPdf(report(1200, true)));
    expect(streamed.total).toBe(held.total);
    expect(held.total).toBeGreaterThan(20);
    expect(streamed.text).toBe(held.text);
    expect(held.text).toContain(`Page ${held.total} of ${held.total}`);
    expect(held.text).toContain('Store 023');
  });

  it('an XLSX of rows read in chunks holds the same cells as of the rows held', async () => {
    const load = async (b: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(b as unknown as ArrayBuffer);
      const values: unknown[] = [];
      book.worksheets[0]!.eachRow((r) => values.push(r.values));
      return values;
    };
    const held = await load(await renderReportXlsx(report(3000, false)));
    expect(await load(await renderReportXlsx(report(3000, true)))).toEqual(held);
    // title, period, parameters (the empty fourth row is not listed), header, rows, totals
    expect(held).toHaveLength(4 + 3000 + 1);
  });

  it('a CSV of rows read in chunks is, byte for byte, the CSV of the rows held', async () => {
    for (const decimalSeparator of ['.', ','] as const) {
      const held = renderReportCsv(report(500, false) as ReportDocument, { decimalSeparator });
      expect(await collect(streamReportCsv(report(500, true), { decimalSeparator }))).toEqual(held);
      expect(held.toString('utf8').split('\r\n')).toHaveLength(1 + 500 + 1 + 1);
    }
  });

  it('backpressure: a PDF nobody reads stops asking for rows; read, it completes', async () => {
    const pulled = { chunks: 0 };
    const stream = streamReportPdf(report(6000, true, pulled), { backlog: 16 * 1024 });
    await new Promise((r) => setTimeout(r, 1500));
    // 120 chunks in all; unread, the writer waits once 16 KB are pending
    expect(pulled.chunks).toBeLessThan(40);
    const pdf = await collect(stream);
    expect(pulled.chunks).toBe(120);
    const { text, total } = await textOf(pdf);
    expect(text).toContain(`Page ${total} of ${total}`);
  });
});
