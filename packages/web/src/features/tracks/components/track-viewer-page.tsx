import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrow from '@mui/icons-material/PlayArrow';
import type { TrackAggregation, TrackMasterRow } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { detailRowsQuery, floorPlanQuery, masterRowsQuery } from '../api/tracks-api';
import { useTrackSelection } from '../lib/track-selection';
import { formatDuration, TrackShell } from './track-shell';

const PAGE_SIZE = 25;
const seconds = (v: string) =>
  v.trim() === '' || !Number.isFinite(Number(v)) ? undefined : Math.max(0, Math.round(Number(v)));

/**
 * /track/Viewer: per period bucket and zone, the tracks, visits, mean visit time and where visitors
 * came from (GetTrackViewerMasterRows); a row opens its tracks (GetTrackViewerMasterDetailRows),
 * each replayable in the player. Filters: zones, track duration, bucket size.
 */
export function TrackViewerPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const selection = useTrackSelection();
  const plan = useQuery(floorPlanQuery(selection.locationId));
  const zones = useMemo(
    () => (plan.data?.devices ?? []).flatMap((d) => d.zones.map((z) => ({ ...z, device: d.name }))),
    [plan.data],
  );
  const zoneName = (id: string | null) =>
    id === null ? t('tracks_outside') : (zones.find((z) => z.id === id)?.name ?? '?');
  const [zoneIds, setZoneIds] = useState<string[]>([]);
  const [minDuration, setMinDuration] = useState('');
  const [maxDuration, setMaxDuration] = useState('');
  const [aggregation, setAggregation] = useState<TrackAggregation>('day');
  const [selected, setSelected] = useState<{ key: string; zoneId: string } | null>(null);
  const [page, setPage] = useState(1);

  const base =
    selection.locationId && selection.period
      ? {
          locationId: selection.locationId,
          ...selection.period,
          zoneIds: zoneIds.filter((z) => zones.some((x) => x.id === z)),
          minDurationSeconds: seconds(minDuration),
          maxDurationSeconds: seconds(maxDuration),
          aggregation,
        }
      : null;
  const master = useQuery(masterRowsQuery(base));
  const detail = useQuery(
    detailRowsQuery(base ? { ...base, ...(selected ?? {}), page, pageSize: PAGE_SIZE } : null),
  );
  const timeFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(lang, {
        timeZone: plan.data?.timeZone ?? 'UTC',
        dateStyle: 'short',
        timeStyle: 'medium',
      }),
    [lang, plan.data?.timeZone],
  );
  const playerLink = (tracks?: { deviceId: string; trackId: string }[]) =>
    `${paths.trackPlayer(lang)}?${selection.search}${
      tracks ? `&tracks=${encodeURIComponent(tracks.map((x) => `${x.deviceId}~${x.trackId}`).join(','))}` : ''
    }`;
  // a day bucket reads as its date, an hour bucket as date and hour
  const bucketLabel = (key: string) =>
    key === '' ? t('tracks_whole_period') : aggregation === 'day' ? key.slice(0, 10) : key;
  const choose = (row: TrackMasterRow) => {
    setSelected({ key: row.key, zoneId: row.zoneId });
    setPage(1);
  };

  return (
    <TrackShell tab="viewer" selection={selection}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('tracks_zones')}
          value={zoneIds}
          onChange={(e) =>
            setZoneIds(typeof e.target.value === 'string' ? [e.target.value] : (e.target.value as string[]))
          }
          sx={{ minWidth: 220 }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) =>
                (v as string[]).length ? (v as string[]).map(zoneName).join(', ') : t('tracks_all_zones'),
              displayEmpty: true,
              inputProps: { 'data-testid': 'track-zone-filter' },
            },
            inputLabel: { shrink: true },
          }}
        >
          {zones.map((z) => (
            <MenuItem key={z.id} value={z.id}>
              {z.name} · {z.device}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('tracks_min_duration')}
          value={minDuration}
          onChange={(e) => setMinDuration(e.target.value)}
          sx={{ width: 170 }}
          slotProps={{ htmlInput: { min: 0, 'data-testid': 'track-min-duration' } }}
        />
        <TextField
          size="small"
          type="number"
          label={t('tracks_max_duration')}
          value={maxDuration}
          onChange={(e) => setMaxDuration(e.target.value)}
          sx={{ width: 170 }}
          slotProps={{ htmlInput: { min: 0 } }}
        />
        <TextField
          select
          size="small"
          label={t('tracks_aggregation')}
          value={aggregation}
          onChange={(e) => {
            setAggregation(e.target.value as TrackAggregation);
            setSelected(null);
          }}
          sx={{ minWidth: 150 }}
        >
          {(['hour', 'day', 'all'] as const).map((a) => (
            <MenuItem key={a} value={a}>
              {t(`tracks_aggregation_${a}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button component={RouterLink} to={playerLink()} startIcon={<PlayArrow />} variant="outlined">
          {t('tracks_play_period')}
        </Button>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{master.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      {master.isError ? (
        <Alert severity="error">{t('tracks_error')}</Alert>
      ) : master.data ? (
        <>
          <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }} data-testid="track-total">
            {t('tracks_total', { count: master.data.totalTracks })}
          </Typography>
          {master.data.rows.length === 0 ? (
            <Alert severity="info">{t('tracks_empty')}</Alert>
          ) : (
            <TableContainer
              component={Paper}
              variant="outlined"
              sx={{ maxHeight: 420 }}
              tabIndex={0}
              role="region"
              aria-label={t('tracks_master_label')}
            >
              <Table
                size="small"
                stickyHeader
                aria-label={t('tracks_master_label')}
                data-testid="track-master"
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('tracks_col_period')}</TableCell>
                    <TableCell>{t('tracks_col_zone')}</TableCell>
                    <TableCell align="right">{t('tracks_col_tracks')}</TableCell>
                    <TableCell align="right">{t('tracks_col_visits')}</TableCell>
                    <TableCell align="right">{t('tracks_col_dwell')}</TableCell>
                    <TableCell>{t('tracks_col_entries')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {master.data.rows.map((row) => {
                    const active = selected?.key === row.key && selected.zoneId === row.zoneId;
                    return (
                      <TableRow
                        key={`${row.key}|${row.zoneId}`}
                        hover
                        selected={active}
                        onClick={() => choose(row)}
                        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && choose(row)}
                        tabIndex={0}
                        sx={{ cursor: 'pointer' }}
                        data-testid="track-master-row"
                      >
                        <TableCell>{bucketLabel(row.key)}</TableCell>
                        <TableCell>{row.zoneName}</TableCell>
                        <TableCell align="right">{row.tracks}</TableCell>
                        <TableCell align="right">{row.visits}</TableCell>
                        <TableCell align="right">{formatDuration(row.averageDwellSeconds, t)}</TableCell>
                        <TableCell>
                          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                            {row.entriesFrom.map((e) => (
                              <Chip
                                key={String(e.fromZoneId)}
                                size="small"
                                label={`${zoneName(e.fromZoneId)} ${e.count}`}
                              />
                            ))}
                          </Stack>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      ) : null}

      {detail.data && (
        <Paper variant="outlined" sx={{ mt: 3, p: { xs: 1, sm: 2 } }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
              {selected
                ? t('tracks_detail_title_zone', {
                    zone: zoneName(selected.zoneId),
                    period: bucketLabel(selected.key),
                  })
                : t('tracks_detail_title')}
            </Typography>
            {selected && (
              <Button size="small" onClick={() => setSelected(null)}>
                {t('tracks_detail_all')}
              </Button>
            )}
            <Button
              size="small"
              variant="contained"
              startIcon={<PlayArrow />}
              component={RouterLink}
              to={playerLink(detail.data.rows)}
              disabled={detail.data.rows.length === 0}
              data-testid="track-play-page"
            >
              {t('tracks_play_these')}
            </Button>
          </Stack>
          {/* positioned: the hidden header text of the actions column stays inside the scrolling frame */}
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={t('tracks_detail_label')}
            sx={{ position: 'relative' }}
          >
            <Table size="small" aria-label={t('tracks_detail_label')} data-testid="track-detail">
              <TableHead>
                <TableRow>
                  <TableCell>{t('tracks_col_track')}</TableCell>
                  <TableCell>{t('tracks_col_start')}</TableCell>
                  <TableCell align="right">{t('tracks_col_duration')}</TableCell>
                  <TableCell align="right">{t('tracks_col_points')}</TableCell>
                  <TableCell>{t('tracks_col_path')}</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t('tracks_col_actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {detail.data.rows.map((row) => (
                  <TableRow key={`${row.deviceId}|${row.trackId}`} data-testid="track-detail-row">
                    <TableCell>{row.trackId}</TableCell>
                    <TableCell>{timeFormat.format(new Date(row.start))}</TableCell>
                    <TableCell align="right">{formatDuration(row.durationSeconds, t)}</TableCell>
                    <TableCell align="right">{row.points}</TableCell>
                    <TableCell>{row.zoneIds.map(zoneName).join(' → ') || t('tracks_outside')}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        component={RouterLink}
                        to={playerLink([row])}
                        aria-label={t('tracks_play_one', { track: row.trackId })}
                        startIcon={<PlayArrow />}
                      >
                        {t('tracks_play')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {detail.data.fullCount > PAGE_SIZE && (
            <Pagination
              sx={{ mt: 1 }}
              page={page}
              count={Math.ceil(detail.data.fullCount / PAGE_SIZE)}
              onChange={(_, p) => setPage(p)}
              getItemAriaLabel={(type, p) => t(`tracks_page_${type}`, { page: p })}
            />
          )}
        </Paper>
      )}
    </TrackShell>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;
