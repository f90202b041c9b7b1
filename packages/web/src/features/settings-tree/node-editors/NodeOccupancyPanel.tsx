import { useEffect, useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UpdateOccupancyConfigBody, type TimeSeriesInfo } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { occupancyConfigQuery, seriesInfoQuery, useSaveOccupancyConfig } from './api/node-editors-api';
import { PanelState } from './components/panel-states';

/**
 * The node's occupancy configuration (/api/Occupancy/config): in and out series among the node's
 * series, and the floor value. Created when the node has none, otherwise updated.
 */
export function NodeOccupancyPanel({ nodeId }: { nodeId: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const config = useQuery(occupancyConfigQuery(nodeId));
  const series = useQuery(seriesInfoQuery(nodeId));
  const save = useSaveOccupancyConfig(nodeId);
  const [ins, setIns] = useState<string[]>([]);
  const [outs, setOuts] = useState<string[]>([]);
  const [floor, setFloor] = useState('0');
  const [floorError, setFloorError] = useState<string | null>(null);

  useEffect(() => {
    setIns(config.data?.timeSeriesInIds ?? []);
    setOuts(config.data?.timeSeriesOutIds ?? []);
    setFloor(String(config.data?.floorValues[0] ?? 0));
    setFloorError(null);
  }, [config.data]);

  if (config.isPending || series.isPending) return <PanelState state="loading" />;
  if (config.isError || series.isError) return <PanelState state="error" />;
  const options = series.data.filter((s) => s.measurementProtocol !== 'Occupancy');
  const byId = new Map(options.map((s) => [s.timeSeriesId, s]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      timeSeriesInIds: ins,
      timeSeriesOutIds: outs,
      floorValues: floor.trim() === '' ? [] : [Number(floor)],
    };
    const parsed = UpdateOccupancyConfigBody.safeParse(body);
    if (!parsed.success || floor.trim() === '') {
      setFloorError(t('node_editor_error_floor'));
      return;
    }
    save.mutate(
      { id: config.data?.id ?? null, body: parsed.data },
      {
        onSuccess: () =>
          notify(t(config.data ? 'node_editor_saved' : 'node_editor_occupancy_created'), 'success'),
        onError: () => notify(t('node_editor_save_failed'), 'error'),
      },
    );
  };

  const picker = (id: string, label: string, value: string[], set: (v: string[]) => void) => (
    <Autocomplete<TimeSeriesInfo, true>
      multiple
      id={id}
      size="small"
      options={options}
      getOptionLabel={(s) => s.name}
      isOptionEqualToValue={(a, b) => a.timeSeriesId === b.timeSeriesId}
      value={value.flatMap((v) => (byId.has(v) ? [byId.get(v)!] : []))}
      onChange={(_, v) => set(v.map((s) => s.timeSeriesId))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('node_editor_occupancy')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {config.data
            ? t('node_editor_occupancy_current', {
                value: new Intl.NumberFormat(i18n.language).format(config.data.occupancyValue),
              })
            : t('node_editor_occupancy_none')}
        </Typography>
        {picker('occupancy-in', t('node_editor_series_in'), ins, setIns)}
        {picker('occupancy-out', t('node_editor_series_out'), outs, setOuts)}
        <TextField
          id="occupancy-floor"
          size="small"
          label={t('node_editor_floor_value')}
          value={floor}
          onChange={(e) => {
            setFloor(e.target.value);
            setFloorError(null);
          }}
          error={Boolean(floorError)}
          helperText={floorError ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 200 }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {config.data ? t('node_editor_save') : t('node_editor_create_occupancy')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
