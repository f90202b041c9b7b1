import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SortingState } from '@tanstack/react-table';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { REPORT_DEFINITIONS, reportText, type ReportName } from '@footfall/domain';
import { ApiError } from '../../../lib/api-client';
import { useLang } from '../../../lib/use-lang';
import { treeQuery } from '../../../lib/tree-api';
import { reportQuery } from '../api/reports-api';
import { firstChoice, nowLocal, reportParameters, type ReportChoice } from '../lib/report-request';
import { ExportButtons } from './export-buttons';
import { ReportParameterFields, ReportParametersDialogButton } from './report-parameters';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import { SaveReportButton } from './save-report-button';

/**
 * The report viewer, one implementation for both route families (/reportViewer/<name> and
 * /report/new/<name>): the parameters panel (the shared tree selector and period picker, a second
 * selection and period for comparative reports, aggregation, weekdays), the exports, the charts and a
 * paged, sortable table per section with its totals. Every figure is the server's report, computed
 * from the aggregated query; the words are the report's own (the domain's report texts).
 */
export function ReportViewer(props: {
  reportName: ReportName;
  initial?: Partial<ReportChoice>;
  savedTitle?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  // phones and narrow tablets: the parameters fold into a dialog, the table scrolls in its own box
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const def = REPORT_DEFINITIONS[props.reportName];
  const tree = useQuery(treeQuery());
  const roots = useMemo(() => (tree.data ?? []).map((n) => n.id), [tree.data]);
  const [choice, setChoiceState] = useState<ReportChoice | null>(null);
  // the first selection: the one passed, else the whole scope (the tree's top nodes)
  useEffect(() => {
    if (choice || !tree.data) return;
    const base = firstChoice(roots.slice(0, 500));
    setChoiceState({
      ...base,
      ...props.initial,
      nodeIds: props.initial?.nodeIds?.length ? props.initial.nodeIds : base.nodeIds,
    });
  }, [choice, tree.data, roots, props.initial]);
  const setChoice = (patch: Partial<ReportChoice>) => setChoiceState((c) => (c ? { ...c, ...patch } : c));

  const parameters = useMemo(
    () => (choice ? reportParameters(choice, lang, nowLocal(), def.comparative) : null),
    [choice, lang, def.comparative],
  );
  // a comparative report without a second selection nor period compares with the period before
  const needsSecond =
    def.comparative && choice !== null && choice.nodeIds2.length === 0 && choice.period2 === null;
  const report = useQuery(reportQuery(props.reportName, needsSecond ? null : parameters, 100));
  const doc = report.data;
  const [sectionIndex, setSectionIndex] = useState(0);
  const [sorting, setSorting] = useState<SortingState>([]);
  const section = doc?.sections[Math.min(sectionIndex, (doc?.sections.length ?? 1) - 1)];
  const title = props.savedTitle ?? reportText(lang, def.title);
  const error = report.error instanceof ApiError ? report.error : null;

  return (
    <Box
      sx={{ p: { xs: 1.5, lg: 3 }, maxWidth: 1600, mx: 'auto' }}
      data-testid="report-viewer"
      data-report={props.reportName}
    >
      <Typography variant="h2" component="h1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {props.savedTitle ? `${reportText(lang, def.title)} · ` : ''}
        {reportText(lang, def.description)}
      </Typography>

      {choice ? (
        <Paper
          variant="outlined"
          sx={{ p: compact ? 1.5 : 2, mb: 2 }}
          component="section"
          aria-label={t('reports_parameters')}
        >
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            {compact ? (
              <ReportParametersDialogButton
                reportName={props.reportName}
                choice={choice}
                onChange={setChoice}
              />
            ) : (
              <ReportParameterFields reportName={props.reportName} choice={choice} onChange={setChoice} />
            )}
            <Box sx={{ flex: '1 1 auto' }} />
            <SaveReportButton reportName={props.reportName} choice={choice} />
            <ExportButtons reportName={props.reportName} parameters={needsSecond ? null : parameters} />
          </Stack>
          {needsSecond && (
            <Alert severity="info" sx={{ mt: 1.5 }} data-testid="report-needs-second">
              {t('reports_needs_second')}
            </Alert>
          )}
        </Paper>
      ) : (
        <Skeleton variant="rounded" height={72} sx={{ mb: 2 }} />
      )}

      <Box sx={{ height: 4, mb: 1 }}>{report.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      {report.isError ? (
        <Alert severity="error" data-testid="report-error">
          {error?.status === 400
            ? t('reports_bad_parameters', { field: error.field ?? '', message: error.message })
            : error?.status === 403
              ? t('reports_forbidden')
              : t('reports_error')}
        </Alert>
      ) : !doc ? (
        needsSecond ? null : (
          <Stack spacing={1} aria-busy="true" aria-label={t('loading')}>
            <Skeleton variant="rounded" height={240} />
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={36} />
            ))}
          </Stack>
        )
      ) : (
        <Stack spacing={2}>
          <Box data-testid="report-header">
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="report-period">
              {doc.periodLine}
            </Typography>
            {doc.parameterLines.map((line) => (
              <Typography key={line} variant="body2" sx={{ color: 'text.secondary' }}>
                {line}
              </Typography>
            ))}
          </Box>
          {doc.charts
            .filter((c) => c.categories.length > 0)
            .map((c, i) => (
              <Paper key={i} variant="outlined" sx={{ p: 2 }}>
                <ReportChart chart={c} label={`${doc.title}: ${c.series.map((s) => s.name).join(', ')}`} />
              </Paper>
            ))}
          {doc.sections.length > 1 && (
            <Tabs
              value={Math.min(sectionIndex, doc.sections.length - 1)}
              onChange={(_, i: number) => {
                setSectionIndex(i);
                setSorting([]);
              }}
              aria-label={t('reports_sections')}
            >
              {doc.sections.map((s) => (
                <Tab key={s.id} label={s.title} data-testid={`report-tab-${s.id}`} />
              ))}
            </Tabs>
          )}
          {section && parameters && (
            <ReportTable
              key={`${section.id}-${JSON.stringify(parameters)}`}
              reportName={props.reportName}
              parameters={parameters}
              section={section}
              sorting={sorting}
              onSorting={setSorting}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}
