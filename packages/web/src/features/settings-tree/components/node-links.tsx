import { Link as RouterLink } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OccupancyResetList } from '@footfall/domain';
import type { z } from 'zod';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { useLang } from '../../../lib/use-lang';

type Resets = z.infer<typeof OccupancyResetList>;

/** The node's `occupancy-reset-schedule` (the schedules resetting it or the locations under it). */
export const nodeResetScheduleQuery = (nodeId: string) =>
  queryOptions({
    queryKey: ['occupancyResets', 'node', nodeId] as const,
    queryFn: ({ signal }) =>
      api<Resets>(`/api/OrganizationalTree/occupancy-reset-schedule/${encodeURIComponent(nodeId)}`, {
        signal,
      }).catch((e: unknown) => {
        console.error('occupancy reset schedule', e);
        return [] as Resets;
      }),
  });

/**
 * Below a location's facts: when its occupancy is reset (links to `/settings/occReset` for a
 * superAdmin) and the live view and showtime settings screens.
 */
export function NodeSettingsLinks({ nodeId, superAdmin }: { nodeId: string; superAdmin: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const resets = useQuery(nodeResetScheduleQuery(nodeId));
  const text =
    (resets.data ?? []).length === 0
      ? t('settings_tree_no_reset')
      : (resets.data ?? []).map((r) => r.scheduleDto.time).join(', ');
  return (
    <Stack sx={{ px: 2, pb: 1.5, gap: 0.5 }} data-testid="node-settings-links">
      <Typography variant="body2">
        <Typography component="span" variant="body2" color="text.secondary">
          {t('settings_tree_reset_schedule')}:{' '}
        </Typography>
        <span data-testid="node-reset-schedule">{resets.isPending ? '…' : text}</span>
        {superAdmin && (
          <>
            {' · '}
            <Link component={RouterLink} to={paths.settingsOccReset(lang)}>
              {t('settings_occ_reset')}
            </Link>
          </>
        )}
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.settingsLiveViews(lang)} variant="body2">
          {t('settings_live_views')}
        </Link>
        <Link component={RouterLink} to={paths.settingsEvents(lang)} variant="body2">
          {t('settings_events')}
        </Link>
      </Stack>
    </Stack>
  );
}
