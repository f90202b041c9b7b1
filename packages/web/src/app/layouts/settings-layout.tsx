import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import Flag from '@mui/icons-material/FlagOutlined';
import History from '@mui/icons-material/HistoryOutlined';
import Menu from '@mui/icons-material/Menu';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import People from '@mui/icons-material/PeopleOutlined';
import VpnKey from '@mui/icons-material/VpnKeyOutlined';
import RestartAlt from '@mui/icons-material/RestartAltOutlined';
import Tv from '@mui/icons-material/TvOutlined';
import EventSeat from '@mui/icons-material/EventSeatOutlined';
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
  liveViews: { label: 'settings_live_views', icon: <Tv />, to: paths.settingsLiveViews },
  events: { label: 'settings_events', icon: <EventSeat />, to: paths.settingsEvents },
  sso: { label: 'settings_sso', icon: <VpnKey />, to: paths.settingsSso },
};

/** Below this width the side menu folds into a drawer opened from a bar above the page. */
const NARROW_QUERY = '(max-width:899.95px)';

/** The menu items the user's roles give (domain policy `settingsMenu`), the current one marked. */
function useSettingsItems() {
  const lang = useLang();
  const user = useUser();
  const here = stripLanguage(useLocation().pathname);
  return settingsMenu(user).map((key) => {
    const item = SETTINGS_ITEMS[key];
    const target = stripLanguage(item.to(lang));
    return { key, ...item, href: item.to(lang), selected: here === target || here.startsWith(`${target}/`) };
  });
}

function SettingsMenuList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const items = useSettingsItems();
  return (
    <List component="div" sx={{ px: 1.25 }} data-testid="settings-menu">
      {items.map((item) => (
        <ListItemButton
          key={item.key}
          component={RouterLink}
          to={item.href}
          selected={item.selected}
          aria-current={item.selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={{ mb: 0.5 }}
        >
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText
            primary={t(item.label)}
            slotProps={{ primary: { sx: { fontWeight: 550, fontSize: 14 } } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

/** At phone width: a bar naming the current page, whose button opens the menu in a drawer. */
function NarrowMenuBar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = useSettingsItems().find((i) => i.selected);
  return (
    <Box
      component="nav"
      aria-label={t('settings_menu')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Button
        startIcon={<Menu />}
        onClick={() => setOpen(true)}
        aria-expanded={open}
        data-testid="settings-menu-button"
      >
        {t('settings_menu')}
      </Button>
      {current && (
        <Typography variant="body2" color="text.secondary" noWrap>
          {t(current.label)}
        </Typography>
      )}
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: SETTINGS_MENU_WIDTH } } }}
      >
        <Typography variant="overline" color="text.secondary" sx={{ display: 'block', px: 2.5, pt: 2.5 }}>
          {t('settings_menu')}
        </Typography>
        <SettingsMenuList onNavigate={() => setOpen(false)} />
      </Drawer>
    </Box>
  );
}

/**
 * Settings layout (spec section 2): toolbar (its settings icon hidden here, as the current section),
 * the 220 px side menu of titled items with icon and path (items by role, the current one marked),
 * the page, and the app's notification bar (NotificationsProvider: 4 s, 10 s above 100 characters).
 * At phone width the menu is a drawer.
 */
export function SettingsLayout() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }} data-layout="settings">
      <TopToolbar section="settings" title={t('nav_settings')} />
      {narrow && <NarrowMenuBar />}
      <Box sx={{ display: 'flex', flex: 1 }}>
        {!narrow && (
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
            <SettingsMenuList />
          </Box>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
