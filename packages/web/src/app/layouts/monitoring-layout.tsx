import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumberOutlined';
import Memory from '@mui/icons-material/MemoryOutlined';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Menu from '@mui/icons-material/Menu';
import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import { useTranslation } from 'react-i18next';
import type { Language } from '@footfall/domain';
import { paths } from '../../config/paths';
import { BrandLogo, BrandMark } from '../../components/brand-logo';
import { monitoringMenu, type MonitoringMenuKey } from '../../lib/access';
import { stripLanguage } from '../../lib/language';
import { useUser } from '../../lib/session/current-user';
import { useIsDesktop } from '../../lib/use-is-desktop';
import { useLang } from '../../lib/use-lang';
import { TopToolbar } from './parts/top-toolbar';
import { MonitoringTreePane } from '../../features/monitoring/components/monitoring-tree-pane';

const ITEMS: Record<MonitoringMenuKey, { label: string; icon: ReactNode; to: (l: Language) => string }> = {
  tickets: { label: 'monitoring_tickets', icon: <ConfirmationNumber />, to: paths.monitoringTickets },
  devices: { label: 'monitoring_devices', icon: <Memory />, to: paths.monitoringDevices },
  incidents: { label: 'monitoring_incidents', icon: <ReportProblem />, to: paths.monitoringIncidents },
};
const OPEN = 264;
const COLLAPSED = 72;

/**
 * Monitoring layout: a collapsible side bar with the menu (by role) and, on the tickets page only,
 * the location tree; the toolbar sits inline above the page.
 */
export function MonitoringLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const here = stripLanguage(useLocation().pathname);
  const isDesktop = useIsDesktop();
  // narrow screens start with the bar collapsed; opened, it lies over the page instead of pushing it
  const [open, setOpen] = useState(isDesktop);
  const overlay = open && !isDesktop;
  const width = open ? OPEN : COLLAPSED;
  const onTickets = here === '/monitoring/tickets' || here === '/monitoring' || here === '/monitoring/';
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex' }} data-layout="monitoring">
      {overlay && (
        <Box
          onClick={() => setOpen(false)}
          sx={{ position: 'fixed', inset: 0, bgcolor: 'rgba(0,0,0,.4)', zIndex: (th) => th.zIndex.drawer }}
        />
      )}
      {overlay && <Box sx={{ flex: `0 0 ${COLLAPSED}px` }} />}
      {/* the column paints the bar's background down the whole page; the bar inside stays in view */}
      <Box
        data-testid="monitoring-sidebar"
        sx={{
          width,
          flex: `0 0 ${width}px`,
          alignSelf: 'stretch',
          transition: 'width .2s ease, flex-basis .2s ease',
          bgcolor: '#0F1F4B',
          ...(overlay
            ? { position: 'fixed', left: 0, top: 0, height: '100dvh', zIndex: (th) => th.zIndex.drawer + 2 }
            : {}),
        }}
      >
        <Box
          component="aside"
          sx={{
            color: '#fff',
            position: 'sticky',
            top: 0,
            height: '100dvh',
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
          }}
        >
          <Box
            sx={{
              height: 64,
              display: 'flex',
              alignItems: 'center',
              px: 2,
              gap: 1,
              justifyContent: open ? 'space-between' : 'center',
            }}
          >
            <Box
              component={RouterLink}
              to={paths.home(lang)}
              aria-label={t('home_link')}
              sx={{ display: 'flex', textDecoration: 'none' }}
            >
              {open ? <BrandLogo size={28} inverted /> : <BrandMark size={28} inverted />}
            </Box>
            {open && (
              <IconButton
                size="small"
                onClick={() => setOpen(false)}
                aria-label={t('pane_collapse')}
                sx={{ color: 'rgba(255,255,255,.7)' }}
              >
                <MenuOpen />
              </IconButton>
            )}
          </Box>
          {!open && (
            <IconButton
              onClick={() => setOpen(true)}
              aria-label={t('pane_expand')}
              sx={{ color: 'rgba(255,255,255,.7)', alignSelf: 'center', mb: 1 }}
            >
              <Menu />
            </IconButton>
          )}
          <Typography
            variant="overline"
            sx={{ px: 2.5, color: 'rgba(255,255,255,.5)', display: open ? 'block' : 'none' }}
          >
            {t('nav_monitoring')}
          </Typography>
          <List
            sx={{ px: 1.25 }}
            component="nav"
            aria-label={t('monitoring_menu')}
            data-testid="monitoring-menu"
          >
            {monitoringMenu(user).map((key) => {
              const item = ITEMS[key];
              const target = stripLanguage(item.to(lang));
              const selected =
                here === target || here.startsWith(`${target}/`) || (key === 'tickets' && onTickets);
              return (
                <Tooltip key={key} title={open ? '' : t(item.label)} placement="right">
                  <ListItemButton
                    component={RouterLink}
                    to={item.to(lang)}
                    onClick={() => !isDesktop && setOpen(false)}
                    selected={selected}
                    aria-current={selected ? 'page' : undefined}
                    aria-label={t(item.label)}
                    sx={{
                      mb: 0.5,
                      color: 'rgba(255,255,255,.8)',
                      justifyContent: open ? 'flex-start' : 'center',
                      '& .MuiListItemIcon-root': { color: 'rgba(255,255,255,.7)', minWidth: open ? 36 : 0 },
                      '&.Mui-selected': { bgcolor: 'rgba(255,255,255,.12)', color: '#fff' },
                      '&.Mui-selected .MuiListItemIcon-root': { color: '#7FF3E6' },
                      '&.Mui-selected:hover': { bgcolor: 'rgba(255,255,255,.16)' },
                    }}
                  >
                    <ListItemIcon>{item.icon}</ListItemIcon>
                    {open && <ListItemText primary={t(item.label)} />}
                  </ListItemButton>
                </Tooltip>
              );
            })}
          </List>
          {onTickets && open && <MonitoringTreePane />}
        </Box>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopToolbar section="monitoring" title={t('nav_monitoring')} inline />
        <Box component="main" sx={{ flex: 1 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
