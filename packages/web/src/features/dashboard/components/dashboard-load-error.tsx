import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ApiError } from '../../../lib/api-client';
import { ErrorFrame } from '../../../components/error-pages';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';

/**
 * A dashboard that could not be read. Another user's dashboard, or one deleted, answers 404: the
 * not-found page with a way back to the user's own dashboards. Any other failure offers a reload.
 */
export function DashboardLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notFound = error instanceof ApiError && error.status === 404;
  const mine = (
    <Button component={RouterLink} to={paths.dashboards(lang)} variant="contained" size="large">
      {t('dashboard_my_dashboards')}
    </Button>
  );
  if (notFound) {
    return (
      <ErrorFrame
        embedded
        code={404}
        title={t('not_found_title')}
        message={t('dashboard_not_found_message')}
        action={mine}
      />
    );
  }
  return (
    <ErrorFrame
      embedded
      code={error instanceof ApiError ? error.status : 500}
      title={t('error_title')}
      message={t('dashboard_load_error')}
      action={
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          <Button variant="outlined" size="large" onClick={() => window.location.reload()}>
            {t('reload')}
          </Button>
          {mine}
        </Box>
      }
    />
  );
}
