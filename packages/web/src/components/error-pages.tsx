import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useRouteError, isRouteErrorResponse } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { languageOfPath } from '../lib/language';
import { BrandLogo } from './brand-logo';
import { usePageTitle } from './page-title';

/**
 * The frame of the error pages: code, title, message, action. `embedded` draws it inside a layout
 * that already has its main landmark and logo (a page of the app that answered 404).
 */
export function ErrorFrame(props: {
  code: string | number;
  title: string;
  message: ReactNode;
  action: ReactNode;
  embedded?: boolean;
}) {
  usePageTitle(props.title);
  return (
    <Box
      component={props.embedded ? 'section' : 'main'}
      aria-labelledby="error-title"
      sx={{
        minHeight: props.embedded ? 'calc(100dvh - 200px)' : '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 3,
        gap: 2,
        background: 'radial-gradient(1200px 500px at 50% -10%, #E3EAFF 0%, transparent 60%)',
      }}
    >
      {!props.embedded && (
        <Box sx={{ mb: 2 }}>
          <BrandLogo size={36} />
        </Box>
      )}
      <Typography
        aria-hidden="true"
        sx={{
          fontSize: { xs: 88, md: 120 },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.main',
          opacity: 0.9,
        }}
      >
        {props.code}
      </Typography>
      <Typography variant="h2" component="h1" id="error-title">
        {props.title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {props.message}
      </Typography>
      <Box sx={{ mt: 2 }}>{props.action}</Box>
    </Box>
  );
}

export function HomeButton() {
  const { t } = useTranslation();
  const lang = languageOfPath(useLocation().pathname);
  return (
    <Button component={RouterLink} to={paths.home(lang)} variant="contained" size="large">
      {t('back_home')}
    </Button>
  );
}

/** Unknown routes: "This page could not be found", with a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorFrame
      code={404}
      title={t('not_found_title')}
      message={t('not_found_message')}
      action={<HomeButton />}
    />
  );
}

/** The generic error page: the message and a status code that defaults to 500. */
export function ErrorPage({
  status,
  message,
}: {
  status?: number | undefined;
  message?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ErrorFrame
      code={status ?? 500}
      title={t('error_title')}
      message={message || t('error_message')}
      action={
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          <Button variant="outlined" size="large" onClick={() => window.location.reload()}>
            {t('reload')}
          </Button>
          <HomeButton />
        </Box>
      }
    />
  );
}

/** Route error boundary: 404 responses show the not-found page, anything else the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <ErrorPage status={error.status} message={error.statusText} />;
  }
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : undefined;
  return <ErrorPage status={status} message={error instanceof Error ? error.message : undefined} />;
}
