import { Outlet } from 'react-router';
import Box from '@mui/material/Box';

/** Plain layout of the live views: the screen alone, full window, for displays at the door. */
export function LiveViewLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default' }} data-layout="live-view">
      <Outlet />
    </Box>
  );
}
