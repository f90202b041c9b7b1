import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import type { LiveViewInfo } from '@footfall/domain';
import { LiveIndicator } from '../../../components/live-indicator';
import type { LiveStatus } from '../../../lib/live-hub/live-connection';
import { closedNotice } from '../lib/closed-notice';
import { frame } from './occupancy-screen';

/** the clock moves on the minute; a read every 15 s keeps it at most that late */
const CLOCK_MS = 15_000;

/**
 * Outside business hours a live view that asks for it goes black (spec "Live view"), so the door
 * screen does not light the closed shop. A discreet corner says the screen works: the place's local
 * time, "Closed · opens at 10:00", and the connection dot.
 */
export function BlackScreen({
  info,
  status,
  t,
  locale,
  embedded,
}: {
  info: Pick<LiveViewInfo, 'timeZone' | 'openChangesAt'>;
  status: LiveStatus;
  t: TFunction;
  locale: string;
  embedded?: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const notice = closedNotice(info.timeZone, now, info.openChangesAt, locale);
  const closed = !notice.opensAt
    ? t('liveview_closed')
    : notice.opensOn
      ? t('liveview_closed_opens_on', { day: notice.opensOn, time: notice.opensAt })
      : t('liveview_closed_opens_at', { time: notice.opensAt });
  return (
    <Box
      data-testid="liveview-black"
      sx={{
        ...frame(embedded),
        bgcolor: '#000',
        display: 'flex',
        alignItems: 'flex-end',
        p: 'max(12px, 2vmin)',
      }}
    >
      {/* grey on black: readable up close (contrast above 4.5:1), not lighting the room */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 'max(10px, 1.5vmin)', color: '#8B929C' }}>
        <LiveIndicator status={status} size={8} />
        <Box
          component="time"
          data-testid="liveview-clock"
          aria-label={t('liveview_local_time')}
          sx={{ fontSize: 'max(15px, 2.2vmin)', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        >
          {notice.clock}
        </Box>
        <Box component="p" data-testid="liveview-closed" sx={{ m: 0, fontSize: 'max(14px, 1.9vmin)' }}>
          {closed}
        </Box>
      </Box>
    </Box>
  );
}
