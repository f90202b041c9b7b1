import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import WarningAmber from '@mui/icons-material/WarningAmberRounded';
import { isAdminKind, LOCALES, type SiteEvent, type SiteEventSession } from '@footfall/domain';
import { useLang } from '../../../lib/use-lang';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session/current-user';
import { tokenStore } from '../../../lib/session/token-store';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useLiveConnection } from '../../../lib/live-hub/use-live-connection';
import { LiveIndicator } from '../../../components/live-indicator';
import { orgTreeEventsQuery, sessionBody, useImportSessions, useSaveSession } from '../api/site-events-api';

/**
 * Showtimes (/orgtreeevent, spec "Event (showtimes) view"): the day's sessions of every event in
 * scope with time, title, duration, tickets sold, capacity, state and alerts; the session running
 * now is highlighted and flagged when more people are inside than tickets were sold. Occupancy
 * comes live from the hub. Admins import sessions from CSV and cancel or restore a session.
 * Desktop shows a table per event, mobile a card per session.
 */
const STATE_COLORS = {
  current: 'success',
  past: 'default',
  future: 'info',
  cancelled: 'warning',
} as const;

type CsvLines = { line: number; field: string; message: string }[];

export function ShowtimesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const desktop = useIsDesktop();
  const user = useCurrentUser().data;
  const admin = !!user && isAdminKind(user);
  // the day shown: days from today, where today is each venue's own local day (see the README)
  const [offset, setOffset] = useState(0);
  const query = useQuery(orgTreeEventsQuery(offset));
  const events = useMemo(() => query.data ?? [], [query.data]);

  // live occupancy by node, pushed by the hub between reads
  const [occupancy, setOccupancy] = useState<Record<string, number>>({});
  const nodeIds = useMemo(
    () => [...new Set(events.flatMap((e) => [e.nodeId, ...e.schedules.map((s) => s.organizationalTreeID)]))],
    [events],
  );
  const live = nodeIds.length > 0;
  const status = useLiveConnection({
    accessToken: live ? () => tokenStore.get()?.token ?? '' : null,
    nodeIds,
    handlers: { onOccupancy: (nodeId, value) => setOccupancy((o) => ({ ...o, [nodeId]: value })) },
  });

  const move = (days: number) => setOffset((o) => o + days);

  return (
    <Box sx={{ p: { xs: 1.5, lg: 3 }, maxWidth: 1400, mx: 'auto' }} data-testid="showtimes">
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        {desktop && (
          <Typography variant="h2" component="h1" sx={{ flex: 1 }}>
            {t('showtimes_title')}
          </Typography>
        )}
        <IconButton aria-label={t('showtimes_previous_day')} onClick={() => move(-1)}>
          <ChevronLeft />
        </IconButton>
        <Box sx={{ minWidth: 150, textAlign: 'center' }}>
          <Typography variant="h5" component="p" data-testid="showtimes-date">
            {relativeDay(offset, LOCALES[lang])}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('showtimes_each_venue_local')}
          </Typography>
        </Box>
        <IconButton aria-label={t('showtimes_next_day')} onClick={() => move(1)}>
          <ChevronRight />
        </IconButton>
        <Button variant="outlined" size="small" onClick={() => setOffset(0)} disabled={offset === 0}>
          {t('showtimes_today')}
        </Button>
        <Box sx={{ flex: desktop ? 0 : 1 }} />
        {/* no event, no live connection: no dot (a red one would say the page is broken) */}
        {live && <LiveIndicator status={status} />}
      </Stack>

      {query.isError && <Alert severity="error">{t('request_failed')}</Alert>}
      {query.isSuccess && events.length === 0 && (
        <Alert severity="info" data-testid="showtimes-empty">
          {t('showtimes_no_events')}
        </Alert>
      )}
      <Stack spacing={2.5}>
        {events.map((e) => (
          <EventBlock key={e.id} event={e} occupancy={occupancy} desktop={desktop} admin={admin} />
        ))}
      </Stack>
    </Box>
  );
}

/** "Today", "Tomorrow", "In 3 days", "Yesterday" in the UI's language, capitalised as a heading */
function relativeDay(offset: number, locale: string) {
  const text = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(offset, 'day');
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** A venue's local date 'YYYY-MM-DD' as "Tuesday, November 24" */
const venueDate = (day: string, locale: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** the live value of a place when the hub sent one, else the value read with the list */
const liveOf = (occupancy: Record<string, number>, nodeId: string, fallback: number | null) =>
  occupancy[nodeId] ?? fallback;

function EventBlock(props: {
  event: SiteEvent;
  occupancy: Record<string, number>;
  desktop: boolean;
  admin: boolean;
}) {
  const { event, occupancy, desktop, admin } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const eventOccupancy = liveOf(occupancy, event.nodeId, event.occupancyCurrent);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="showtimes-event">
      <Stack
        direction="row"
        spacing={2}
        sx={{
          px: 2,
          py: 1.5,
          bgcolor: 'background.default',
          flexWrap: 'wrap',
          rowGap: 1,
          alignItems: 'center',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography variant="h4" component="h2">
            {event.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {event.nodeName}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="showtimes-event-day">
            {t('showtimes_venue_day', { date: venueDate(event.day, LOCALES[lang]), zone: event.timeZone })}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="overline" color="text.secondary">
            {t('showtimes_now_inside')}
          </Typography>
          <Typography variant="h3" component="p" data-testid="event-occupancy">
            {eventOccupancy ?? '–'}
          </Typography>
        </Box>
        {admin && <ImportButton eventId={event.id} />}
      </Stack>
      {event.schedules.length === 0 ? (
        <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
          {t('showtimes_no_sessions')}
        </Typography>
      ) : desktop ? (
        <SessionTable event={event} occupancy={occupancy} admin={admin} />
      ) : (
        <Stack spacing={1} sx={{ p: 1 }}>
          {event.schedules.map((s) => (
            <SessionCard key={s.sessionID} session={s} event={event} occupancy={occupancy} admin={admin} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function overCapacity(s: SiteEventSession, occupancy: Record<string, number>) {
  const now = liveOf(occupancy, s.organizationalTreeID, s.occupancyCurrent);
  return s.state === 'current' && now !== null && now > s.occupancySold;
}

function StateChip({ s, over }: { s: SiteEventSession; over: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip
        size="small"
        color={STATE_COLORS[s.state]}
        label={t(`showtimes_state_${s.state}`)}
        data-state={s.state}
      />
      {over && (
        <Chip
          size="small"
          color="error"
          icon={<WarningAmber />}
          label={t('showtimes_over_capacity')}
          data-testid="over-capacity"
        />
      )}
    </Stack>
  );
}

export function CancelButton(props: { event: SiteEvent; session: SiteEventSession }) {
  const { t } = useTranslation();
  const { session } = props;
  const mutation = useSaveSession(props.event.id);
  if (session.state === 'past') return null;
  return (
    <Button
      size="small"
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate({
          sessionId: session.sessionID,
          body: sessionBody(session, { isCancelled: !session.isCancelled }),
        })
      }
    >
      {t(session.isCancelled ? 'showtimes_restore_session' : 'showtimes_cancel_session')}
    </Button>
  );
}

function SessionTable(props: { event: SiteEvent; occupancy: Record<string, number>; admin: boolean }) {
  const { t } = useTranslation();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('showtimes_col_time')}</TableCell>
          <TableCell>{t('showtimes_col_title')}</TableCell>
          <TableCell align="right">{t('showtimes_col_duration')}</TableCell>
          <TableCell align="right">{t('showtimes_col_sold')}</TableCell>
          <TableCell align="right">{t('showtimes_col_max')}</TableCell>
          <TableCell align="right">{t('showtimes_col_inside')}</TableCell>
          <TableCell>{t('showtimes_col_state')}</TableCell>
          <TableCell>{t('showtimes_col_alerts')}</TableCell>
          {props.admin && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.event.schedules.map((s) => {
          const over = overCapacity(s, props.occupancy);
          const inside = liveOf(props.occupancy, s.organizationalTreeID, s.occupancyCurrent);
          return (
            <TableRow
              key={s.sessionID}
              data-testid="session-row"
              sx={{
                bgcolor: over
                  ? 'rgba(220,38,38,0.08)'
                  : s.state === 'current'
                    ? 'rgba(21,128,61,0.07)'
                    : undefined,
                // ended and cancelled sessions recede in grey text (not opacity, which would drop the
                // chips' contrast below 4.5:1)
                '& > td': s.state === 'past' || s.state === 'cancelled' ? { color: 'text.secondary' } : {},
              }}
            >
              <TableCell sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{s.time}</TableCell>
              <TableCell sx={{ textDecoration: s.isCancelled ? 'line-through' : undefined }}>
                {s.title}
                {s.organizationalTreeID !== props.event.nodeId && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {s.organizationalTreeName}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{t('showtimes_minutes', { count: s.duration })}</TableCell>
              <TableCell align="right">{s.occupancySold}</TableCell>
              <TableCell align="right">{s.occupancyMax ?? '–'}</TableCell>
              <TableCell align="right" sx={{ fontWeight: s.state === 'current' ? 700 : 400 }}>
                {s.state === 'current' ? (inside ?? '–') : '–'}
              </TableCell>
              <TableCell>
                <StateChip s={s} over={over} />
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  {s.alerts.map((a) => (
                    <Chip key={a} size="small" variant="outlined" label={a} />
                  ))}
                </Stack>
              </TableCell>
              {props.admin && (
                <TableCell align="right">
                  <CancelButton event={props.event} session={s} />
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function SessionCard(props: {
  session: SiteEventSession;
  event: SiteEvent;
  occupancy: Record<string, number>;
  admin: boolean;
}) {
  const { t } = useTranslation();
  const s = props.session;
  const over = overCapacity(s, props.occupancy);
  const inside = liveOf(props.occupancy, s.organizationalTreeID, s.occupancyCurrent);
  return (
    <Paper
      variant="outlined"
      data-testid="session-card"
      sx={{
        p: 1.5,
        borderLeft: 6,
        borderLeftColor: over ? 'error.main' : s.state === 'current' ? 'success.main' : 'divider',
        color: s.state === 'past' || s.state === 'cancelled' ? 'text.secondary' : undefined,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {s.time}
        </Typography>
        <Typography
          variant="h6"
          component="p"
          sx={{ flex: 1, textDecoration: s.isCancelled ? 'line-through' : undefined }}
        >
          {s.title}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
        {t('showtimes_card_figures', {
          duration: s.duration,
          sold: s.occupancySold,
          max: s.occupancyMax ?? '–',
        })}
        {s.state === 'current' && inside !== null ? ` · ${t('showtimes_inside_now', { count: inside })}` : ''}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'center' }}>
        <StateChip s={s} over={over} />
        {s.alerts.map((a) => (
          <Chip key={a} size="small" variant="outlined" label={a} />
        ))}
        <Box sx={{ flex: 1 }} />
        {props.admin && <CancelButton event={props.event} session={s} />}
      </Stack>
    </Paper>
  );
}

export function ImportButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const mutation = useImportSessions(eventId);
  const lines =
    mutation.error instanceof ApiError
      ? ((mutation.error.body as { lines?: CsvLines } | null)?.lines ?? [])
      : [];
  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="showtimes-import-input"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) mutation.mutate(await file.text());
        }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<UploadFile />}
        disabled={mutation.isPending}
        onClick={() => input.current?.click()}
      >
        {t('showtimes_import')}
      </Button>
      {mutation.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('showtimes_import_done', { count: mutation.data.created })}
        </Alert>
      )}
      {mutation.isError && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="showtimes-import-errors">
          {t('showtimes_import_failed', { count: lines.length })}
          {lines.slice(0, 10).map((l) => (
            <div key={`${l.line}-${l.field}`}>{t('showtimes_import_line', l)}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}

export default ShowtimesPage;
