import type { SnapshotDocument } from './exports.types.js';
import { renderSnapshotPdf } from './snapshot-pdf.js';

/**
 * The exports feature: documents drawn from data another feature has already read (it queries
 * nothing itself). PDF today (pdfkit); XLSX and CSV writers go beside it. Dashboard snapshots call
 * it, scheduled reports will.
 */
export function createExportsService() {
  return {
    /** The dashboard drawn on A4 landscape pages (snapshot-pdf.ts). */
    snapshotPdf: (document: SnapshotDocument): Promise<Buffer> => renderSnapshotPdf(document),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
