import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { isDashboardOnly, orderViews } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { useUser } from '../../../lib/session/current-user';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useCreateDashboard, viewsQuery } from '../api/dashboards-api';

/**
 * /dashboard: opens the default dashboard (on the mobile layout the default mobile dashboard first),
 * or the first one; offers to create one when there is none.
 */
export function DashboardsIndexPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const navigate = useNavigate();
  const desktop = useIsDesktop();
  const readOnly = isDashboardOnly(user);
  const views = useQuery(viewsQuery());
  const create = useCreateDashboard({
    onSuccess: (d) => void navigate(paths.dashboard(lang, d.id)),
    onError: (e) => console.error('create dashboard', e),
  });
  if (views.isPending) {
    return (
      <Box sx={{ p: 6, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  const ordered = orderViews(views.data ?? [], { readOnly }).filter((v) => v.kind === 'dashboard');
  const first = (!desktop && ordered.find((v) => v.defaultMobileDashboard)) || ordered[0];
  if (first) return <Navigate to={paths.dashboard(lang, first.id)} replace />;
  return (
    <Box sx={{ p: 6, textAlign: 'center' }} data-testid="dashboards-empty">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('dashboards_none_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t(readOnly ? 'dashboards_none_readonly' : 'dashboards_none_text')}
      </Typography>
      {!readOnly && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => create.mutate({ name: t('new_dashboard_name'), useDefaultTemplate: true })}
          disabled={create.isPending}
        >
          {t('create_dashboard')}
        </Button>
      )}
    </Box>
  );
}
