import { useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EventSeat from '@mui/icons-material/EventSeatOutlined';
import Groups from '@mui/icons-material/GroupsOutlined';
import Leaderboard from '@mui/icons-material/LeaderboardOutlined';
import SpaceDashboard from '@mui/icons-material/SpaceDashboardOutlined';
import Speed from '@mui/icons-material/SpeedOutlined';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Language, UserCurrent } from '@footfall/domain';
import { viewsQuery } from '../../features/dashboard/api/dashboards-api';
import { MobileHelpButton } from '../../features/mobile/components/mobile-help-dialog';
import { paths } from '../../config/paths';
import { BrandMark } from '../../components/brand-logo';
import { mobileNavEntries, occupancyScreenPath, type MobileNavKey } from '../../lib/access';
import { stripLanguage } from '../../lib/language';
import { useUser } from '../../lib/session/current-user';
import { useLang } from '../../lib/use-lang';
import { areaTitleKey } from './parts/area-title';
import { nextHeaderVisibility } from './parts/mobile-header';
import { SectionMenu } from './parts/section-menu';
import { supportMailto } from './parts/support-mail';
import { UserMenu } from './parts/user-menu';

interface NavEntry {
  label: string;
  icon: ReactNode;
  to: (lang: Language, user: UserCurrent, defaultMobileDashboardId: string | null) => string;
  /** first path segment of the pages the entry stands for */
  segment: string;
}

export const MOBILE_NAV: Record<MobileNavKey, NavEntry> = {
  dashboard: {
    label: 'mobile_title_dashboard',
    icon: <SpaceDashboard />,
    // the default mobile dashboard, else /dashboard
    to: (l, _u, mobileDefault) => (mobileDefault ? paths.dashboard(l, mobileDefault) : paths.dashboards(l)),
    segment: 'dashboard',
  },
  performance: {
    label: 'mobile_title_performance',
    icon: <Speed />,
    to: (l) => paths.performance(l),
    segment: 'performance',
  },
  ranking: {
    label: 'mobile_title_ranking',
    icon: <Leaderboard />,
    to: (l) => paths.ranking(l),
    segment: 'ranking',
  },
  occupancy: {
    label: 'mobile_title_occupancy',
    icon: <Groups />,
    to: (l, u) => occupancyScreenPath(l, u),
    segment: 'liveview',
  },
  showtimes: {
    label: 'mobile_title_showtimes',
    icon: <EventSeat />,
    to: (l) => paths.orgTreeEvent(l),
    segment: 'orgtreeevent',
  },
};

const currentEntry = (pathname: string): MobileNavKey | null => {
  const segment = stripLanguage(pathname).split('/')[1] ?? '';
  const found = (Object.keys(MOBILE_NAV) as MobileNavKey[]).find((k) => MOBILE_NAV[k].segment === segment);
  return found ?? null;
};

/**
 * Mobile layout (below 1246 px): a top bar with the title that hides on scroll down, the page, and
 * the bottom navigation allowed by the user's mobile settings. Header and footer are one tenth of
 * the height each; occupancy-only users have no bottom navigation and 90% content.
 */
export function MobileLayout({ noScroll = false }: { noScroll?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const location = useLocation();
  const [header, setHeader] = useState({ visible: true, lastTop: 0 });
  const scroller = useRef<HTMLDivElement>(null);
  const entries = mobileNavEntries(user);
  const current = currentEntry(location.pathname);
  const views = useQuery({ ...viewsQuery(), enabled: entries.includes('dashboard') });
  const mobileDefault =
    views.data?.find((v) => v.kind === 'dashboard' && v.defaultMobileDashboard)?.id ?? null;
  const title = t(
    current ? MOBILE_NAV[current].label : areaTitleKey(location.pathname, 'mobile_title_dashboard'),
  );

  return (
    <Box
      sx={{
        height: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        overflowX: 'hidden',
      }}
      data-layout="mobile"
    >
      <Box
        component="header"
        data-testid="mobile-header"
        sx={{
          height: header.visible ? '10vh' : 0,
          minHeight: header.visible ? 52 : 0,
          overflow: 'hidden',
          transition: 'height .2s ease, min-height .2s ease',
          bgcolor: 'background.paper',
          borderBottom: header.visible ? 1 : 0,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          px: 2,
          gap: 1.5,
          flex: '0 0 auto',
        }}
      >
        <BrandMark size={28} />
        <Typography variant="h5" component="h1" noWrap sx={{ flex: 1 }}>
          {title}
        </Typography>
        <MobileHelpButton contactHref={supportMailto(t, user, window.location.href)} />
        <SectionMenu user={user} />
        <UserMenu user={user} compact />
      </Box>
      <Box
        ref={scroller}
        component="main"
        data-testid="mobile-content"
        onScroll={(e) => {
          const top = e.currentTarget.scrollTop;
          setHeader((s) => nextHeaderVisibility(s, top));
        }}
        sx={{
          // 80% of the height between header and footer, 90% without the footer (occupancy only)
          flex: 1,
          minHeight: 0,
          overflowY: noScroll ? 'hidden' : 'auto',
          overscrollBehavior: 'contain',
        }}
      >
        <Outlet />
      </Box>
      {entries.length > 0 && (
        <Paper
          component="nav"
          aria-label={t('mobile_navigation')}
          square
          elevation={0}
          sx={{ height: '10vh', minHeight: 56, borderTop: 1, borderColor: 'divider', flex: '0 0 auto' }}
        >
          <BottomNavigation
            showLabels
            value={current}
            sx={{
              height: '100%',
              bgcolor: 'transparent',
              '& .MuiBottomNavigationAction-root': { flex: 1, minWidth: 0, px: 0.25 },
              // labels of several words ("Tableau de bord") wrap on two lines instead of being cut; one
              // long word would still be cut, so the French showtimes tab says "Séances"
              '& .MuiBottomNavigationAction-label, & .MuiBottomNavigationAction-label.Mui-selected': {
                fontSize: 11,
                fontWeight: 600,
                lineHeight: 1.15,
                whiteSpace: 'normal',
                textAlign: 'center',
                maxWidth: '100%',
              },
            }}
            data-testid="bottom-navigation"
          >
            {entries.map((k) => (
              <BottomNavigationAction
                key={k}
                value={k}
                label={t(MOBILE_NAV[k].label)}
                icon={MOBILE_NAV[k].icon}
                component={RouterLink}
                to={MOBILE_NAV[k].to(lang, user, mobileDefault)}
              />
            ))}
          </BottomNavigation>
        </Paper>
      )}
    </Box>
  );
}
