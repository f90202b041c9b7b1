import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import { alertNameIn, LOCALES } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { useAlertMenuItems } from '../api/alerts-api';
import { when } from './alert-texts';

/**
 * The top bar's menu of recent alerts (spec section 7 "Alert ... menu items"): a bell with the number
 * of open alerts, the newest alerts of the admin's rules, each opening its rule.
 */
export function AlertsMenuButton() {
  const { t } = useTranslation();
  const lang = useLang();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useAlertMenuItems(true);
  const open = data?.openCount ?? 0;
  const label = t('alerts_menu_label', { count: open });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="alerts-menu"
        >
          <Badge badgeContent={open > 99 ? '99+' : open} color="error" invisible={open === 0}>
            <NotificationsActive />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(data?.items ?? []).length === 0 && <MenuItem disabled>{t('alerts_menu_empty')}</MenuItem>}
        {(data?.items ?? []).map((i) => (
          <MenuItem
            key={i.occurrenceId}
            component={RouterLink}
            to={paths.settingsAlert(lang, i.alertId)}
            onClick={() => setAnchor(null)}
          >
            <ListItemText
              primary={`${i.resolvedOn ? '' : '● '}${alertNameIn(i.alertName, i.alertNameKey, lang)} · ${i.nodeName}`}
              secondary={when(i.openedOn, LOCALES[lang])}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem component={RouterLink} to={paths.settingsAlerts(lang)} onClick={() => setAnchor(null)}>
          {t('alerts_menu_all')}
        </MenuItem>
      </Menu>
    </>
  );
}
