import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Home from '@mui/icons-material/Home';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import Assessment from '@mui/icons-material/AssessmentOutlined';
import ViewQuilt from '@mui/icons-material/ViewQuiltOutlined';
import {
  ellipsis,
  labelCut,
  orderViews,
  viewLabel,
  type PaneState,
  type ViewItemDto,
} from '@footfall/domain';

/**
 * The Views list of the left pane (spec "Desktop left pane"): ordered by name with the default first
 * and the default mobile next, reports hidden for read-only users (a saved report shows its
 * customTitle, the report's defaultTitle below it), labels cut at 100 characters.
 * Clicking the current view, or the dashboard being loaded, does nothing.
 */
export function ViewsList(props: {
  views: readonly ViewItemDto[];
  readOnly: boolean;
  currentId: string | null;
  /** the dashboard being opened, if any */
  loadingId: string | null;
  pane: PaneState;
  hrefOf(v: ViewItemDto): string;
}) {
  const { t } = useTranslation();
  const ordered = orderViews(props.views, { readOnly: props.readOnly });
  const cut = labelCut('view', props.pane) ?? 100;
  return (
    <List component="nav" dense aria-label={t('pane_views')} data-testid="views-list">
      {ordered.map((v) => {
        const current = v.id === props.currentId;
        const inert = current || v.id === props.loadingId;
        const icon = v.defaultDashboard ? (
          <Home fontSize="small" aria-label={t('view_default')} />
        ) : v.defaultMobileDashboard ? (
          <PhoneIphone fontSize="small" aria-label={t('view_default_mobile')} />
        ) : v.kind === 'report' ? (
          <Assessment fontSize="small" aria-label={t('view_report')} />
        ) : (
          <ViewQuilt fontSize="small" />
        );
        // a saved report shows its custom title, with the report it is (defaultTitle) below it
        const title = viewLabel(v);
        const label = props.pane === 'closed' ? '' : ellipsis(title, cut);
        const secondary =
          props.pane === 'open' && v.kind === 'report' && v.defaultTitle && v.defaultTitle !== title
            ? v.defaultTitle
            : undefined;
        const button = (
          <ListItemButton
            key={v.id}
            component={RouterLink}
            to={props.hrefOf(v)}
            selected={current}
            aria-current={current ? 'page' : undefined}
            data-view-id={v.id}
            onClick={(e: React.MouseEvent) => inert && e.preventDefault()}
            sx={{
              borderRadius: 1.5,
              mx: 1,
              justifyContent: props.pane === 'closed' ? 'center' : 'flex-start',
            }}
          >
            <ListItemIcon sx={{ minWidth: props.pane === 'closed' ? 0 : 34 }}>{icon}</ListItemIcon>
            {label && (
              <ListItemText
                primary={label}
                secondary={secondary}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            )}
          </ListItemButton>
        );
        return props.pane === 'open' ? (
          button
        ) : (
          <Tooltip
            key={v.id}
            title={v.kind === 'report' && v.defaultTitle ? `${title} (${v.defaultTitle})` : title}
            placement="right"
          >
            {button}
          </Tooltip>
        );
      })}
    </List>
  );
}
