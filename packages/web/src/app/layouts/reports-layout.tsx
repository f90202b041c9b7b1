import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { BackToTop } from '../../components/back-to-top';
import { TopToolbar } from './parts/top-toolbar';

/** Reports layout: the toolbar (settings, dashboard, monitoring and support buttons) above the report. */
export function ReportsLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }} data-layout="reports">
      <TopToolbar section="reports" title={t('nav_reports')} />
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <BackToTop />
    </Box>
  );
}
