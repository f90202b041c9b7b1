import {
  formatKpiValue,
  formatLocal,
  resolvePeriod,
  resolveSelected,
  toLocalMinute,
  widgetQueryBody,
  AggregatedQueryBody,
  type AggregatedSeries,
  type LocalRange,
  type Principal,
  type SnapshotBody,
  type TreeNode,
} from '@footfall/domain';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Clock } from '../../platform/clock.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { DashboardsService } from './dashboards.service.js';
import type { ExportsService } from '../exports/exports.service.js';
import type { SnapshotWidget } from '../exports/exports.types.js';
import { textOrKey, textsIn } from '../../platform/i18n/texts.js';
import { invalidField } from '../../platform/http/errors.js';

export interface AggregatedQueryPort {
  aggregated(principal: Principal, body: AggregatedQueryBody): Promise<AggregatedSeries[]>;
}

/** The caller's tree (names of the ranked locations, the locations under the selection). */
export interface TreePort {
  tree(principal: Principal, opts: { withAttributes: boolean }): Promise<TreeNode[]>;
}

/** The locations (store nodes) at or under the selected nodes, and every visible node's name. */
function walkTree(roots: readonly TreeNode[], selection: readonly string[]) {
  const chosen = new Set(selection);
  const names = new Map<string, string>();
  const locations: string[] = [];
  const visit = (nodes: readonly TreeNode[], covered: boolean) => {
    for (const n of nodes) {
      const inside = covered || chosen.has(n.id);
      names.set(n.id, n.name);
      if (inside && n.type === 'StoreNodeAttributes') locations.push(n.id);
      visit(n.children, inside);
    }
  };
  visit(roots, false);
  return { names, locations };
}

/**
 * Snapshot sending: the dashboard drawn into a PDF by the exports feature and mailed to each
 * recipient. Each widget asks the query service for its series as the web app's widget does (same
 * request body, for the dashboard's tree selection and period); the period's presets resolve on the
 * sender's clock (its time zone comes with the request), locations are queried in their own local
 * time, as everywhere in the query API. Words are in the sender's language, numbers in the web app's
 * French number format.
 */
export function createSnapshotsService(deps: {
  dashboards: DashboardsService;
  query: AggregatedQueryPort;
  tree: TreePort;
  mailer: Mailer;
  clock: Clock;
  eventLog: EventLogService;
  exports: ExportsService;
}) {
  /**
   * The dashboard drawn as the snapshot PDF, with the mail's words: over `range` when given (a
   * scheduled snapshot's relative period), else over the dashboard's saved period.
   */
  async function render(
    principal: Principal,
    id: string,
    opts: { timeZone: string; language: SnapshotBody['language']; range?: LocalRange },
  ) {
    const dashboard = await deps.dashboards.loadParsed(principal, id);
    const json = dashboard.json;
    // a snapshot shows the saved selection's figures: with no location there is nothing to draw
    if (json.fullTreeViewSelection.length === 0)
      throw invalidField('snapshot_no_location', 'fullTreeViewSelection');
    // the presets resolve on the sender's clock, as the dashboard on the sender's screen does
    const now = toLocalMinute(opts.timeZone, deps.clock.now().getTime());
    const period = opts.range ? resolvePeriod('custom', now, opts.range) : resolveSelected(json, now);
    const tx = textsIn(opts.language);
    const t = (key: string) => textOrKey(opts.language, key);
    const periodText = `${formatLocal(period.from)} - ${formatLocal(period.to)}`;

    const { names, locations } = walkTree(
      await deps.tree.tree(principal, { withAttributes: false }),
      json.fullTreeViewSelection,
    );
    // nodes since deleted or moved out of the sender's scope select nothing either
    if (!json.fullTreeViewSelection.some((nodeId) => names.has(nodeId)))
      throw invalidField('snapshot_no_location', 'fullTreeViewSelection');
    // one query per widget, one at a time (a snapshot is not urgent; the query pool serves users first)
    const widgets: SnapshotWidget[] = [];
    for (const widget of json.widgets) {
      const request = widgetQueryBody(widget, json, period, locations);
      const series = request
        ? await deps.query.aggregated(principal, AggregatedQueryBody.parse(request))
        : null;
      widgets.push({ widget, series });
    }
    const pdf = await deps.exports.snapshotPdf({
      title: dashboard.name,
      periodLine: `${tx('snapshot_period')}: ${periodText}`,
      locationsLine: `${tx('snapshot_locations')}: ${json.fullTreeViewSelection.length}`,
      widgets,
      t,
      texts: {
        noSelection: tx('snapshot_no_selection'),
        moreRows: (count) => tx('snapshot_more_rows', { count }),
        generated: tx('snapshot_generated'),
        incomplete: (n, m, list) => tx('snapshot_incomplete', { n, m, names: list.join(', ') }),
      },
      nodeName: (nodeId) => names.get(nodeId) ?? nodeId,
    });

    // the mail's text lists the KPI cards' values, as their cards show them
    const kpiLines = widgets
      .filter((w) => w.widget.type.name === 'kpiCard')
      .flatMap(({ widget, series }) =>
        widget.kpis.map((kpi) => {
          const s = series?.find((x) => x.kpi === kpi && x.mode === 'current_period');
          return `${t(`kpi_${kpi}`)}: ${formatKpiValue(kpi, s?.summary ?? null)}`;
        }),
      );
    const filename = `${dashboard.name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'dashboard'}.pdf`;
    return {
      dashboardName: dashboard.name,
      periodText,
      pdf,
      filename,
      /** the mail's body: name, period, the KPI cards' values */
      text: `${dashboard.name}\n${tx('snapshot_period')}: ${periodText}\n\n${[...new Set(kpiLines)].join('\n')}\n`,
    };
  }

  return {
    render,

    async send(principal: Principal, id: string, body: SnapshotBody) {
      const { dashboardName, periodText, pdf, filename, text } = await render(principal, id, body);
      const tx = textsIn(body.language);
      const recipients = [...new Set(body.recipients.map((r) => r.email.toLowerCase()))];
      for (const to of recipients) {
        await deps.mailer.send({
          to,
          subject: `${tx('snapshot_mail_subject')}: ${dashboardName} (${periodText})`,
          text,
          attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
        });
      }
      await deps.eventLog.withAudit(async (tx) => {
        await deps.eventLog.record(tx, principal, 'Dashboard.SendSnapshot', dashboardName, {
          id,
          recipients,
        });
      });
      return { sent: recipients.length, attachment: filename };
    },
  };
}
