import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import PanToolRounded from '@mui/icons-material/PanToolRounded';
import WarningRounded from '@mui/icons-material/WarningRounded';
import type { TFunction } from 'i18next';
import { placesLeft, type LiveViewInfo, type LiveViewLevel } from '@footfall/domain';
import { LiveIndicator } from '../../../components/live-indicator';
import type { LiveStatus } from '../../../lib/live-hub/live-connection';

/**
 * The door screen: one colour filling the screen, one instruction, one number, so that a shopper
 * five metres away knows at a glance whether to come in. Sizes follow the smaller side of the
 * window (vmin), from a phone to a 4K television.
 */
export const LEVEL_COLORS: Record<LiveViewLevel, { bg: string; fg: string }> = {
  normal: { bg: '#15803D', fg: '#FFFFFF' },
  warning: { bg: '#F59E0B', fg: '#1F1300' },
  alert: { bg: '#B91C1C', fg: '#FFFFFF' },
};

const TITLE_KEYS: Record<LiveViewLevel, string> = {
  normal: 'liveview_enter_title',
  warning: 'liveview_warning_title',
  alert: 'liveview_alert_title',
};
const TEXT_KEYS: Record<LiveViewLevel, string> = {
  normal: 'liveview_enter_text',
  warning: 'liveview_warning_text',
  alert: 'liveview_alert_text',
};
const ICONS: Record<LiveViewLevel, ReactNode> = {
  normal: <CheckCircleRounded fontSize="inherit" />,
  warning: <WarningRounded fontSize="inherit" />,
  alert: <PanToolRounded fontSize="inherit" />,
};

export interface Brand {
  /** shown in the header band instead of the live view name */
  header?: ReactNode;
  headerBg?: string;
  headerFg?: string;
  fontFamily?: string;
}

/** full window on the live view layout; the page's box inside the mobile layout */
export const frame = (embedded?: boolean) =>
  embedded ? { position: 'relative' as const, height: '100%' } : { position: 'fixed' as const, inset: 0 };

export function OccupancyScreen(props: {
  info: LiveViewInfo;
  value: number | null;
  level: LiveViewLevel;
  status: LiveStatus;
  t: TFunction;
  brand?: Brand;
  controls?: ReactNode;
  embedded?: boolean;
}) {
  const { info, value, level, status, t, brand } = props;
  const colors = LEVEL_COLORS[level];
  const left = placesLeft(value, info);
  return (
    <Box
      data-testid="liveview-screen"
      data-level={level}
      sx={{
        ...frame(props.embedded),
        display: 'flex',
        flexDirection: 'column',
        bgcolor: colors.bg,
        color: colors.fg,
        transition: 'background-color 400ms ease',
        fontFamily: brand?.fontFamily,
        overflow: 'hidden',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 'max(16px, 3vmin)',
          py: 'max(10px, 2vmin)',
          bgcolor: brand?.headerBg ?? 'rgba(0,0,0,0.14)',
          color: brand?.headerFg ?? 'inherit',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {brand?.header ?? (
            <Box
              component="h1"
              sx={{
                m: 0,
                fontSize: 'max(18px, 4vmin)',
                fontWeight: 700,
                lineHeight: 1.1,
                whiteSpace: 'nowrap',
              }}
            >
              {info.name}
            </Box>
          )}
          <Box sx={{ fontSize: 'max(13px, 2.2vmin)', opacity: 0.85, whiteSpace: 'nowrap' }}>
            {info.nodeName}
          </Box>
        </Box>
        <LiveIndicator status={status} size={20} />
      </Box>

      <Box
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          px: '4vmin',
          gap: '1.5vmin',
        }}
      >
        <Box sx={{ fontSize: 'max(48px, 14vmin)', lineHeight: 1, display: 'flex' }} aria-hidden>
          {ICONS[level]}
        </Box>
        <Box
          component="p"
          data-testid="liveview-title"
          sx={{
            m: 0,
            fontSize: 'max(30px, 9vmin)',
            fontWeight: 800,
            lineHeight: 1.05,
            letterSpacing: '-0.02em',
          }}
        >
          {t(TITLE_KEYS[level])}
        </Box>
        <Box component="p" sx={{ m: 0, fontSize: 'max(16px, 3.4vmin)', maxWidth: '70ch', opacity: 0.92 }}>
          {t(TEXT_KEYS[level])}
        </Box>
      </Box>

      <Box
        component="footer"
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 2,
          px: 'max(16px, 4vmin)',
          pb: 'max(12px, 3vmin)',
        }}
      >
        <Box>
          <Box
            sx={{
              fontSize: 'max(13px, 2.4vmin)',
              opacity: 0.95, // 4.5:1 on the green screen at phone size (13 px)
              textTransform: 'uppercase',
              fontWeight: 700,
            }}
          >
            {t('liveview_people_inside')}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: '1.5vmin' }}>
            <Box
              data-testid="liveview-count"
              sx={{
                fontSize: 'max(56px, 17vmin)',
                fontWeight: 800,
                lineHeight: 0.95,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {value === null ? '–' : Math.round(value)}
            </Box>
            <Box sx={{ fontSize: 'max(20px, 5vmin)', fontWeight: 600, opacity: 0.95 }}>
              {t('liveview_of_max', { max: info.alertThreshold })}
            </Box>
          </Box>
        </Box>
        {left !== null && (
          <Box sx={{ textAlign: 'right' }}>
            <Box
              sx={{
                fontSize: 'max(13px, 2.4vmin)',
                opacity: 0.95,
                textTransform: 'uppercase',
                fontWeight: 700,
              }}
            >
              {t('liveview_places_left_label')}
            </Box>
            <Box
              data-testid="liveview-left"
              sx={{
                fontSize: 'max(40px, 11vmin)',
                fontWeight: 800,
                lineHeight: 0.95,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {left}
            </Box>
          </Box>
        )}
      </Box>
      {props.controls}
    </Box>
  );
}
