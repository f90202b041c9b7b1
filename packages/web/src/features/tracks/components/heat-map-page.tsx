import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HeatMapMetric, HeatMapResponse } from '@footfall/domain';
import { useLang } from '../../../lib/use-lang';
import { floorPlanQuery, heatMapQuery } from '../api/tracks-api';
import { heatColour, legendTicks } from '../lib/plan-geometry';
import { useTrackSelection } from '../lib/track-selection';
import { PlanImage } from './plan-image';
import { TrackShell } from './track-shell';

const CELL_SIZES = [12, 24, 48] as const;

function paint(canvas: HTMLCanvasElement, data: HeatMapResponse) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  for (const c of data.cells) {
    ctx.fillStyle = heatColour(data.max > 0 ? c.value / data.max : 0);
    ctx.fillRect(c.col * data.cellSize, c.row * data.cellSize, data.cellSize, data.cellSize);
  }
}

/**
 * Heat map (/track/HeatMap): the density of positions, or the time spent, per grid cell of the floor
 * plan over the period (the grid is computed by the server in SQL), with a legend in numbers.
 */
export function HeatMapPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const selection = useTrackSelection();
  const [metric, setMetric] = useState<HeatMapMetric>('positions');
  const [cellSize, setCellSize] = useState<number>(24);
  const plan = useQuery(floorPlanQuery(selection.locationId));
  const heat = useQuery(
    heatMapQuery(
      selection.locationId && selection.period
        ? { locationId: selection.locationId, ...selection.period, metric, cellSize }
        : null,
    ),
  );
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current && heat.data) paint(canvas.current, heat.data);
  }, [heat.data, plan.data]);
  const unit = t(`tracks_heat_unit_${metric}`);
  const data = heat.data;

  return (
    <TrackShell tab="heatMap" selection={selection}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('tracks_heat_metric')}
          value={metric}
          onChange={(e) => setMetric(e.target.value as HeatMapMetric)}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'heat-metric' } } }}
        >
          <MenuItem value="positions">{t('tracks_heat_positions')}</MenuItem>
          <MenuItem value="dwell">{t('tracks_heat_dwell')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('tracks_heat_cell')}
          value={cellSize}
          onChange={(e) => setCellSize(Number(e.target.value))}
          sx={{ minWidth: 150 }}
        >
          {CELL_SIZES.map((c) => (
            <MenuItem key={c} value={c}>
              {t('tracks_heat_cell_px', { px: c })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{heat.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      {heat.isError || plan.isError ? (
        <Alert severity="error">{t('tracks_error')}</Alert>
      ) : data && plan.data ? (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ flex: '1 1 auto', width: '100%' }}>
              <PlanImage plan={plan.data}>
                <canvas
                  ref={canvas}
                  width={plan.data.width}
                  height={plan.data.height}
                  role="img"
                  aria-label={t('tracks_heat_label', { total: data.total, unit })}
                  data-testid="heat-canvas"
                  style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
                />
              </PlanImage>
            </Box>
            <Box sx={{ minWidth: 180 }} data-testid="heat-legend">
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                {t('tracks_heat_legend', { unit })}
              </Typography>
              <Stack direction="row" sx={{ gap: 1 }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 18,
                    height: 200,
                    borderRadius: 1,
                    background: `linear-gradient(to top, ${[0, 0.25, 0.5, 0.75, 1].map((s) => heatColour(s)).join(', ')})`,
                  }}
                />
                <Stack
                  sx={{ height: 200, justifyContent: 'space-between' }}
                  component="ol"
                  style={{ margin: 0, padding: 0, listStyle: 'none' }}
                >
                  {legendTicks(data.max)
                    .slice()
                    .reverse()
                    .map((v, i) => (
                      <Typography key={i} component="li" variant="caption" data-testid="heat-tick">
                        {v.toLocaleString(lang)}
                      </Typography>
                    ))}
                </Stack>
              </Stack>
              <Typography variant="body2" sx={{ mt: 2 }} data-testid="heat-total">
                {t('tracks_heat_total', { total: data.total.toLocaleString(lang), unit })}
              </Typography>
              <Typography variant="body2" data-testid="heat-max">
                {t('tracks_heat_max', { max: data.max.toLocaleString(lang), unit, px: data.cellSize })}
              </Typography>
            </Box>
          </Stack>
        </Paper>
      ) : null}
    </TrackShell>
  );
}
