import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import { readStoredDashboardJson, type ReportName } from '@footfall/domain';
import { NotFoundPage } from '../../../components/error-pages';
import { savedReportQuery } from '../api/reports-api';
import { decodeChoice, type ReportChoice } from '../lib/report-request';
import { reportOfSegment } from '../lib/report-links';
import { ReportViewer } from './report-viewer';
import { ReportsPage } from './reports-page';

/** Report mode prints the page alone: no toolbar, side pane nor controls on paper. */
const PRINTABLE = {
  '@media print': {
    '[data-testid=top-toolbar], aside, nav, button, [role=toolbar]': { display: 'none !important' },
    main: { overflow: 'visible !important' },
  },
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', p: 6 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

/** /reportViewer/<name>: the old-style viewer route of one report. */
export function ReportViewerPage({ name }: { name: ReportName }) {
  return <ReportViewer key={name} reportName={name} />;
}

/** /report/new/<segment>: the new-style route ("traffic", "executive"...); none lists the reports. */
export function ReportNewPage() {
  const { rdlReportName } = useParams();
  if (!rdlReportName) return <ReportsPage />;
  const name = reportOfSegment(rdlReportName);
  return name ? <ReportViewer key={name} reportName={name} /> : <NotFoundPage />;
}

/** A saved configuration's choice, from its dashboard json (selection, period, report parameters). */
function savedChoice(jsonText: string): { name: ReportName; choice: Partial<ReportChoice> } | null {
  const json = readStoredDashboardJson(jsonText);
  if (!json?.report) return null;
  return {
    name: json.report.name,
    choice: {
      nodeIds: json.fullTreeViewSelection,
      period: {
        selectedTimePeriod: json.selectedTimePeriod,
        isBusinessHoursOnlyMode: json.isBusinessHoursOnlyMode,
        applyTimePeriodToEachDay: json.applyTimePeriodToEachDay,
      },
      nodeIds2: json.report.nodeIds2 ?? [],
      period2: json.report.period2 ?? null,
      aggregation: json.report.aggregation ?? null,
      includeDays: json.report.includeDays ?? [],
    },
  };
}

/**
 * /report/{reportName}/{reportParametersSource?}: a report opened with saved parameters (the id of a
 * saved configuration) or passed ones (base64url JSON of the viewer's choice).
 */
export function ReportWithParametersPage() {
  const { reportName, reportParametersSource } = useParams();
  const name = reportOfSegment(reportName);
  const fromId = reportParametersSource && UUID.test(reportParametersSource) ? reportParametersSource : null;
  const saved = useQuery({ ...savedReportQuery(fromId ?? ''), enabled: fromId !== null });
  if (!name) return <NotFoundPage />;
  if (fromId) {
    if (saved.isPending) return <Loading />;
    const s = saved.data ? savedChoice(saved.data.json) : null;
    if (!s) return <NotFoundPage />;
    return <ReportViewer key={fromId} reportName={name} initial={s.choice} savedTitle={saved.data!.name} />;
  }
  const passed = reportParametersSource ? decodeChoice(reportParametersSource) : null;
  return (
    <ReportViewer
      key={`${name}-${reportParametersSource ?? ''}`}
      reportName={name}
      initial={passed ?? undefined}
    />
  );
}

/**
 * /report/dashboard/{id}: a view of kind "report". A saved report configuration opens in the viewer
 * with its custom title; a dashboard opens in report mode (`dashboard`, given by the router).
 */
export function ReportDashboardPage({ dashboard }: { dashboard: ReactNode }) {
  const { id } = useParams();
  const saved = useQuery({ ...savedReportQuery(id ?? ''), enabled: !!id && UUID.test(id) });
  if (!id || !UUID.test(id)) return <NotFoundPage />;
  if (saved.isPending) return <Loading />;
  if (saved.isError) return <NotFoundPage />;
  const s = savedChoice(saved.data.json);
  return (
    <>
      <GlobalStyles styles={PRINTABLE} />
      {s ? (
        <ReportViewer key={id} reportName={s.name} initial={s.choice} savedTitle={saved.data.name} />
      ) : (
        dashboard
      )}
    </>
  );
}
