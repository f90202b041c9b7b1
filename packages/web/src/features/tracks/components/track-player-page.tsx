import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Replay from '@mui/icons-material/Replay';
import type { TrackPlayerPointsResponse } from '@footfall/domain';
import { useLang } from '../../../lib/use-lang';
import { floorPlanQuery, playerPointsQuery } from '../api/tracks-api';
import { lastAtOrBefore } from '../lib/plan-geometry';
import { useTrackSelection } from '../lib/track-selection';
import { PlanImage } from './plan-image';
import { TrackShell } from './track-shell';

const SPEEDS = [1, 5, 20, 60, 300] as const;
const COLOURS = ['#1565c0', '#c2185b', '#2e7d32', '#ef6c00', '#6a1b9a'];
const TRAIL = 8;

/** Frame statistics of the player, read by the browser test (window.__trackPlayerStats). */
interface FrameStats {
  frames: number;
  drawMsAvg: number;
  drawMsP95: number;
  intervalMsAvg: number;
  intervalMsP95: number;
  tracks: number;
}
declare global {
  interface Window {
    __trackPlayerStats?: FrameStats;
  }
}

function draw(
  ctx: CanvasRenderingContext2D,
  data: TrackPlayerPointsResponse,
  deviceColour: Map<string, string>,
  at: number,
): number {
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const dots = new Map<string, Path2D>();
  const trails = new Map<string, Path2D>();
  let shown = 0;
  for (const track of data.tracks) {
    const { t, x, y } = track;
    if (t.length === 0 || at < t[0]! || at > t[t.length - 1]!) continue;
    const i = lastAtOrBefore(t, at);
    const j = Math.min(i + 1, t.length - 1);
    const f = j === i ? 0 : (at - t[i]!) / (t[j]! - t[i]!);
    const px = x[i]! + (x[j]! - x[i]!) * f;
    const py = y[i]! + (y[j]! - y[i]!) * f;
    const colour = deviceColour.get(track.deviceId) ?? COLOURS[0]!;
    let dot = dots.get(colour);
    if (!dot) dots.set(colour, (dot = new Path2D()));
    let trail = trails.get(colour);
    if (!trail) trails.set(colour, (trail = new Path2D()));
    const from = Math.max(0, i - TRAIL);
    trail.moveTo(x[from]!, y[from]!);
    for (let k = from + 1; k <= i; k++) trail.lineTo(x[k]!, y[k]!);
    trail.lineTo(px, py);
    dot.moveTo(px + 6, py);
    dot.arc(px, py, 6, 0, Math.PI * 2);
    shown++;
  }
  ctx.lineWidth = 2;
  ctx.globalAlpha = 0.45;
  for (const [colour, path] of trails) {
    ctx.strokeStyle = colour;
    ctx.stroke(path);
  }
  ctx.globalAlpha = 0.9;
  for (const [colour, path] of dots) {
    ctx.fillStyle = colour;
    ctx.fill(path);
  }
  ctx.globalAlpha = 1;
  return shown;
}

const p95 = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};
const avg = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/**
 * /track/Player: the tracks of the period (or those chosen in the viewer, `?tracks=device~track,...`)
 * replayed on a canvas over the floor plan: play, pause, speed, time slider. Drawing is one path per
 * colour for the dots and one for the trails, with a binary search per track for the position at the
 * current time, so 1,000 simultaneous tracks draw in a few milliseconds.
 */
export function TrackPlayerPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const selection = useTrackSelection();
  const [params] = useSearchParams();
  const chosen = useMemo(
    () =>
      (params.get('tracks') ?? '')
        .split(',')
        .map((s) => s.split('~'))
        .filter((p): p is [string, string] => p.length === 2 && p[0]!.length > 0 && p[1]!.length > 0)
        .map(([deviceId, trackId]) => ({ deviceId, trackId })),
    [params],
  );
  const plan = useQuery(floorPlanQuery(selection.locationId));
  const points = useQuery(
    playerPointsQuery(
      selection.locationId && selection.period
        ? {
            locationId: selection.locationId,
            ...selection.period,
            maxTracks: 1000,
            ...(chosen.length ? { tracks: chosen.slice(0, 2000) } : {}),
          }
        : null,
    ),
  );
  const data = points.data;
  const duration = data ? data.end - data.start : 0;
  const canvas = useRef<HTMLCanvasElement>(null);
  const at = useRef(0);
  const [shownAt, setShownAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(20);
  const [onPlan, setOnPlan] = useState(0);
  const deviceColour = useMemo(
    () => new Map((plan.data?.devices ?? []).map((d, i) => [d.deviceId, COLOURS[i % COLOURS.length]!])),
    [plan.data],
  );
  const clock = useMemo(
    () =>
      new Intl.DateTimeFormat(lang, {
        timeZone: data?.timeZone ?? 'UTC',
        dateStyle: 'medium',
        timeStyle: 'medium',
      }),
    [lang, data?.timeZone],
  );

  const paint = useCallback(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !data) return 0;
    return draw(ctx, data, deviceColour, at.current);
  }, [data, deviceColour]);

  // a new set of tracks starts at its beginning
  useEffect(() => {
    at.current = 0;
    setShownAt(0);
    setPlaying(false);
    setOnPlan(paint());
  }, [data, paint]);

  useEffect(() => {
    if (!playing || !data) return;
    let frame = 0;
    let last = performance.now();
    let lastUi = 0;
    const draws: number[] = [];
    const intervals: number[] = [];
    const tick = (now: number) => {
      intervals.push(now - last);
      at.current = Math.min(duration, at.current + (now - last) * speed);
      last = now;
      const started = performance.now();
      const shown = paint();
      draws.push(performance.now() - started);
      if (now - lastUi > 150 || at.current >= duration) {
        lastUi = now;
        setShownAt(at.current);
        setOnPlan(shown);
        window.__trackPlayerStats = {
          frames: draws.length,
          drawMsAvg: avg(draws),
          drawMsP95: p95(draws),
          intervalMsAvg: avg(intervals.slice(1)),
          intervalMsP95: p95(intervals.slice(1)),
          tracks: shown,
        };
      }
      if (at.current >= duration) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, data, duration, speed, paint]);

  const seek = (value: number) => {
    at.current = value;
    setShownAt(value);
    setOnPlan(paint());
  };

  return (
    <TrackShell tab="player" selection={selection}>
      <Box sx={{ height: 4, mb: 1 }}>
        {(points.isFetching || plan.isFetching) && <LinearProgress aria-label={t('loading')} />}
      </Box>
      {points.isError || plan.isError ? (
        <Alert severity="error">{t('tracks_error')}</Alert>
      ) : data && plan.data ? (
        <Stack spacing={1.5}>
          {data.truncated && (
            <Alert severity="info">{t('tracks_truncated', { count: data.tracks.length })}</Alert>
          )}
          {data.tracks.length === 0 ? (
            <Alert severity="info">{t('tracks_empty')}</Alert>
          ) : (
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
                <Button
                  variant="contained"
                  onClick={() => {
                    if (at.current >= duration) seek(0);
                    setPlaying((p) => !p);
                  }}
                  startIcon={
                    playing ? <Pause /> : at.current >= duration && duration > 0 ? <Replay /> : <PlayArrow />
                  }
                  data-testid="track-play"
                >
                  {playing ? t('tracks_pause') : t('tracks_play')}
                </Button>
                <TextField
                  select
                  size="small"
                  label={t('tracks_speed')}
                  value={speed}
                  onChange={(e) => setSpeed(Number(e.target.value))}
                  sx={{ width: 120 }}
                  slotProps={{ select: { inputProps: { 'data-testid': 'track-speed' } } }}
                >
                  {SPEEDS.map((s) => (
                    <MenuItem key={s} value={s}>
                      {`${s}×`}
                    </MenuItem>
                  ))}
                </TextField>
                <Typography
                  variant="body2"
                  data-testid="track-clock"
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {clock.format(new Date(data.start + shownAt))}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="track-on-plan">
                  {t('tracks_on_plan', { count: onPlan, total: data.tracks.length })}
                </Typography>
              </Stack>
              <Slider
                value={shownAt}
                min={0}
                max={Math.max(1, duration)}
                step={1000}
                onChange={(_, v) => seek(v as number)}
                getAriaValueText={(v) => clock.format(new Date(data.start + v))}
                aria-label={t('tracks_time')}
                data-testid="track-slider"
              />
              <PlanImage plan={plan.data}>
                <canvas
                  ref={canvas}
                  width={plan.data.width}
                  height={plan.data.height}
                  data-testid="track-canvas"
                  aria-label={t('tracks_canvas_label')}
                  role="img"
                  style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
                />
              </PlanImage>
            </Paper>
          )}
        </Stack>
      ) : null}
    </TrackShell>
  );
}
