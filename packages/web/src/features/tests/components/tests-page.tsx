import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOCALES, type LiveFeedMessage, type TimeSeriesInfo } from '@footfall/domain';
import { usePageTitle } from '../../../components/page-title';
import { api, ApiError } from '../../../lib/api-client';
import { useLiveConnection } from '../../../lib/live-hub/use-live-connection';
import type { LiveStatus } from '../../../lib/live-hub/live-connection';
import { tokenStore } from '../../../lib/session/token-store';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';

interface HubMessage {
  at: string;
  event: string;
  detail: string;
}
const MAX_MESSAGES = 100;
const STATUS_COLOR: Record<LiveStatus, 'default' | 'warning' | 'info' | 'success'> = {
  disconnected: 'default',
  connecting: 'info',
  reconnecting: 'warning',
  connected: 'info',
  acknowledged: 'success',
};

/** The minute now, as the `datetime-local` input shows it (local time). */
const localMinute = (d = new Date()) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

/**
 * `/tests/` (superAdmin, spec section 2 "internal test pages"): a live hub inspector (the connection
 * state and every message the hub pushes for a chosen location) and an ingest playground that sends
 * a sample count to a chosen device's series through `POST /api/ingest/measurements`, so the message
 * it causes shows in the inspector.
 */
export function TestsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  usePageTitle(t('tests_title'));
  const tree = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const locations = nodes.filter((n) => n.kind === 'location');
  const [locationId, setLocationId] = useState('');
  const devices = nodes.filter((n) => n.kind === 'device' && n.parentId === locationId);
  const [messages, setMessages] = useState<HubMessage[]>([]);
  const push = (event: string, detail: unknown) =>
    setMessages((m) =>
      [
        { at: new Date().toLocaleTimeString(LOCALES[lang]), event, detail: JSON.stringify(detail) },
        ...m,
      ].slice(0, MAX_MESSAGES),
    );
  // the hook reconnects only when the set of ids changes, not on each render's new array
  const subscribed = locationId ? [locationId, ...devices.map((d) => d.id)] : [];
  const status = useLiveConnection({
    accessToken: locationId ? () => tokenStore.get()?.token ?? '' : null,
    nodeIds: subscribed,
    handlers: {
      onOccupancy: (nodeId, value, occurredOn) => push('NewOccupancy', { nodeId, value, occurredOn }),
      onSettings: (occupancyId, warning, alert) =>
        push('NewLiveViewSettings', { occupancyId, warning, alert }),
      onFeed: (m: LiveFeedMessage) =>
        push('MeasurementsLiveFeed', {
          nodeId: m.nodeId,
          items: m.items.map((i) => ({
            name: i.name,
            protocol: i.measurementProtocol,
            value: i.value,
            occurredOn: i.occurredOn,
          })),
        }),
      onSubscribeError: (e) => push('error', e.message),
    },
  });

  const [deviceId, setDeviceId] = useState('');
  const series = useQuery({
    queryKey: ['tests', 'series', deviceId],
    queryFn: ({ signal }) => api<TimeSeriesInfo[]>(`/api/TimeSeries/info/${deviceId}`, { signal }),
    enabled: deviceId !== '',
  });
  const deviceSeries = (series.data ?? []).filter((s) => s.nodeId === deviceId);
  const [seriesId, setSeriesId] = useState('');
  const [value, setValue] = useState('5');
  const [minute, setMinute] = useState(localMinute());
  const send = useMutation({
    mutationFn: () =>
      api<{ accepted: number }>('/api/ingest/measurements', {
        body: {
          measurements: [
            { timeSeriesId: seriesId, occurredOn: new Date(minute).toISOString(), value: Number(value) },
          ],
        },
      }),
  });
  const sendError = send.error instanceof ApiError ? send.error : null;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('tests_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('tests_intro')}
      </Typography>
      <TextField
        select
        label={t('tests_location')}
        value={locationId}
        onChange={(e) => {
          setLocationId(e.target.value);
          setMessages([]);
          setDeviceId('');
          setSeriesId('');
          send.reset();
        }}
        size="small"
        sx={{ minWidth: 320, mb: 3 }}
      >
        {locations.map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 3, alignItems: 'stretch' }}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="hub-title"
          sx={{ p: 2.5, flex: 3, minWidth: 0 }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2 }}>
            <Typography
              id="hub-title"
              variant="h3"
              component="h2"
              sx={{ fontSize: 18, fontWeight: 700, flex: 1 }}
            >
              {t('tests_hub_title')}
            </Typography>
            <Chip
              data-testid="hub-status"
              color={STATUS_COLOR[status]}
              label={t(`tests_status_${status}`)}
              aria-label={t('tests_status_label', { status: t(`tests_status_${status}`) })}
            />
            <Button size="small" onClick={() => setMessages([])} disabled={messages.length === 0}>
              {t('tests_clear')}
            </Button>
          </Stack>
          {!locationId && <Alert severity="info">{t('tests_pick_location')}</Alert>}
          {locationId && messages.length === 0 && (
            <Typography color="text.secondary">{t('tests_no_messages')}</Typography>
          )}
          <Box
            component="ol"
            tabIndex={0}
            aria-label={t('tests_messages')}
            sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 480, overflow: 'auto' }}
            data-testid="hub-messages"
          >
            {messages.map((m, i) => (
              <Box
                component="li"
                key={`${messages.length - i}`}
                sx={{ py: 1, borderBottom: 1, borderColor: 'divider', fontFamily: 'monospace', fontSize: 13 }}
              >
                <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                  {m.at}
                </Box>
                <Box component="strong" sx={{ mr: 1 }}>
                  {m.event}
                </Box>
                <Box component="span" sx={{ wordBreak: 'break-all' }}>
                  {m.detail}
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="ingest-title" sx={{ p: 2.5, flex: 2 }}>
          <Typography
            id="ingest-title"
            variant="h3"
            component="h2"
            sx={{ fontSize: 18, fontWeight: 700, mb: 2 }}
          >
            {t('tests_ingest_title')}
          </Typography>
          <Stack
            component="form"
            sx={{ gap: 2 }}
            onSubmit={(e) => {
              e.preventDefault();
              send.mutate();
            }}
          >
            <TextField
              select
              label={t('tests_device')}
              value={deviceId}
              onChange={(e) => {
                setDeviceId(e.target.value);
                setSeriesId('');
              }}
              disabled={!locationId}
              size="small"
            >
              {devices.map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('tests_series')}
              value={seriesId}
              onChange={(e) => setSeriesId(e.target.value)}
              disabled={deviceSeries.length === 0}
              size="small"
            >
              {deviceSeries.map((s) => (
                <MenuItem key={s.timeSeriesId} value={s.timeSeriesId}>
                  {s.measurementProtocol}
                  {s.metaTags.length ? ` (${s.metaTags.join(', ')})` : ''}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" sx={{ gap: 2 }}>
              <TextField
                label={t('tests_value')}
                type="number"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                size="small"
                error={sendError?.field?.endsWith('value')}
                sx={{ flex: 1 }}
              />
              <TextField
                label={t('tests_minute')}
                type="datetime-local"
                value={minute}
                onChange={(e) => setMinute(e.target.value)}
                size="small"
                error={sendError?.field?.endsWith('occurredOn')}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 2 }}
              />
            </Stack>
            <Button
              type="submit"
              variant="contained"
              disabled={!seriesId || value === '' || !minute}
              loading={send.isPending}
            >
              {t('tests_send')}
            </Button>
            {send.isSuccess && (
              <Alert severity="success" role="status">
                {t('tests_sent', { count: send.data.accepted })}
              </Alert>
            )}
            {send.isError && (
              <Alert severity="error" role="alert">
                {t('tests_send_failed', { message: send.error.message })}
              </Alert>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}
