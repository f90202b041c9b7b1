import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';

/** Single-sign-on layout: the logo and "Loading your account..." with a spinner. */
export function SsoLayout() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
      }}
    >
      <BrandLogo size={40} />
      <CircularProgress size={28} thickness={5} aria-label={t('loading_account')} />
      <Typography color="text.secondary">{t('loading_account')}</Typography>
    </Box>
  );
}
