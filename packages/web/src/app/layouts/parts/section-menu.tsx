import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import type { UserCurrent } from '@footfall/domain';
import { mobileNavEntries, toolbarSections, type Section } from '../../../lib/access';
import { useLang } from '../../../lib/use-lang';
import { SECTIONS } from './sections';

/** sections whose page the bottom navigation already offers */
const IN_BOTTOM_NAV: Partial<Record<Section, 'showtimes'>> = { showtimes: 'showtimes' };

/**
 * The mobile layout's section menu (below the 1,246 px desktop width, where the toolbar is gone):
 * the toolbar's sections the user may open - settings, reports, monitoring, live views, showtimes -
 * except the dashboards and what the bottom navigation already shows.
 */
export function SectionMenu({ user }: { user: UserCurrent }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const bottom = mobileNavEntries(user);
  const sections = toolbarSections(user, 'dashboard').filter((s) => {
    const entry = IN_BOTTOM_NAV[s];
    return !entry || !bottom.includes(entry);
  });
  if (sections.length === 0) return null;
  return (
    <>
      <Tooltip title={t('sections')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('sections')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          data-testid="section-menu-button"
        >
          <MenuIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        {sections.map((s) => (
          <MenuItem
            key={s}
            component={RouterLink}
            to={SECTIONS[s].to(lang)}
            onClick={() => setAnchor(null)}
            data-testid={`section-menu-${s}`}
          >
            <ListItemIcon>{SECTIONS[s].icon}</ListItemIcon>
            <ListItemText>{t(SECTIONS[s].label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
