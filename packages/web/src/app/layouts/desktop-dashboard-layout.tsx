import { useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { BackToTop } from '../../components/back-to-top';
import type { Section } from '../../lib/access';
import { TopToolbar } from './parts/top-toolbar';
import { areaSection, areaTitleKey } from './parts/area-title';
import {
  loadPaneState,
  nextPaneState,
  paneWidth,
  savePaneState,
  type PaneState,
} from './parts/left-pane-state';

/** The left pane's content for a given state; the dashboards feature provides the real one. */
export type SidePane = (state: PaneState) => ReactNode;

/**
 * Desktop dashboard layout: top toolbar, the left pane with its three widths (kept in local
 * storage), the page, and the back-to-top button.
 */
export function DesktopDashboardLayout({ sidePane, section }: { sidePane: SidePane; section?: Section }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [pane, setPane] = useState<PaneState>(loadPaneState);
  const width = paneWidth(pane);
  const toggle = () => {
    const next = nextPaneState(pane);
    setPane(next);
    savePaneState(next);
  };
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }} data-layout="desktop">
      <TopToolbar section={section ?? areaSection(pathname)} title={t(areaTitleKey(pathname))} />
      <Box sx={{ display: 'flex', flex: 1, alignItems: 'stretch' }}>
        <Box
          component="aside"
          aria-label={t('side_navigation')}
          data-pane-state={pane}
          sx={{
            width,
            flex: `0 0 ${width}px`,
            position: 'sticky',
            top: 64,
            height: 'calc(100dvh - 64px)',
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            transition: 'width .2s ease, flex-basis .2s ease',
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
          }}
        >
          <Box sx={{ flex: 1, overflow: 'auto' }}>{sidePane(pane)}</Box>
          <Box
            sx={{ borderTop: 1, borderColor: 'divider', p: 1, display: 'flex', justifyContent: 'flex-end' }}
          >
            <Tooltip title={t(pane === 'closed' ? 'pane_expand' : 'pane_collapse')} placement="right">
              <IconButton
                size="small"
                onClick={toggle}
                aria-label={t(pane === 'closed' ? 'pane_expand' : 'pane_collapse')}
              >
                {pane === 'closed' ? <ChevronRight /> : <ChevronLeft />}
              </IconButton>
            </Tooltip>
          </Box>
        </Box>
        <Box component="main" sx={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
      <BackToTop />
    </Box>
  );
}
