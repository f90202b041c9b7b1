import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { INCIDENT_HISTORY_PAGE_SIZE, type DeviceDetail } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { Chart } from '../../../components/charts/chart';
import { usePageTitle } from '../../../components/page-title';
import { useLang } from '../../../lib/use-lang';
import { deviceActivityQuery, deviceQuery } from '../api/devices-api';
import { incidentsQuery } from '../api/incidents-api';
import { activityChartOption } from '../lib/activity-chart';
import { localDatesBack } from '../lib/local-dates';
import { dateTimeText, percentText } from '../lib/format';
import { DetailDrawer } from './detail-drawer';
import { Pager } from './pager';
import { IncidentActions } from './incident-actions';
import { Fact, IncidentSummary } from './incident-summary';
import { DeviceStatusChip } from './monitoring-chips';
import { IncidentList } from './tickets-page';
import { TicketDetailView } from './ticket-detail';

/**
 * /monitoring/devices/{deviceId} (superAdmin, deviceManagerAdmin): identity and health, the activity
 * chart (in/out per local hour, gaps shaded), the status history, the incidents history (10 a page)
 * and the device's series. An unknown device, or one outside the scope, says so.
 */
export function DevicePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { deviceId = '' } = useParams();
  const query = useQuery(deviceQuery(deviceId));
  usePageTitle(query.data?.name ?? t('monitoring_device'));
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1400, mx: 'auto' }} data-testid="monitoring-device">
      <Button
        component={RouterLink}
        to={paths.monitoringDevices(lang)}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        {t('monitoring_back_to_devices')}
      </Button>
      {query.isPending && (
        <>
          <Typography variant="h4" component="h1">
            {t('monitoring_device')}
          </Typography>
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        </>
      )}
      {query.isError && (
        <>
          <Typography variant="h4" component="h1">
            {t('monitoring_device')}
          </Typography>
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="device-not-found">
            {t('monitoring_device_not_found')}
          </Alert>
        </>
      )}
      {query.data && <DeviceBody device={query.data} />}
    </Box>
  );
}

const PERIODS = [1, 7, 31] as const;

function DeviceBody({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {device.name}
        </Typography>
        <DeviceStatusChip status={device.status} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card title={t('monitoring_identity')}>
          <Fact label={t('monitoring_mac')}>{device.macAddress ?? '—'}</Fact>
          <Fact label={t('monitoring_serial')}>{device.serialNumber ?? '—'}</Fact>
          <Fact label={t('monitoring_firmware')}>{device.firmware ?? '—'}</Fact>
          <Fact label={t('monitoring_location')}>{device.locationName ?? '—'}</Fact>
          <Fact label={t('monitoring_client_group')}>{device.clientGroupName ?? '—'}</Fact>
          <Fact label={t('monitoring_time_zone')}>{device.timeZone}</Fact>
        </Card>
        <Card title={t('monitoring_health')}>
          <Fact label={t('monitoring_last_interval')}>{dateTimeText(device.lastIntervalAt, lang)}</Fact>
          <Fact label={t('monitoring_last_arrival')}>{dateTimeText(device.lastArrivalAt, lang)}</Fact>
          <Fact label={t('monitoring_completeness_today')}>
            {percentText(device.completenessToday, lang)}
          </Fact>
          <Fact label={t('monitoring_completeness_7d')}>{percentText(device.completeness7d, lang)}</Fact>
          <Fact label={t('monitoring_open_incidents')}>{device.openIncidents}</Fact>
        </Card>
      </Box>
      <ActivityCard device={device} />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card title={t('monitoring_status_history')}>
          {device.statusHistory.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('monitoring_no_status_history')}
            </Typography>
          )}
          <Box
            component="ol"
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
            data-testid="status-history"
          >
            {device.statusHistory.map((s, i) => (
              <Box
                component="li"
                key={i}
                sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <DeviceStatusChip status={s.status} />
                <Typography variant="body2" color="text.secondary">
                  {dateTimeText(s.from, lang)} → {s.to ? dateTimeText(s.to, lang) : t('monitoring_now')}
                </Typography>
              </Box>
            ))}
          </Box>
        </Card>
        <Card title={t('monitoring_series')}>
          {device.series.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('monitoring_no_series')}
            </Typography>
          )}
          {device.series.map((s) => (
            <Fact key={s.id} label={s.measurementProtocol}>
              {t('monitoring_series_interval', { seconds: s.intervalSeconds })}
              {s.metaTags.length > 0 ? ` · ${s.metaTags.join(', ')}` : ''}
            </Fact>
          ))}
        </Card>
      </Box>
      <IncidentHistory device={device} />
    </Stack>
  );
}

function Card({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function ActivityCard({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(7);
  const { from, to } = localDatesBack(device.timeZone, days, Date.now());
  const query = useQuery({
    ...deviceActivityQuery(device.deviceId, from, to),
    placeholderData: keepPreviousData,
  });
  const labels = { in: t('monitoring_in'), out: t('monitoring_out'), gap: t('monitoring_gap') };
  const gaps = query.data?.gaps ?? [];
  const missing = gaps.reduce((s, g) => s + g.missingMinutes, 0);
  return (
    <Card
      title={t('monitoring_activity')}
      action={
        <TextField
          select
          size="small"
          label={t('monitoring_period')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value) as (typeof PERIODS)[number])}
          sx={{ minWidth: 150 }}
          data-testid="activity-period"
        >
          {PERIODS.map((d) => (
            <MenuItem key={d} value={d}>
              {t('monitoring_last_days', { count: d })}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {query.isError && <Alert severity="error">{t('request_failed')}</Alert>}
      {query.data && (
        <Typography variant="body2" color="text.secondary" data-testid="activity-gaps">
          {t('monitoring_gaps_summary', { gaps: gaps.length, minutes: missing })}
        </Typography>
      )}
      <Box sx={{ height: 300 }} data-testid="activity-chart">
        {query.data ? (
          <Chart
            option={activityChartOption(query.data, labels)}
            label={t('monitoring_activity_label', { name: device.name })}
          />
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        )}
      </Box>
    </Card>
  );
}

function IncidentHistory({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({
    ...incidentsQuery({ nodeIds: [device.deviceId], limit: INCIDENT_HISTORY_PAGE_SIZE, page }),
    placeholderData: keepPreviousData,
  });
  const selected = query.data?.items.find((i) => i.id === open) ?? null;
  return (
    <Card title={t('monitoring_incident_history')}>
      {query.isError && <Alert severity="error">{t('request_failed')}</Alert>}
      <IncidentList
        incidents={query.data?.items}
        empty={t('monitoring_no_incidents')}
        onOpen={setOpen}
        selectedId={open}
      />
      <Pager
        page={page}
        fullCount={query.data?.fullCount ?? 0}
        pageSize={INCIDENT_HISTORY_PAGE_SIZE}
        onPage={setPage}
        testId="incident-history-pages"
      />
      <DetailDrawer
        open={selected !== null}
        onClose={() => setOpen(null)}
        title={
          selected?.ticketNumber
            ? t('monitoring_ticket_title', { ticket: selected.ticketNumber })
            : t('monitoring_incident')
        }
      >
        {selected?.ticketNumber ? (
          <TicketDetailView ticketNumber={selected.ticketNumber} />
        ) : (
          selected && (
            <>
              <IncidentSummary incident={selected} />
              <IncidentActions incident={selected} />
            </>
          )
        )}
      </DetailDrawer>
    </Card>
  );
}
