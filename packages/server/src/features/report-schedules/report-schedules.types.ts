import type {
  Language,
  LocalRange,
  Principal,
  RelativePeriod,
  ReportFormat,
  ScheduleReportOptions,
  UserReport,
} from '@footfall/domain';

/** A file a scheduled run mails. */
export interface RenderedFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/**
 * The parameters a scheduled report is rendered with: the schedule's node sets (only those still in
 * the owner's scope), the relative period resolved for the run (local wall-clock "YYYY-MM-DD HH:mm",
 * `to` exclusive, in each location's own zone as the aggregated query reads them) and its options.
 */
export interface ScheduledReportParameters extends ScheduleReportOptions {
  /** the schedule's title (a file may print it) */
  title: string;
  nodes1: string[];
  nodes2: string[];
  groups1: string[];
  groups2: string[];
  from: string;
  to: string;
  relativePeriod: RelativePeriod;
  /** the owner's zone the period was resolved in */
  timeZone: string;
}

/**
 * What the reports feature offers scheduled reports: one report rendered as one file for a
 * principal (the schedule's owner: the report reads only what they may see).
 */
export interface ReportRenderer {
  renderFile(
    principal: Principal,
    request: {
      reportName: UserReport;
      parameters: ScheduledReportParameters;
      format: ReportFormat;
      language: Language;
    },
  ): Promise<RenderedFile>;
}

/** The dashboard snapshot PDF (features/dashboards, snapshots.service.ts `render`). */
export interface SnapshotRenderer {
  render(
    principal: Principal,
    dashboardId: string,
    opts: { timeZone: string; language: Language; range?: LocalRange },
  ): Promise<{ dashboardName: string; periodText: string; pdf: Buffer; filename: string; text: string }>;
}
