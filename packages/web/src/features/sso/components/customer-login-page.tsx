import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { NotFoundPage } from '../../../components/error-pages';
import { ApiError } from '../../../lib/api-client';
import { isLocalPath } from '../../../lib/language';
import { useLang } from '../../../lib/use-lang';
import { publicSignInQuery, startSignIn } from '../api/sso-api';

/** The sign-in failures the pages explain (`error` of the server's answer), else a generic message. */
export const ssoErrorKey = (error: unknown): string => {
  const code = error instanceof ApiError ? error.body?.error : undefined;
  switch (code) {
    case 'sso_provider_unreachable':
    case 'sso_state_invalid':
    case 'sso_response_refused':
    case 'sso_provider_error':
    case 'sso_user_not_allowed':
    case 'sso_disabled':
      return `sso_error_${code.slice(4)}`;
    default:
      return 'sso_error_generic';
  }
};

/**
 * A customer-specific sign-in page (`/login/<slug>`, spec section 1): the customer's logo, colours
 * and texts from its configuration, and one button that starts the sign-in at its identity provider.
 * When the provider cannot be reached the page says so and stays usable.
 */
export function CustomerLoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { customer = '' } = useParams();
  const [params] = useSearchParams();
  const page = useQuery(publicSignInQuery(customer));
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  usePageTitle(page.data?.branding.title[lang] || page.data?.name || t('login_title'));

  if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundPage />;

  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      const redirect = params.get('redirect');
      const { authorizationUrl } = await startSignIn(
        customer,
        lang,
        isLocalPath(redirect) ? redirect : paths.home(lang),
      );
      window.location.assign(authorizationUrl);
    } catch (e) {
      setFailure(e);
      setStarting(false);
    }
  };

  if (page.isPending)
    return (
      <Box aria-busy="true">
        <Skeleton variant="rectangular" height={56} width={160} sx={{ mb: 3 }} />
        <Skeleton height={48} />
        <Skeleton height={24} sx={{ mb: 3 }} />
        <Skeleton variant="rectangular" height={48} />
      </Box>
    );

  const b = page.data?.branding;
  const title = b?.title[lang] || page.data?.name || t('login_title');
  return (
    <Box
      component="section"
      aria-labelledby="customer-sign-in-title"
      sx={
        b
          ? {
              borderTop: `6px solid ${b.primaryColor}`,
              bgcolor: b.backgroundColor,
              borderRadius: 2,
              p: { xs: 2.5, sm: 4 },
            }
          : undefined
      }
    >
      {b?.logoUrl && (
        <Box
          component="img"
          src={b.logoUrl}
          alt={page.data?.name ?? ''}
          sx={{ maxHeight: 64, maxWidth: 240, mb: 3, display: 'block' }}
        />
      )}
      <Typography id="customer-sign-in-title" variant="h2" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {b?.welcome[lang] && (
        <Typography color="text.secondary" sx={{ lineHeight: 1.6, mb: 3 }}>
          {b.welcome[lang]}
        </Typography>
      )}
      {(page.isError || failure !== null) && (
        <Alert severity="error" role="alert" sx={{ mb: 2.5 }}>
          {t(ssoErrorKey(failure ?? page.error))}
        </Alert>
      )}
      {page.data && (
        <Button
          variant="contained"
          size="large"
          fullWidth
          loading={starting}
          onClick={() => void start()}
          sx={{
            bgcolor: b!.primaryColor,
            '&:hover': { bgcolor: b!.primaryColor, filter: 'brightness(0.9)' },
          }}
        >
          {b!.buttonLabel[lang] || t('sso_sign_in_with', { name: page.data.name })}
        </Button>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login(lang)} variant="body2" underline="hover">
          {t('sso_password_sign_in')}
        </Link>
      </Box>
    </Box>
  );
}
