import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import { DEVICE_STATUSES, type DeviceHealth, type DeviceStatus } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { Chart } from '../../../components/charts/chart';
import { useDebounced } from '../../../components/tree-selector/tree-view';
import { useNotify } from '../../../components/notifications';
import { usePageTitle } from '../../../components/page-title';
import { useLang } from '../../../lib/use-lang';
import { devicesQuery, useRefreshDevices } from '../api/devices-api';
import { sparklineOption } from '../lib/activity-chart';
import { ageText, dateTimeText, percentText } from '../lib/format';
import { DEVICE_STATUS_LABEL, DeviceStatusChip } from './monitoring-chips';
import { ResponsiveList, type Column } from './responsive-list';

/**
 * /monitoring/devices (superAdmin, deviceManagerAdmin): every device in scope with its status, last
 * data, completeness today and over 7 days (sparkline), firmware, serial, MAC and location; filter by
 * status, search by name, MAC or serial, and refresh (recompute the health from the stored data).
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const notify = useNotify();
  usePageTitle(t('monitoring_devices_title'));
  const [status, setStatus] = useState<DeviceStatus | ''>('');
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const query = useQuery({
    ...devicesQuery({ status: status || undefined, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
  const refresh = useRefreshDevices();
  const counts = useMemo(() => {
    const c: Partial<Record<DeviceStatus, number>> = {};
    for (const d of query.data ?? []) c[d.status] = (c[d.status] ?? 0) + 1;
    return c;
  }, [query.data]);

  const columns: Column<DeviceHealth>[] = [
    {
      key: 'name',
      header: t('monitoring_device'),
      primary: true,
      cell: (d) => (
        <Box component="span" sx={{ whiteSpace: { lg: 'nowrap' } }}>
          {d.name}
        </Box>
      ),
    },
    { key: 'status', header: t('monitoring_status'), cell: (d) => <DeviceStatusChip status={d.status} /> },
    {
      key: 'last',
      header: t('monitoring_last_data'),
      cell: (d) =>
        d.lastIntervalAt ? (
          <span title={dateTimeText(d.lastIntervalAt, lang)}>
            {ageText(d.lastIntervalAt, Date.now(), lang)}
          </span>
        ) : (
          t('monitoring_never')
        ),
    },
    {
      key: 'today',
      header: t('monitoring_completeness_today'),
      cell: (d) => percentText(d.completenessToday, lang),
      align: 'right',
    },
    {
      key: '7d',
      header: t('monitoring_completeness_7d'),
      cell: (d) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: { lg: 'flex-end' } }}>
          <Box sx={{ width: 84, height: 24 }} data-testid="sparkline">
            <Chart
              option={sparklineOption(d.completenessDays)}
              label={t('monitoring_sparkline_label', {
                days: d.completenessDays.map((x) => `${x.date} ${percentText(x.ratio, lang)}`).join(', '),
              })}
            />
          </Box>
          <span>{percentText(d.completeness7d, lang)}</span>
        </Box>
      ),
      align: 'right',
    },
    {
      key: 'hardware',
      header: t('monitoring_hardware'),
      cell: (d) => (
        <>
          <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
            {d.macAddress ?? '—'}
          </Box>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
            {t('monitoring_serial_firmware', { serial: d.serialNumber ?? '—', firmware: d.firmware ?? '—' })}
          </Typography>
        </>
      ),
    },
    { key: 'location', header: t('monitoring_location'), cell: (d) => d.locationName ?? '—' },
    {
      key: 'incidents',
      header: t('monitoring_open_incidents'),
      cell: (d) => d.openIncidents,
      align: 'right',
    },
  ];

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1600, mx: 'auto' }} data-testid="monitoring-devices">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('monitoring_devices_title')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}>
        <TextField
          size="small"
          placeholder={t('monitoring_device_search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ minWidth: 240, flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
          slotProps={{
            htmlInput: { 'aria-label': t('monitoring_device_search'), maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          data-testid="device-search"
        />
        <TextField
          select
          size="small"
          label={t('monitoring_status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as DeviceStatus | '')}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="device-status-filter"
        >
          <MenuItem value="">{t('monitoring_all')}</MenuItem>
          {DEVICE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(DEVICE_STATUS_LABEL[s])}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<Refresh />}
          disabled={refresh.isPending}
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: (r) => notify(t('monitoring_refreshed', { count: r.devices }), 'success'),
              onError: () => notify(t('monitoring_action_failed'), 'error'),
            })
          }
          data-testid="devices-refresh"
        >
          {t('refresh')}
        </Button>
      </Stack>
      {query.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="devices-summary">
          {t('monitoring_devices_summary', {
            count: query.data.length,
            online: counts.online ?? 0,
            offline: counts.offline ?? 0,
            late: counts.late ?? 0,
          })}
        </Typography>
      )}
      <Box sx={{ height: 4, mb: 1 }}>
        {(query.isFetching || refresh.isPending) && <LinearProgress aria-label={t('loading')} />}
      </Box>
      {query.isError && <Alert severity="error">{t('request_failed')}</Alert>}
      <ResponsiveList
        rows={query.data}
        rowKey={(d) => d.deviceId}
        columns={columns}
        empty={t('monitoring_no_devices')}
        onOpen={(d) => navigate(paths.monitoringDevice(lang, d.deviceId))}
        rowHref={(d) => paths.monitoringDevice(lang, d.deviceId)}
        testId="device-row"
      />
    </Box>
  );
}
