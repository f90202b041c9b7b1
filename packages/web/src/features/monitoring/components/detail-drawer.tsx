import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';

/** The right-hand drawer of a ticket or incident: full width on a phone, 520 px on a desktop. */
export function DetailDrawer(props: { open: boolean; onClose(): void; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      // above the toolbars (app bars sit at drawer + 1)
      sx={{ zIndex: (th) => th.zIndex.drawer + 2 }}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 520 } },
          'aria-label': props.title,
          role: 'dialog',
          'data-testid': 'monitoring-drawer',
        } as object,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2.5,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1 }} noWrap>
          {props.title}
        </Typography>
        <IconButton onClick={props.onClose} aria-label={t('monitoring_close_panel')}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ p: 2.5, display: 'grid', gap: 2.5 }}>{props.children}</Box>
    </Drawer>
  );
}
