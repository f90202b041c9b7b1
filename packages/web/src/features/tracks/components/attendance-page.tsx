import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { Chart } from '../../../components/charts/chart';
import { attendanceQuery } from '../api/tracks-api';
import { useTrackSelection } from '../lib/track-selection';
import { TrackShell } from './track-shell';

/**
 * Attendance (/track/Attendance): distinct visitors per zone and hour (or day) of the location's own
 * time, the whole location first; a line chart above the same figures in a table.
 */
export function AttendancePage() {
  const { t } = useTranslation();
  const selection = useTrackSelection();
  const [aggregation, setAggregation] = useState<'hour' | 'day'>('day');
  const query = useQuery(
    attendanceQuery(
      selection.locationId && selection.period
        ? { locationId: selection.locationId, ...selection.period, aggregation }
        : null,
    ),
  );
  const data = query.data;
  // a day bucket reads as its date
  const label = useMemo(
    () => (key: string) => (aggregation === 'day' ? key.slice(0, 10) : key),
    [aggregation],
  );
  const table = useMemo(() => {
    if (!data) return null;
    const columns = [
      { id: null as string | null, name: t('tracks_whole_location') },
      ...data.zones.map((z) => ({ id: z.zoneId as string | null, name: z.name })),
    ];
    const keys = [...new Set(data.rows.map((r) => r.key))].sort();
    const value = new Map(data.rows.map((r) => [`${r.key}|${r.zoneId}`, r.visitors]));
    return { columns, keys, at: (key: string, zone: string | null) => value.get(`${key}|${zone}`) ?? 0 };
  }, [data, t]);
  const option = useMemo(
    () =>
      table && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 48, right: 16, top: 40, bottom: 40 },
        xAxis: { type: 'category', data: table.keys.map(label) },
        yAxis: { type: 'value', name: t('tracks_visitors'), minInterval: 1 },
        series: table.columns.map((c) => ({
          name: c.name,
          type: aggregation === 'day' ? 'bar' : 'line',
          data: table.keys.map((k) => table.at(k, c.id)),
        })),
      },
    [table, aggregation, t, label],
  );

  return (
    <TrackShell tab="attendance" selection={selection}>
      <TextField
        select
        size="small"
        label={t('tracks_aggregation')}
        value={aggregation}
        onChange={(e) => setAggregation(e.target.value as 'hour' | 'day')}
        sx={{ minWidth: 150, mb: 2 }}
      >
        <MenuItem value="hour">{t('tracks_aggregation_hour')}</MenuItem>
        <MenuItem value="day">{t('tracks_aggregation_day')}</MenuItem>
      </TextField>
      <Box sx={{ height: 4, mb: 1 }}>{query.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      {query.isError ? (
        <Alert severity="error">{t('tracks_error')}</Alert>
      ) : table && option ? (
        table.keys.length === 0 ? (
          <Alert severity="info">{t('tracks_empty')}</Alert>
        ) : (
          <>
            <Paper variant="outlined" sx={{ p: 1, height: 340, mb: 2 }} data-testid="attendance-chart">
              <Chart option={option} label={t('tracks_attendance_chart')} />
            </Paper>
            <TableContainer
              component={Paper}
              variant="outlined"
              sx={{ maxHeight: 480 }}
              tabIndex={0}
              role="region"
              aria-label={t('tracks_attendance_table')}
            >
              <Table
                size="small"
                stickyHeader
                aria-label={t('tracks_attendance_table')}
                data-testid="attendance-table"
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('tracks_col_period')}</TableCell>
                    {table.columns.map((c) => (
                      <TableCell key={String(c.id)} align="right">
                        {c.name}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {table.keys.map((k) => (
                    <TableRow key={k}>
                      <TableCell>{label(k)}</TableCell>
                      {table.columns.map((c) => (
                        <TableCell key={String(c.id)} align="right">
                          {table.at(k, c.id)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )
      ) : null}
    </TrackShell>
  );
}
