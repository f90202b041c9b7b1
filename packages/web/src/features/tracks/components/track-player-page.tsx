import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
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
import { useLang } from '../../../lib/use-lang';
import { floorPlanQuery, playerPointsQuery } from '../api/tracks-api';
import { drawFrame, prepareFrames, type TrackFrames } from '../lib/track-frames';
import { useTrackSelection } from '../lib/track-selection';
import { deviceColour } from '../lib/plan-canvas';
import { PlayerStage } from './player-stage';
import { TrackShell } from './track-shell';

const SPEEDS = [1, 5, 20, 60, 300] as const;
/** How often the clock, the slider and the count follow the playing frames (their React renders). */
const UI_EVERY_MS = 250;

/** Frame statistics of the player, read by the browser test (window.__trackPlayerStats). */
interface FrameStats {
  frames: number;
  /** script time of a frame's drawing (the canvas is rasterised afterwards, outside this figure) */
  drawMsAvg: number;
  drawMsP95: number;
  /** time between two animation frames of the player */
  intervalMsAvg: number;
  intervalMsP95: number;
  tracks: number;
}
declare global {
  interface Window {
    __trackPlayerStats?: FrameStats;
  }
}

const p95 = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};
const avg = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/**
 * What the controls show of the play clock: the frame loop keeps the exact time in a ref and
 * publishes it here a few times a second, so only the small components reading it re-render.
 */
function createShownStore() {
  let shown = { at: 0, onPlan: 0 };
  const listeners = new Set<() => void>();
  return {
    get: () => shown,
    set(at: number, onPlan: number) {
      if (at === shown.at && onPlan === shown.onPlan) return;
      shown = { at, onPlan };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type ShownStore = ReturnType<typeof createShownStore>;
const useShown = (store: ShownStore) => useSyncExternalStore(store.subscribe, store.get);

function PlayClock({ store, format }: { store: ShownStore; format: (at: number) => string }) {
  const { at } = useShown(store);
  return (
    <Typography variant="body2" data-testid="track-clock" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {format(at)}
    </Typography>
  );
}

function OnPlan({ store, total }: { store: ShownStore; total: number }) {
  const { t } = useTranslation();
  const { onPlan } = useShown(store);
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="track-on-plan">
      {t('tracks_on_plan', { count: onPlan, total })}
    </Typography>
  );
}

function TimeSlider(props: {
  store: ShownStore;
  duration: number;
  format: (at: number) => string;
  onSeek: (at: number) => void;
}) {
  const { t } = useTranslation();
  const { at } = useShown(props.store);
  return (
    <Slider
      value={at}
      min={0}
      max={Math.max(1, props.duration)}
      step={1000}
      onChange={(_, v) => props.onSeek(v as number)}
      getAriaValueText={props.format}
      aria-label={t('tracks_time')}
      data-testid="track-slider"
    />
  );
}

/**
 * /track/Player: the tracks of the period (or those chosen in the viewer, `?tracks=device~track,...`)
 * replayed on a canvas over the floor plan: play, pause, speed, time slider. The tracks are prepared
 * once per load (typed arrays grouped by colour, see track-frames.ts); the requestAnimationFrame loop
 * draws from a ref'd clock without any React render, and the clock, slider and count follow it a few
 * times a second, so 1,000 simultaneous tracks play at the browser's frame rate.
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
  const tracksCtx = useRef<CanvasRenderingContext2D | null>(null);
  const onContext = useCallback((ctx: CanvasRenderingContext2D | null) => {
    tracksCtx.current = ctx;
  }, []);
  const at = useRef(0);
  const [store] = useState(createShownStore);
  const [playing, setPlaying] = useState(false);
  const [ended, setEnded] = useState(false);
  const [speed, setSpeed] = useState<number>(20);
  const colourOf = useMemo(
    () => new Map((plan.data?.devices ?? []).map((d, i) => [d.deviceId, deviceColour(i)])),
    [plan.data],
  );
  const frames = useMemo<TrackFrames | null>(
    () => (data ? prepareFrames(data, (deviceId) => colourOf.get(deviceId) ?? deviceColour(0)) : null),
    [data, colourOf],
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
  const start = data?.start ?? 0;
  const format = useCallback((value: number) => clock.format(new Date(start + value)), [clock, start]);

  const paint = useCallback(() => {
    const ctx = tracksCtx.current;
    if (!ctx || !frames || !plan.data) return 0;
    return drawFrame(ctx, frames, at.current, plan.data);
  }, [frames, plan.data]);

  // a new set of tracks starts at its beginning
  useEffect(() => {
    at.current = 0;
    setPlaying(false);
    setEnded(false);
    store.set(0, paint());
  }, [frames, paint, store]);

  // a resized canvas is blank: draw the current frame again
  const redraw = useCallback(() => store.set(at.current, paint()), [paint, store]);

  useEffect(() => {
    if (!playing || !frames) return;
    let frame = 0;
    let last = performance.now();
    let lastUi = last;
    const draws: number[] = [];
    const intervals: number[] = [];
    const tick = (now: number) => {
      intervals.push(now - last);
      at.current = Math.min(duration, at.current + (now - last) * speed);
      last = now;
      const started = performance.now();
      const shown = paint();
      draws.push(performance.now() - started);
      const done = at.current >= duration;
      if (now - lastUi >= UI_EVERY_MS || done) {
        lastUi = now;
        store.set(at.current, shown);
        window.__trackPlayerStats = {
          frames: draws.length,
          drawMsAvg: avg(draws),
          drawMsP95: p95(draws),
          intervalMsAvg: avg(intervals.slice(1)),
          intervalMsP95: p95(intervals.slice(1)),
          tracks: shown,
        };
      }
      if (done) {
        setPlaying(false);
        setEnded(true);
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, frames, duration, speed, paint, store]);

  const seek = useCallback(
    (value: number) => {
      at.current = value;
      setEnded(value >= duration && duration > 0);
      store.set(value, paint());
    },
    [duration, paint, store],
  );

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
                    if (!playing && at.current >= duration) seek(0);
                    else setEnded(false);
                    setPlaying((p) => !p);
                  }}
                  startIcon={playing ? <Pause /> : ended ? <Replay /> : <PlayArrow />}
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
                <PlayClock store={store} format={format} />
                <OnPlan store={store} total={data.tracks.length} />
              </Stack>
              <TimeSlider store={store} duration={duration} format={format} onSeek={seek} />
              <PlayerStage plan={plan.data} onContext={onContext} onResize={redraw} />
            </Paper>
          )}
        </Stack>
      ) : null}
    </TrackShell>
  );
}
