import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo';

/**
 * The single-sign-on layout's face (spec section 2): the logo and "Loading your account..." with a
 * spinner; `children` replaces the spinner and the text (a sign-in that failed says why there).
 */
export function AccountLoading({ logo, children }: { logo?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
      }}
    >
      {logo ?? <BrandLogo size={40} />}
      {children ?? (
        <Box role="status" aria-live="polite" sx={{ display: 'contents' }}>
          <CircularProgress size={28} thickness={5} aria-label={t('loading_account')} />
          <Typography color="text.secondary">{t('loading_account')}</Typography>
        </Box>
      )}
    </Box>
  );
}
