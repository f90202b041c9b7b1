import {
  findFormula,
  formatLocal,
  localMinute,
  resolvePeriod,
  parseLocal,
  AggregatedQueryBody,
  type AggregatedSeries,
  type Principal,
  type SnapshotBody,
} from '@footfall/domain';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Clock } from '../../platform/clock.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { DashboardsService } from './dashboards.service.js';
import { renderPdf, type PdfLine } from './snapshot-pdf.js';

export interface AggregatedQueryPort {
  aggregated(principal: Principal, body: AggregatedQueryBody): Promise<AggregatedSeries[]>;
}

const formatValue = (v: number | null, isPercentage: boolean) =>
  v === null ? '-' : isPercentage ? `${v.toFixed(2)} %` : Number.isInteger(v) ? String(v) : v.toFixed(2);

/**
 * Snapshot sending: the dashboard's KPI totals over its selected period, computed by the query
 * service for its tree selection, rendered as a one-page PDF and mailed to each recipient. The
 * period is resolved on the server's clock in UTC wall time (locations are queried in their own
 * local time, as everywhere in the query API).
 */
export function createSnapshotsService(deps: {
  dashboards: DashboardsService;
  query: AggregatedQueryPort;
  mailer: Mailer;
  clock: Clock;
  eventLog: EventLogService;
}) {
  return {
    async send(principal: Principal, id: string, body: SnapshotBody) {
      const dashboard = await deps.dashboards.loadParsed(principal, id);
      const now = deps.clock.now();
      const nowLocal = localMinute(
        now.getUTCFullYear(),
        now.getUTCMonth() + 1,
        now.getUTCDate(),
        now.getUTCHours(),
        now.getUTCMinutes(),
      );
      const p = dashboard.json.selectedTimePeriod;
      const custom =
        p.value === 'custom' && p.dateFrom && p.dateTo
          ? {
              from: parseLocal(p.dateFrom.length === 10 ? `${p.dateFrom} 00:00` : p.dateFrom),
              to: parseLocal(p.dateTo.length === 10 ? `${p.dateTo} 00:00` : p.dateTo),
            }
          : null;
      const period =
        custom && custom.from !== null && custom.to !== null && custom.to > custom.from
          ? resolvePeriod('custom', nowLocal, { from: custom.from, to: custom.to })
          : resolvePeriod(p.value === 'custom' ? 'today' : p.value, nowLocal);
      const periodText = `${formatLocal(period.from)} - ${formatLocal(period.to)}`;

      const kpis = [...new Set(dashboard.json.widgets.flatMap((w) => w.kpis))].filter((k) => findFormula(k));
      const nodeIds = dashboard.json.fullTreeViewSelection.slice(0, 500);
      let series: AggregatedSeries[] = [];
      if (kpis.length > 0 && nodeIds.length > 0) {
        series = await deps.query.aggregated(
          principal,
          AggregatedQueryBody.parse({
            nodeIds,
            aggregateFunctionsByKpi: kpis.slice(0, 50).map((kpi) => ({ kpi })),
            from: formatLocal(period.from),
            to: formatLocal(period.to),
            businessHoursOnly: dashboard.json.isBusinessHoursOnlyMode,
            applyTimePeriodToEachDay: dashboard.json.applyTimePeriodToEachDay,
          }),
        );
      }
      const lines: PdfLine[] = [
        { text: dashboard.name, size: 18, bold: true },
        { text: `Period: ${periodText} (${p.value})`, size: 12 },
        { text: `Locations selected: ${nodeIds.length}`, size: 10 },
        { text: ' ', size: 8 },
        { text: 'KPI totals', size: 13, bold: true },
      ];
      if (series.length === 0) lines.push({ text: 'No data for this selection and period.' });
      for (const s of series) {
        lines.push({ text: `${s.kpi} (${s.aggregateFunction}): ${formatValue(s.summary, s.isPercentage)}` });
      }
      lines.push({ text: ' ', size: 8 }, { text: 'Widgets', size: 13, bold: true });
      for (const w of dashboard.json.widgets) {
        lines.push({ text: `${w.title ?? w.type.name} - ${w.kpis.join(', ') || w.type.name}`, size: 10 });
      }
      const pdf = renderPdf(lines);
      const filename = `${dashboard.name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'dashboard'}.pdf`;
      const recipients = [...new Set(body.recipients.map((r) => r.email.toLowerCase()))];
      for (const to of recipients) {
        await deps.mailer.send({
          to,
          subject: `Dashboard snapshot: ${dashboard.name} (${periodText})`,
          text: `${dashboard.name}\nPeriod: ${periodText}\n\n${series
            .map((s) => `${s.kpi}: ${formatValue(s.summary, s.isPercentage)}`)
            .join('\n')}\n`,
          attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
        });
      }
      await deps.eventLog.record(principal, 'Dashboard.SendSnapshot', dashboard.name, { id, recipients });
      return { sent: recipients.length, attachment: filename };
    },
  };
}
