import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import type { LiveViewInfo, LiveViewLevel, LiveViewQueue } from '@footfall/domain';
import { LiveIndicator } from '../../../components/live-indicator';
import type { LiveStatus } from '../../../lib/live-hub/live-connection';
import { LEVEL_COLORS } from './occupancy-screen';
import { waitingMinutes } from './screen-text';

/**
 * Queue screens: people waiting and the expected wait, large, with the occupancy of the place as a
 * coloured band. The customer variants change colours, header and layout; the data is the same.
 */
export interface QueueTheme {
  bg: string;
  fg: string;
  tileBg: string;
  accent: string;
  header: ReactNode;
  /** tiles side by side (wide screens) or stacked */
  layout: 'row' | 'grid';
  fontFamily?: string;
}

function Tile(props: { label: string; value: ReactNode; unit?: string; theme: QueueTheme; testId: string }) {
  return (
    <Box
      sx={{
        flex: 1,
        minWidth: 0,
        bgcolor: props.theme.tileBg,
        borderRadius: '2vmin',
        p: 'max(14px, 3vmin)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        borderTop: `max(4px, 0.8vmin) solid ${props.theme.accent}`,
      }}
    >
      <Box sx={{ fontSize: 'max(14px, 3vmin)', fontWeight: 700, textTransform: 'uppercase', opacity: 0.85 }}>
        {props.label}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: '1.5vmin' }}>
        <Box
          data-testid={props.testId}
          sx={{
            fontSize: 'max(56px, 18vmin)',
            fontWeight: 800,
            lineHeight: 1,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {props.value}
        </Box>
        {props.unit && (
          <Box sx={{ fontSize: 'max(20px, 5vmin)', fontWeight: 600, opacity: 0.8 }}>{props.unit}</Box>
        )}
      </Box>
    </Box>
  );
}

export function QueueScreen(props: {
  info: LiveViewInfo;
  queue: LiveViewQueue | null;
  value: number | null;
  level: LiveViewLevel;
  status: LiveStatus;
  t: TFunction;
  theme: QueueTheme;
  showOccupancyTile?: boolean;
}) {
  const { info, queue, value, level, status, t, theme } = props;
  const minutes = waitingMinutes(queue?.waitingSeconds ?? null);
  const band = LEVEL_COLORS[level];
  return (
    <Box
      data-testid="liveview-queue"
      data-level={level}
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: theme.bg,
        color: theme.fg,
        fontFamily: theme.fontFamily,
      }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, px: '4vmin', py: '2.5vmin' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {theme.header}
          <Box sx={{ fontSize: 'max(13px, 2.4vmin)', opacity: 0.8 }}>{info.nodeName}</Box>
        </Box>
        <LiveIndicator status={status} size={20} />
      </Box>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: theme.layout === 'row' ? { xs: 'column', md: 'row' } : 'column',
          gap: '3vmin',
          px: '4vmin',
          pb: '3vmin',
        }}
      >
        <Tile
          testId="queue-length"
          theme={theme}
          label={t('liveview_queue_waiting')}
          value={queue?.length === null || queue?.length === undefined ? '–' : Math.round(queue.length)}
        />
        <Tile
          testId="queue-wait"
          theme={theme}
          label={t('liveview_queue_wait_time')}
          value={minutes === null ? '–' : minutes}
          unit={minutes === null ? undefined : t('liveview_minutes_unit')}
        />
        {props.showOccupancyTile && (
          <Tile
            testId="queue-occupancy"
            theme={theme}
            label={t('liveview_people_inside')}
            value={value === null ? '–' : Math.round(value)}
            unit={t('liveview_of_max', { max: info.alertThreshold })}
          />
        )}
      </Box>
      <Box
        sx={{
          bgcolor: band.bg,
          color: band.fg,
          px: '4vmin',
          py: '2vmin',
          fontSize: 'max(18px, 4.5vmin)',
          fontWeight: 800,
          display: 'flex',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <span data-testid="liveview-title">
          {t(
            level === 'alert'
              ? 'liveview_alert_title'
              : level === 'warning'
                ? 'liveview_warning_title'
                : 'liveview_enter_title',
          )}
        </span>
        {!props.showOccupancyTile && (
          <span>
            {t('liveview_people_inside')}: {value === null ? '–' : Math.round(value)}
          </span>
        )}
      </Box>
    </Box>
  );
}
