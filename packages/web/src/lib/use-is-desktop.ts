import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '@footfall/domain';

/** Desktop layout from 1246 px of width; narrower windows get the mobile layout. */
export const DESKTOP_QUERY = `(min-width:${MOBILE_BREAKPOINT_PX}px)`;
export const useIsDesktop = () => useMediaQuery(DESKTOP_QUERY, { noSsr: true });
