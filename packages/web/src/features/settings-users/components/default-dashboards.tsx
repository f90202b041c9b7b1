import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notifications';
import { userDashboardsQuery, useSetDefaultDashboard } from '../api/users-api';
import { serverErrorText } from '../lib/server-error';

/**
 * The user's default and mobile-default dashboards, among their own; a choice applies at once, and
 * "None" leaves the user without one (they open their first dashboard).
 */
export function DefaultDashboards({ userId, disabled }: { userId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { data: views = [] } = useQuery(userDashboardsQuery(userId));
  const setDefault = useSetDefaultDashboard(userId);
  const choose = (dashboardId: string | null, mobile: boolean) =>
    setDefault.mutate(
      { dashboardId, mobile },
      {
        onSuccess: () => notify(t('settings_users_default_saved'), 'success'),
        onError: (e) => notify(serverErrorText(t, e), 'error'),
      },
    );
  if (views.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('settings_users_no_dashboards')}
      </Typography>
    );
  return (
    <Stack spacing={2}>
      {([false, true] as const).map((mobile) => (
        <TextField
          key={String(mobile)}
          select
          label={t(mobile ? 'settings_users_default_mobile_dashboard' : 'settings_users_default_dashboard')}
          value={views.find((v) => (mobile ? v.defaultMobileDashboard : v.defaultDashboard))?.id ?? ''}
          onChange={(e) => choose(e.target.value || null, mobile)}
          disabled={disabled || setDefault.isPending}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('settings_users_no_default')}</MenuItem>
          {views.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.name}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
