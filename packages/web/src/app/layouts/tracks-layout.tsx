import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { BackToTop } from '../../components/back-to-top';
import { TopToolbar } from './parts/top-toolbar';

/**
 * Tracks layout (desktop): the toolbar titled "Tracks" with the other sections' icons above the track
 * screens, which carry their own location, period and tabs (viewer, player, heat map, attendance,
 * floor plan); no dashboards pane.
 */
export function TracksLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }} data-layout="tracks">
      <TopToolbar section="tracks" title={t('nav_tracks')} />
      <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
      <BackToTop />
    </Box>
  );
}
