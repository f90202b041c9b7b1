import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAdminKind } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { LocalDateField } from '../../../components/local-date-fields';
import { useLang } from '../../../lib/use-lang';
import { useCurrentUser } from '../../../lib/session/current-user';
import { trackLocationsQuery } from '../api/tracks-api';
import type { TrackSelection } from '../lib/track-selection';

export type TrackTab = 'viewer' | 'player' | 'heatMap' | 'attendance' | 'floorPlan';

const TABS: { id: TrackTab; path: (typeof paths)['trackViewer']; adminOnly?: boolean }[] = [
  { id: 'viewer', path: paths.trackViewer },
  { id: 'player', path: paths.trackPlayer },
  { id: 'heatMap', path: paths.trackHeatMap },
  { id: 'attendance', path: paths.trackAttendance },
  { id: 'floorPlan', path: paths.trackFloorPlan, adminOnly: true },
];

/**
 * The frame of the track screens: title, location and days (kept in the URL), the tabs between
 * viewer, player, heat map, attendance and (admin-kind) the floor plan editor.
 */
export function TrackShell({
  tab,
  selection,
  children,
  hidePeriod = false,
}: {
  tab: TrackTab;
  selection: TrackSelection;
  children: ReactNode;
  hidePeriod?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useCurrentUser().data;
  const admin = !!user && isAdminKind(user);
  const locations = useQuery(trackLocationsQuery());
  const tabs = TABS.filter((x) => !x.adminOnly || admin);
  const known = locations.data ?? [];
  const current = selection.locationId;

  return (
    <Box sx={{ p: { xs: 1.5, lg: 3 }, maxWidth: 1500, mx: 'auto' }} data-testid={`track-${tab}`}>
      <Stack direction="row" sx={{ mb: 1, flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Typography variant="h2" component="h1" sx={{ flex: '1 1 auto', mr: 2 }}>
          {t(`tracks_tab_${tab}`)}
        </Typography>
        <TextField
          select
          size="small"
          label={t('tracks_location')}
          value={current && known.some((l) => l.locationId === current) ? current : ''}
          onChange={(e) => selection.set({ location: e.target.value })}
          sx={{ minWidth: 240 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'track-location' } } }}
        >
          {known.map((l) => (
            <MenuItem key={l.locationId} value={l.locationId}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        {!hidePeriod && (
          <>
            <LocalDateField
              size="small"
              label={t('tracks_from')}
              value={selection.fromDay}
              onChange={(day) => day && selection.set({ from: day })}
              testId="track-from"
              sx={{ width: 170 }}
            />
            <LocalDateField
              size="small"
              label={t('tracks_to')}
              value={selection.toDay}
              onChange={(day) => day && selection.set({ to: day })}
              testId="track-to"
              sx={{ width: 170 }}
            />
          </>
        )}
      </Stack>
      <Tabs
        value={tab}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('tracks_tabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((x) => (
          <Tab
            key={x.id}
            value={x.id}
            label={t(`tracks_tab_${x.id}`)}
            component={RouterLink}
            to={`${x.path(lang)}?${selection.search}`}
            data-testid={`track-tab-${x.id}`}
          />
        ))}
      </Tabs>
      {selection.period === null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('tracks_period_invalid')}
        </Alert>
      )}
      {locations.isSuccess && known.length === 0 ? (
        <Alert severity="info" data-testid="track-no-location">
          {t('tracks_no_location')}
        </Alert>
      ) : (
        children
      )}
    </Box>
  );
}

/** "12 min 30 s" style durations from seconds. */
export function formatDuration(seconds: number | null, t: TFunction): string {
  if (seconds === null) return '–';
  const s = Math.round(seconds);
  if (s < 60) return t('tracks_seconds', { s });
  return t('tracks_minutes_seconds', { m: Math.floor(s / 60), s: s % 60 });
}
