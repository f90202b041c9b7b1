import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import ViewQuilt from '@mui/icons-material/ViewQuiltOutlined';
import { useTranslation } from 'react-i18next';
import type { PaneState } from './left-pane-state';

/** The left pane until the dashboards feature fills it: what the Views list and the tree will hold. */
export function SidePanePlaceholder({ state }: { state: PaneState }) {
  const { t } = useTranslation();
  const items = [
    { icon: <ViewQuilt />, title: t('pane_views'), text: t('pane_views_placeholder') },
    { icon: <AccountTree />, title: t('pane_locations'), text: t('pane_locations_placeholder') },
  ];
  if (state !== 'open') {
    return (
      <List sx={{ p: 1 }}>
        {items.map((i) => (
          <Tooltip key={i.title} title={i.title} placement="right">
            <ListItemButton sx={{ justifyContent: state === 'closed' ? 'center' : 'flex-start' }}>
              <ListItemIcon sx={{ minWidth: state === 'closed' ? 0 : 36 }}>{i.icon}</ListItemIcon>
              {state === 'semiClosed' && <ListItemText primary={i.title} />}
            </ListItemButton>
          </Tooltip>
        ))}
      </List>
    );
  }
  return (
    <Box sx={{ p: 2.5, display: 'grid', gap: 2 }}>
      {items.map((i) => (
        <Box
          key={i.title}
          sx={{ p: 2, borderRadius: 3, border: 1, borderColor: 'divider', borderStyle: 'dashed' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
            {i.icon}
            <Typography variant="subtitle1" sx={{ fontWeight: 650, color: 'text.primary' }}>
              {i.title}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.6 }}>
            {i.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
