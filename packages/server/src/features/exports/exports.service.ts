import type { ReportSource, SnapshotDocument, TableDocument } from './exports.types.js';
import { renderTableCsv, renderTableXlsx } from './table-export.js';
import { renderSnapshotPdf } from './snapshot-pdf.js';
import type { ReportChartData, ReportDocument } from '@footfall/domain';
import type { Readable } from 'node:stream';
import {
  collect,
  renderReportCsv,
  renderReportXlsx,
  streamReportCsv,
  streamReportXlsx,
} from './report-table.js';
import { chartOption, renderReportPdf, streamReportPdf } from './report-pdf.js';
import { renderChartSvg } from './snapshot-pdf-widgets.js';

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
    /** A computed report (every row of each section) as XLSX, one sheet a section, streamed by exceljs. */
    reportXlsx: (report: ReportSource): Promise<Buffer> => renderReportXlsx(report),
    /** A computed report as CSV (UTF-8 with BOM; a decimal comma separates fields with semicolons). */
    reportCsv: (report: ReportDocument, options: { decimalSeparator: '.' | ',' }): Buffer =>
      renderReportCsv(report, options),
    /** The same CSV as a stream, the rows written as they come (a report whose rows are streamed). */
    reportCsvStream: (report: ReportSource, options: { decimalSeparator: '.' | ',' }): Readable =>
      streamReportCsv(report, options),
    /** The same XLSX as a stream, written as it is read (the download route sends it as it comes). */
    reportXlsxStream: (report: ReportSource): Readable => streamReportXlsx(report),
    /** A computed report as an A4 PDF (report-pdf.ts). */
    reportPdf: (report: ReportSource): Promise<Buffer> => renderReportPdf(report),
    /** A report chart as SVG, drawn as in the PDF (the ReportViewer's chart resource). */
    reportChartSvg: (chart: ReportChartData, width: number, height: number): string =>
      renderChartSvg(chartOption(chart), width, height),
    /** The same PDF as a stream, page after page. */
    reportPdfStream: (report: ReportSource): Readable => streamReportPdf(report),
    /** Everything a file stream yields, as one buffer (mail attachments). */
    collect: (stream: Readable): Promise<Buffer> => collect(stream),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
