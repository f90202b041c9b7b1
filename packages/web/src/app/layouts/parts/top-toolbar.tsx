import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MoreVert from '@mui/icons-material/MoreVert';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumberOutlined';
import SupportAgent from '@mui/icons-material/SupportAgentOutlined';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { BrandLogo } from '../../../components/brand-logo';
import { showsTicketButton, ticketBadgeText, toolbarSections, type Section } from '../../../lib/access';
import { SECTIONS } from './sections';
import { useUser } from '../../../lib/session/current-user';
import { useLang } from '../../../lib/use-lang';
import { supportMailto } from './support-mail';
import { useOpenTicketCount } from '../../../features/monitoring/api/open-tickets-api';
import { UserMenu } from './user-menu';
import { AlertsMenuButton } from '../../../features/alerts/components/alerts-menu-button';

/** Open-tickets button with its badge (hidden at zero, 99+ above 99). */
function TicketButton() {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: count } = useOpenTicketCount(true);
  const text = ticketBadgeText(count);
  // the accessible name holds the badge's visible text (WCAG 2.5.3 label in name)
  const label = text ? t('monitoring_badge_label', { count: text }) : t('open_tickets');
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={paths.monitoringTickets(lang)} aria-label={label}>
        <Badge badgeContent={text} color="error" invisible={!text} data-testid="ticket-badge">
          <ConfirmationNumber />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** Below this width the section links and support fold into a "more" menu, so the user menu stays on screen. */
const NARROW_TOOLBAR_QUERY = '(max-width:599.95px)';

/** The section links and the support link folded into one menu button (phones). */
function FoldedSections({ section, supportHref }: { section: Section; supportHref: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('toolbar_more')}>
        <IconButton
          aria-label={t('toolbar_more')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'toolbar-more-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="toolbar-more"
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu id="toolbar-more-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        {toolbarSections(user, section).map((s) => (
          <MenuItem
            key={s}
            component={RouterLink}
            to={SECTIONS[s].to(lang)}
            onClick={close}
            data-testid={`toolbar-${s}`}
          >
            <ListItemIcon>{SECTIONS[s].icon}</ListItemIcon>
            <ListItemText>{t(SECTIONS[s].label)}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem component="a" href={supportHref} onClick={close}>
          <ListItemIcon>
            <SupportAgent />
          </ListItemIcon>
          <ListItemText>{t('support')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * The top toolbar of the desktop layouts: section icons (the current one hidden, settings for
 * admins), the tickets button, support and the user menu.
 */
export function TopToolbar({
  section,
  title,
  inline = false,
}: {
  section: Section;
  title?: string;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const location = useLocation();
  const pageUrl = `${window.location.origin}${location.pathname}${location.search}`;
  const supportHref = supportMailto(t, user, pageUrl);
  const narrow = useMediaQuery(NARROW_TOOLBAR_QUERY);
  return (
    <AppBar position={inline ? 'static' : 'sticky'} sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 64 }, overflowX: 'auto' }} data-testid="top-toolbar">
        {!inline && (
          <Box
            component={RouterLink}
            to={paths.home(lang)}
            aria-label={t('home_link')}
            sx={{ display: 'flex', textDecoration: 'none', mr: narrow ? 0.5 : 2 }}
          >
            <BrandLogo size={30} />
          </Box>
        )}
        {title && !inline && !narrow && <Divider orientation="vertical" flexItem sx={{ my: 2, mr: 1 }} />}
        {/* on phones the page's own bar names the area; the title would only be cut */}
        {title && !narrow && (
          <Typography variant="h5" component="div" noWrap sx={{ fontWeight: 650, minWidth: 0 }}>
            {title}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {narrow ? (
          <FoldedSections section={section} supportHref={supportHref} />
        ) : (
          <Box component="nav" aria-label={t('sections')} sx={{ display: 'flex', gap: 0.5 }}>
            {toolbarSections(user, section).map((s) => (
              <Tooltip key={s} title={t(SECTIONS[s].label)}>
                <IconButton
                  component={RouterLink}
                  to={SECTIONS[s].to(lang)}
                  aria-label={t(SECTIONS[s].label)}
                  data-testid={`toolbar-${s}`}
                >
                  {SECTIONS[s].icon}
                </IconButton>
              </Tooltip>
            ))}
          </Box>
        )}
        {showsTicketButton(user) && <AlertsMenuButton />}
        {showsTicketButton(user) && <TicketButton />}
        {!narrow && (
          <Tooltip title={t('support')}>
            <IconButton component="a" href={supportHref} aria-label={t('support')}>
              <SupportAgent />
            </IconButton>
          </Tooltip>
        )}
        <Divider orientation="vertical" flexItem sx={{ mx: narrow ? 0.5 : 1, my: 1.5 }} />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
