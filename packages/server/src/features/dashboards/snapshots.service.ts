import {
  findFormula,
  formatLocal,
  resolvePeriod,
  toLocalMinute,
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

const LOCALES = { en: 'en-CA', fr: 'fr-CA', es: 'es-ES' } as const;
const formatValue = (v: number | null, isPercentage: boolean, language: keyof typeof LOCALES) => {
  if (v === null) return '-';
  const n = new Intl.NumberFormat(LOCALES[language], {
    maximumFractionDigits: isPercentage || !Number.isInteger(v) ? 2 : 0,
    minimumFractionDigits: isPercentage ? 2 : 0,
  })
    .format(v)
    // the PDF's WinAnsi fonts have no narrow no-break space
    .replace(/\u202f/g, '\u00a0');
  return isPercentage ? `${n}\u00a0%` : n;
};

/** The mail's and the PDF's words, in the sender's language. */
const TEXTS = {
  en: {
    subject: 'Dashboard snapshot',
    period: 'Period',
    locations: 'Locations selected',
    totals: 'KPI totals',
    none: 'No data for this selection and period.',
    widgets: 'Widgets',
  },
  fr: {
    subject: 'Instantané du tableau de bord',
    period: 'Période',
    locations: 'Emplacements sélectionnés',
    totals: 'Totaux des indicateurs',
    none: 'Aucune donnée pour cette sélection et cette période.',
    widgets: 'Widgets',
  },
  es: {
    subject: 'Instantánea del panel',
    period: 'Periodo',
    locations: 'Ubicaciones seleccionadas',
    totals: 'Totales de los indicadores',
    none: 'No hay datos para esta selección y este periodo.',
    widgets: 'Widgets',
  },
} as const;

/**
 * Snapshot sending: the dashboard's KPI totals over its selected period, computed by the query
 * service for its tree selection, rendered as a one-page PDF and mailed to each recipient. The
 * period's presets resolve on the sender's clock (its time zone comes with the request); locations
 * are queried in their own local time, as everywhere in the query API. Words are in the sender's
 * language.
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
      // the presets resolve on the sender's clock, as the dashboard on the sender's screen does
      const nowLocal = toLocalMinute(body.timeZone, deps.clock.now().getTime());
      const tx = TEXTS[body.language];
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
        { text: `${tx.period}: ${periodText}`, size: 12 },
        { text: `${tx.locations}: ${nodeIds.length}`, size: 10 },
        { text: ' ', size: 8 },
        { text: tx.totals, size: 13, bold: true },
      ];
      if (series.length === 0) lines.push({ text: tx.none });
      for (const s of series) {
        lines.push({
          text: `${s.kpi} (${s.aggregateFunction}): ${formatValue(s.summary, s.isPercentage, body.language)}`,
        });
      }
      lines.push({ text: ' ', size: 8 }, { text: tx.widgets, size: 13, bold: true });
      for (const w of dashboard.json.widgets) {
        lines.push({ text: `${w.title ?? w.type.name} - ${w.kpis.join(', ') || w.type.name}`, size: 10 });
      }
      const pdf = renderPdf(lines);
      const filename = `${dashboard.name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'dashboard'}.pdf`;
      const recipients = [...new Set(body.recipients.map((r) => r.email.toLowerCase()))];
      for (const to of recipients) {
        await deps.mailer.send({
          to,
          subject: `${tx.subject}: ${dashboard.name} (${periodText})`,
          text: `${dashboard.name}\n${tx.period}: ${periodText}\n\n${series
            .map((s) => `${s.kpi}: ${formatValue(s.summary, s.isPercentage, body.language)}`)
            .join('\n')}\n`,
          attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
        });
      }
      await deps.eventLog.record(principal, 'Dashboard.SendSnapshot', dashboard.name, { id, recipients });
      return { sent: recipients.length, attachment: filename };
    },
  };
}
