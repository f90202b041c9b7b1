import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
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
  return (
    <AppBar position={inline ? 'static' : 'sticky'} sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 64 }, overflowX: 'auto' }} data-testid="top-toolbar">
        {!inline && (
          <Box
            component={RouterLink}
            to={paths.home(lang)}
            aria-label={t('home_link')}
            sx={{ display: 'flex', textDecoration: 'none', mr: 2 }}
          >
            <BrandLogo size={30} />
          </Box>
        )}
        {title && !inline && <Divider orientation="vertical" flexItem sx={{ my: 2, mr: 1 }} />}
        {title && (
          <Typography variant="h5" component="div" noWrap sx={{ fontWeight: 650 }}>
            {title}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
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
        {showsTicketButton(user) && <AlertsMenuButton />}
        {showsTicketButton(user) && <TicketButton />}
        <Tooltip title={t('support')}>
          <IconButton component="a" href={supportMailto(t, user, pageUrl)} aria-label={t('support')}>
            <SupportAgent />
          </IconButton>
        </Tooltip>
        <Divider orientation="vertical" flexItem sx={{ mx: 1, my: 1.5 }} />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
