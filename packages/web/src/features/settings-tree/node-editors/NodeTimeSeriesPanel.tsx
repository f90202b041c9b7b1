import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notifications';
import { seriesInfoQuery, useUpdateSeriesInfo } from './api/node-editors-api';
import { PanelState, formatDateTime } from './components/panel-states';

/**
 * The time series of a node and below it (GET /api/TimeSeries/info/{nodeId}): protocol, meta tags,
 * interval, last value received, and whether formulas (the ancestors' totals) use it.
 */
export function NodeTimeSeriesPanel({ nodeId }: { nodeId: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const info = useQuery(seriesInfoQuery(nodeId));
  const update = useUpdateSeriesInfo(nodeId);
  if (info.isPending) return <PanelState state="loading" />;
  if (info.isError) return <PanelState state="error" />;
  if (info.data.length === 0) return <PanelState state="empty" empty={t('node_editor_no_series')} />;
  return (
    <List dense disablePadding aria-label={t('node_editor_time_series')}>
      {info.data.map((s) => (
        <ListItem
          key={s.timeSeriesId}
          divider
          disableGutters
          data-series-id={s.timeSeriesId}
          sx={{ display: 'block' }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography sx={{ fontWeight: 500, flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
              {s.name}
            </Typography>
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={s.usedByFormula}
                  disabled={update.isPending}
                  onChange={(e) =>
                    update.mutate([{ timeSeriesId: s.timeSeriesId, usedByFormula: e.target.checked }], {
                      onSuccess: () => notify(t('node_editor_saved'), 'success'),
                      onError: () => notify(t('node_editor_save_failed'), 'error'),
                    })
                  }
                  slotProps={{ input: { 'aria-label': `${t('node_editor_used_by_formula')} ${s.name}` } }}
                />
              }
              label={t('node_editor_used_by_formula')}
            />
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
            <Chip size="small" label={s.measurementProtocol} />
            {s.metaTags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" label={tag} />
            ))}
            <Typography variant="body2" color="text.secondary">
              {t('node_editor_interval', { seconds: s.intervalSeconds })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {s.lastObservationOccurredOn
                ? t('node_editor_last_value', {
                    value: new Intl.NumberFormat(i18n.language).format(s.lastValue ?? 0),
                    at: formatDateTime(i18n.language, s.lastObservationOccurredOn),
                  })
                : t('node_editor_no_value_yet')}
            </Typography>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
