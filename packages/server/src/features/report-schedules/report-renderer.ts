import type { Language, Principal, ReportFormat, ReportParametersInput, UserReport } from '@footfall/domain';
import type { RenderedFile, ReportRenderer, ScheduledReportParameters } from './report-schedules.types.js';

/** The reports feature's `renderFile`, as scheduled runs call it (reports.service.ts). */
type RenderFile = (
  principal: Principal,
  args: {
    reportName: UserReport;
    parameters: ReportParametersInput;
    format: ReportFormat;
    language?: Language;
  },
) => Promise<RenderedFile>;

/**
 * A schedule's resolved parameters as the report API takes them: the first node set is the report's
 * selection, the second the comparison's (comparative reports); the run's period and options as
 * they are. Location groups are not a report parameter: a schedule's groups stay on the schedule.
 */
export function reportParametersOf(p: ScheduledReportParameters): ReportParametersInput {
  return {
    nodeIds: p.nodes1,
    nodeIds2: p.nodes2,
    from: p.from,
    to: p.to,
    ...(p.aggregation ? { aggregation: p.aggregation } : {}),
    businessHoursOnly: p.businessHoursOnly,
    applyTimePeriodToEachDay: p.applyTimePeriodToEachDay,
    includeDays: p.includeDays ?? [],
  };
}

/** Scheduled runs render their files through the reports feature. */
export const reportRendererOf = (renderFile: RenderFile): ReportRenderer => ({
  renderFile: (principal, r) =>
    renderFile(principal, {
      reportName: r.reportName,
      parameters: reportParametersOf(r.parameters),
      format: r.format,
      language: r.language,
    }),
});
