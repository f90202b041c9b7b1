import type { SnapshotDocument, TableDocument } from './exports.types.js';
import { renderTableCsv, renderTableXlsx } from './table-export.js';
import { renderSnapshotPdf } from './snapshot-pdf.js';

/**
 * The exports feature: documents drawn from data another feature has already read (it queries
 * nothing itself): PDF (pdfkit), and tables as XLSX (exceljs) or CSV. Dashboard snapshots and the
 * users report call it, scheduled reports will.
 */
export function createExportsService() {
  return {
    /** The dashboard drawn on A4 landscape pages (snapshot-pdf.ts). */
    snapshotPdf: (document: SnapshotDocument): Promise<Buffer> => renderSnapshotPdf(document),
    /** A table as an XLSX workbook of one worksheet. */
    tableXlsx: (document: TableDocument): Promise<Buffer> => renderTableXlsx(document),
    /** A table as CSV, UTF-8 with a byte-order mark. */
    tableCsv: (document: TableDocument): Buffer => renderTableCsv(document),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
