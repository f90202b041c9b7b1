/**
 * A small, dependency-free PDF writer for dashboard snapshots: one A4 page of text lines in
 * Helvetica (WinAnsi, so French and Spanish accents print). Enough for a readable summary of the
 * dashboard's KPI values over its period; charts are not drawn.
 */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
}

const PAGE = { w: 595, h: 842, margin: 50 };

const escapePdf = (s: string) =>
  Array.from(s)
    .map((c) => (c.charCodeAt(0) > 255 ? '?' : c))
    .join('')
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[\r\n\t]/g, ' ');

export function renderPdf(lines: readonly PdfLine[]): Buffer {
  let y = PAGE.h - PAGE.margin;
  const ops: string[] = ['BT'];
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= size + 5;
    if (y < PAGE.margin) break;
    ops.push(
      `/${line.bold ? 'F2' : 'F1'} ${size} Tf 1 0 0 1 ${PAGE.margin} ${y} Tm (${escapePdf(line.text)}) Tj`,
    );
  }
  ops.push('ET');
  const content = Buffer.from(ops.join('\n'), 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.w} ${PAGE.h}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    null,
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj =
      body === null
        ? Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n<< /Length ${content.length} >>\nstream\n`, 'latin1'),
            content,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ])
        : Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(obj);
    offset += obj.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
  ].join('\n');
  chunks.push(Buffer.from(xref + '\n', 'latin1'));
  return Buffer.concat(chunks);
}
