import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { seriesInfoQuery, useUpdateSeriesInfo } from './api/node-editors-api';
import { PanelState, formatDateTime } from './components/panel-states';
import { checkMetaTags, SUGGESTED_META_TAGS } from './lib/meta-tags';

/**
 * A series' tags (spec "Tags": adults, children, males, females, or the site's own): checked with
 * the domain schema, saved as soon as they change; the server refuses two series of a node with the
 * same protocol and tags (409, shown here).
 */
function SeriesTagsField({
  nodeId,
  seriesId,
  name,
  tags,
}: {
  nodeId: string;
  seriesId: string;
  name: string;
  tags: string[];
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateSeriesInfo(nodeId);
  const [error, setError] = useState<string | null>(null);
  const change = (typed: string[]) => {
    const checked = checkMetaTags(typed);
    if (!checked.ok) {
      setError(t(`node_editor_tags_${checked.error}`));
      return;
    }
    setError(null);
    update.mutate([{ timeSeriesId: seriesId, metaTags: checked.tags }], {
      onSuccess: () => notify(t('node_editor_saved'), 'success'),
      onError: (e) =>
        setError(
          e instanceof ApiError && e.status === 409
            ? t('node_editor_tags_taken')
            : t('node_editor_save_failed'),
        ),
    });
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={SUGGESTED_META_TAGS.filter((tag) => !tags.includes(tag))}
      value={tags}
      disabled={update.isPending}
      onChange={(_e, value) => change(value)}
      sx={{ mt: 1, maxWidth: 520 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('node_editor_tags')}
          error={error !== null}
          helperText={error ?? t('node_editor_tags_help')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': `${t('node_editor_tags')} ${name}`,
              'data-testid': 'series-tags-input',
            },
          }}
        />
      )}
    />
  );
}

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
          <SeriesTagsField nodeId={nodeId} seriesId={s.timeSeriesId} name={s.name} tags={s.metaTags} />
        </ListItem>
      ))}
    </List>
  );
}
