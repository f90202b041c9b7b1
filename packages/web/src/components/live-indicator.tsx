import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../lib/live-hub/live-connection';

/**
 * Live connection indicator (spec section 2): green when connected and the hello acknowledged,
 * light blue when connected but not yet acknowledged, amber while connecting or reconnecting, red
 * when disconnected.
 */
export const LIVE_STATUS_COLORS: Record<LiveStatus, string> = {
  acknowledged: '#22C55E',
  connected: '#7DD3FC',
  connecting: '#F5A524',
  reconnecting: '#F5A524',
  disconnected: '#EF4444',
};

const LABEL_KEYS: Record<LiveStatus, string> = {
  acknowledged: 'live_conn_acknowledged',
  connected: 'live_conn_connected',
  connecting: 'live_conn_connecting',
  reconnecting: 'live_conn_reconnecting',
  disconnected: 'live_conn_disconnected',
};

export function LiveIndicator({ status, size = 14 }: { status: LiveStatus; size?: number }) {
  const { t } = useTranslation();
  const label = t(LABEL_KEYS[status]);
  return (
    <Tooltip title={label}>
      <Box
        role="status"
        aria-label={label}
        data-live-status={status}
        sx={{
          width: size,
          height: size,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: LIVE_STATUS_COLORS[status],
          boxShadow: '0 0 0 2px rgba(255,255,255,0.85)',
          animation:
            status === 'connecting' || status === 'reconnecting' ? 'livePulse 1.2s infinite' : 'none',
          '@keyframes livePulse': { '50%': { opacity: 0.35 } },
        }}
      />
    </Tooltip>
  );
}
