import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import Flag from '@mui/icons-material/FlagOutlined';
import History from '@mui/icons-material/HistoryOutlined';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import People from '@mui/icons-material/PeopleOutlined';
import RestartAlt from '@mui/icons-material/RestartAltOutlined';
import { useTranslation } from 'react-i18next';
import { SETTINGS_MENU_WIDTH, type Language } from '@footfall/domain';
import { paths } from '../../config/paths';
import { settingsMenu, type SettingsMenuKey } from '../../lib/access';
import { stripLanguage } from '../../lib/language';
import { useUser } from '../../lib/session/current-user';
import { useLang } from '../../lib/use-lang';
import { TopToolbar } from './parts/top-toolbar';

export const SETTINGS_ITEMS: Record<
  SettingsMenuKey,
  { label: string; icon: ReactNode; to: (l: Language) => string }
> = {
  tree: { label: 'settings_tree', icon: <AccountTree />, to: paths.settingsTree },
  users: { label: 'settings_users', icon: <People />, to: paths.settingsUsers },
  alerts: { label: 'settings_alerts', icon: <NotificationsActive />, to: paths.settingsAlerts },
  logs: { label: 'settings_logs', icon: <History />, to: paths.settingsLogs },
  objectives: { label: 'settings_objectives', icon: <Flag />, to: paths.settingsObjectives },
  imports: { label: 'settings_imports', icon: <CloudUpload />, to: paths.settingsImports },
  occReset: { label: 'settings_occ_reset', icon: <RestartAlt />, to: paths.settingsOccReset },
};

/** Settings layout: toolbar, the 220 px side menu (items by role, current one marked), the page. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const here = stripLanguage(useLocation().pathname);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }} data-layout="settings">
      <TopToolbar section="settings" title={t('nav_settings')} />
      <Box sx={{ display: 'flex', flex: 1 }}>
        <Box
          component="nav"
          aria-label={t('settings_menu')}
          sx={{
            width: SETTINGS_MENU_WIDTH,
            flex: `0 0 ${SETTINGS_MENU_WIDTH}px`,
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            position: 'sticky',
            top: 64,
            alignSelf: 'flex-start',
            height: 'calc(100dvh - 64px)',
            overflowY: 'auto',
          }}
        >
          <Typography variant="overline" color="text.secondary" sx={{ display: 'block', px: 2.5, pt: 2.5 }}>
            {t('settings_menu')}
          </Typography>
          <List component="nav" aria-label={t('settings_menu')} sx={{ px: 1.25 }} data-testid="settings-menu">
            {settingsMenu(user).map((key) => {
              const item = SETTINGS_ITEMS[key];
              const target = stripLanguage(item.to(lang));
              const selected = here === target || here.startsWith(`${target}/`);
              return (
                <ListItemButton
                  key={key}
                  component={RouterLink}
                  to={item.to(lang)}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  sx={{ mb: 0.5 }}
                >
                  <ListItemIcon>{item.icon}</ListItemIcon>
                  <ListItemText
                    primary={t(item.label)}
                    slotProps={{ primary: { sx: { fontWeight: 550, fontSize: 14 } } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        </Box>
        <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
