import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DEMOGRAPHIC_TAGS,
  formatLocal,
  LOCALES,
  localMinute,
  presetRange,
  type PerformanceRow,
  type PerformanceStatus,
} from '@footfall/domain';
import { usePageTitle } from '../../../components/page-title';
import { LocationPicker, NO_TAGS } from '../../../components/tree-selector/location-picker';
import type { Tags } from '../../../components/tree-selector/tree-tags';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import { performanceQuery } from '../api/objectives-api';
import { performanceLocations } from '../lib/performance-locations';

const PERIODS = ['today', 'currentweek', 'currentmonth', 'currentyear'] as const;
type Period = (typeof PERIODS)[number];
const KPIS = ['TrafficIn', 'Sales', 'Transactions', 'ConversionRate', 'AvgSales', 'UPT', 'SPH'];
const STATUS_COLOR: Record<PerformanceStatus, 'success' | 'warning' | 'error' | 'default'> = {
  ahead: 'success',
  onTrack: 'warning',
  behind: 'error',
  none: 'default',
};

/** The browser's wall clock as a local minute (each location reads the same wall-clock range). */
function nowLocal() {
  const d = new Date();
  return localMinute(d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes());
}

/**
 * `/performance` (issue 15): each location of the caller's scope against its objectives for the
 * period: actual, objective, % achieved (against the objective to date), gap, projection to the end
 * of the period, colour-coded with a text status; today so far against today's objective at this hour.
 * Filters as on the ranking: period, KPI, and the locations in the shared tree dialog (selection,
 * location groups, demographic tags, which narrow the people counted). A table on desktop, one card
 * per location below 600 px.
 */
export function PerformancePage() {
  const { t } = useTranslation();
  const lang = useLang();
  usePageTitle(t('perf_title'));
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [period, setPeriod] = useState<Period>('currentmonth');
  const [kpi, setKpi] = useState('TrafficIn');
  const [selection, setSelection] = useState<string[]>([]);
  const [tags, setTags] = useState<Tags>(NO_TAGS);
  const tree = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const locations = useMemo(
    () => performanceLocations(nodes, selection, tags.locationGroup),
    [nodes, selection, tags.locationGroup],
  );
  const range = useMemo(() => presetRange(period, nowLocal()), [period]);
  const perf = useQuery(
    performanceQuery(
      locations.map((l) => l.id),
      kpi,
      formatLocal(range.from),
      formatLocal(range.to),
      DEMOGRAPHIC_TAGS.filter((tag) => tags[tag]),
    ),
  );
  const nf = (digits = 0) => new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: digits });
  const isPct = perf.data?.isPercentage ?? false;
  const value = (v: number | null) =>
    v === null ? '—' : `${nf(isPct || Math.abs(v) < 100 ? 1 : 0).format(v)}${isPct ? ' %' : ''}`;
  const pct = (v: number | null) => (v === null ? '—' : `${nf(0).format(v)} %`);
  const status = (r: PerformanceRow) => (
    <Chip
      size="small"
      color={STATUS_COLOR[r.status]}
      label={t(`perf_status_${r.status}`)}
      variant={r.status === 'none' ? 'outlined' : 'filled'}
    />
  );
  const bar = (r: PerformanceRow) =>
    r.achievedPercent === null ? null : (
      <LinearProgress
        variant="determinate"
        value={Math.min(100, r.achievedPercent)}
        color={STATUS_COLOR[r.status] === 'default' ? 'inherit' : (STATUS_COLOR[r.status] as 'success')}
        aria-label={t('perf_achieved_of', { location: r.nodeName })}
        sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
      />
    );
  const today = (r: PerformanceRow) =>
    t('perf_today_value', {
      actual: value(r.today.actual),
      objective: value(r.today.objectiveSoFar),
      percent: pct(r.today.achievedPercent),
    });

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {t('perf_title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_, v: Period | null) => v && setPeriod(v)}
          aria-label={t('perf_period')}
          sx={{ flexWrap: 'wrap' }}
        >
          {PERIODS.map((p) => (
            <ToggleButton key={p} value={p}>
              {t(`perf_period_${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="perf-kpi">{t('perf_kpi')}</InputLabel>
          <Select
            labelId="perf-kpi"
            label={t('perf_kpi')}
            value={kpi}
            onChange={(e) => setKpi(e.target.value)}
          >
            {KPIS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`kpi_${k}`, { defaultValue: k })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <LocationPicker
          selection={selection}
          tags={tags}
          onApply={(ids, next) => {
            setSelection(ids);
            setTags(next);
          }}
          texts={{
            all: t('perf_all_locations'),
            count: (count) => t('perf_locations_count', { count }),
            title: t('perf_locations_title'),
          }}
          testId="performance-locations"
        />
      </Stack>
      {perf.data && (
        <Typography variant="body2" color="text.secondary">
          {t('perf_range', { from: perf.data.from, to: perf.data.to, now: perf.data.now })}
        </Typography>
      )}
      {(perf.isLoading || tree.isLoading) && <LinearProgress aria-label={t('perf_loading')} />}
      {tree.data && locations.length === 0 && (
        <Alert severity="info" data-testid="performance-empty">
          {t('perf_no_locations')}
        </Alert>
      )}
      {perf.isError && <Alert severity="error">{perf.error.message}</Alert>}
      {perf.data && perf.data.rows.every((r) => r.objective === null) && (
        <Alert severity="info">{t('perf_no_objectives')}</Alert>
      )}
      {perf.data && narrow && (
        <Stack spacing={1}>
          {perf.data.rows.map((r) => (
            <Card key={r.nodeId} variant="outlined" data-testid="performance-card">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Typography
                    variant="subtitle1"
                    component="h2"
                    sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {r.nodeName}
                  </Typography>
                  {status(r)}
                </Stack>
                <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, mt: 1 }}>
                  <Typography variant="body2">{t('perf_actual')}</Typography>
                  <Typography variant="body2" sx={{ textAlign: 'right' }}>
                    {value(r.actual)}
                  </Typography>
                  <Typography variant="body2">{t('perf_objective')}</Typography>
                  <Typography variant="body2" sx={{ textAlign: 'right' }}>
                    {value(r.objective)}
                  </Typography>
                  <Typography variant="body2">{t('perf_achieved')}</Typography>
                  <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }}>
                    {pct(r.achievedPercent)}
                  </Typography>
                  <Typography variant="body2">{t('perf_gap')}</Typography>
                  <Typography variant="body2" sx={{ textAlign: 'right' }}>
                    {value(r.gap)}
                  </Typography>
                  <Typography variant="body2">{t('perf_projection')}</Typography>
                  <Typography variant="body2" sx={{ textAlign: 'right' }}>
                    {value(r.projection)} ({pct(r.projectedPercent)})
                  </Typography>
                </Box>
                {bar(r)}
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('perf_today')}: {today(r)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {perf.data && !narrow && (
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <TableContainer>
            <Table
              size="small"
              aria-label={t('perf_title')}
              sx={{ '& td.MuiTableCell-alignRight': { whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('perf_location')}</TableCell>
                  <TableCell align="right">{t('perf_actual')}</TableCell>
                  <TableCell align="right">{t('perf_objective')}</TableCell>
                  <TableCell align="right">{t('perf_achieved')}</TableCell>
                  <TableCell align="right">{t('perf_gap')}</TableCell>
                  <TableCell align="right">{t('perf_projection')}</TableCell>
                  <TableCell>{t('perf_today')}</TableCell>
                  <TableCell>{t('perf_status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {perf.data.rows.map((r) => (
                  <TableRow key={r.nodeId} data-testid="performance-row">
                    <TableCell component="th" scope="row">
                      {r.nodeName}
                    </TableCell>
                    <TableCell align="right">{value(r.actual)}</TableCell>
                    <TableCell align="right">{value(r.objective)}</TableCell>
                    <TableCell align="right" sx={{ minWidth: 110 }}>
                      {pct(r.achievedPercent)}
                      {bar(r)}
                    </TableCell>
                    <TableCell align="right">{value(r.gap)}</TableCell>
                    <TableCell align="right">
                      {value(r.projection)} ({pct(r.projectedPercent)})
                    </TableCell>
                    <TableCell>{today(r)}</TableCell>
                    <TableCell>{status(r)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Stack>
  );
}
