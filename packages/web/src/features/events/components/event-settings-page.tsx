import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/EditOutlined';
import type { SiteEvent, SiteEventSession } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { LocalDateField } from '../../../components/local-date-fields';
import { usePageTitle } from '../../../components/page-title';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import { eventsOfDateQuery } from '../api/event-settings-api';
import { EventDialog, SessionDialog, type Place } from './event-dialogs';
import { CancelButton, ImportButton } from './showtimes-page';

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * `/settings/events` (admins): the showtime events of the admin's scope with one local date's
 * sessions; create and rename events, add and edit sessions (start in the venue's local time,
 * duration, expected attendance, maximum, alerts), cancel or restore them, import a CSV schedule.
 */
export function EventSettingsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  usePageTitle(`${t('nav_settings')} · ${t('settings_events')}`);
  const [date, setDate] = useState(todayIso);
  const events = useQuery(eventsOfDateQuery(date));
  const tree = useQuery(treeQuery());
  const [eventDialog, setEventDialog] = useState<SiteEvent | 'new' | null>(null);
  const [sessionDialog, setSessionDialog] = useState<{
    event: SiteEvent;
    session: SiteEventSession | null;
  } | null>(null);
  const places = useMemo<Place[]>(
    () =>
      flattenTree(tree.data ?? [])
        .filter((n) => n.kind !== 'device')
        .map((n) => ({ id: n.id, name: n.name })),
    [tree.data],
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          {t('settings_events')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEventDialog('new')}>
          {t('ev_settings_new_event')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('ev_settings_intro')}{' '}
        <Link component={RouterLink} to={paths.orgTreeEvent(lang)}>
          {t('ev_settings_open_showtimes')}
        </Link>
      </Typography>
      <LocalDateField
        label={t('ev_settings_day')}
        value={date}
        onChange={(day) => day && setDate(day)}
        sx={{ mb: 3 }}
        size="small"
      />
      {events.isPending ? (
        <CircularProgress aria-label={t('ev_settings_loading')} />
      ) : (events.data ?? []).length === 0 ? (
        <Typography color="text.secondary">{t('showtimes_no_events')}</Typography>
      ) : (
        <Stack spacing={2}>
          {(events.data ?? []).map((ev) => (
            <Paper
              key={ev.id}
              variant="outlined"
              component="section"
              aria-labelledby={`ev-${ev.id}`}
              sx={{ p: 2 }}
              data-testid="ev-settings-event"
            >
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Typography id={`ev-${ev.id}`} variant="h6" component="h2">
                    {ev.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('showtimes_venue_day', { date: ev.day, zone: ev.timeZone })} · {ev.nodeName}
                  </Typography>
                </Box>
                <IconButton
                  aria-label={t('ev_settings_edit_named', { name: ev.name })}
                  onClick={() => setEventDialog(ev)}
                >
                  <Edit />
                </IconButton>
                <Button startIcon={<Add />} onClick={() => setSessionDialog({ event: ev, session: null })}>
                  {t('ev_settings_new_session')}
                </Button>
                <ImportButton eventId={ev.id} />
              </Stack>
              {ev.schedules.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('showtimes_no_sessions')}
                </Typography>
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-labelledby={`ev-${ev.id}`}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('showtimes_col_time')}</TableCell>
                        <TableCell>{t('showtimes_col_title')}</TableCell>
                        <TableCell align="right">{t('showtimes_col_duration')}</TableCell>
                        <TableCell align="right">{t('ev_settings_expected')}</TableCell>
                        <TableCell align="right">{t('showtimes_col_max')}</TableCell>
                        <TableCell>{t('showtimes_col_alerts')}</TableCell>
                        <TableCell>
                          <Box component="span" sx={visuallyHidden}>
                            {t('ev_settings_actions')}
                          </Box>
                        </TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {ev.schedules.map((s) => (
                        <TableRow key={s.sessionID} data-testid="ev-settings-session">
                          <TableCell>{s.time}</TableCell>
                          <TableCell>
                            {s.title}
                            {s.isCancelled && (
                              <Chip
                                size="small"
                                color="default"
                                label={t('showtimes_state_cancelled')}
                                sx={{ ml: 1 }}
                              />
                            )}
                          </TableCell>
                          <TableCell align="right">{t('showtimes_minutes', { count: s.duration })}</TableCell>
                          <TableCell align="right">{s.occupancySold}</TableCell>
                          <TableCell align="right">{s.occupancyMax ?? '—'}</TableCell>
                          <TableCell>{s.alerts.join(' · ')}</TableCell>
                          <TableCell>
                            <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                              <IconButton
                                size="small"
                                aria-label={t('ev_settings_edit_named', { name: `${s.time} ${s.title}` })}
                                onClick={() => setSessionDialog({ event: ev, session: s })}
                              >
                                <Edit fontSize="small" />
                              </IconButton>
                              <CancelButton event={ev} session={s} />
                            </Stack>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {eventDialog && (
        <EventDialog
          event={eventDialog === 'new' ? null : eventDialog}
          places={places}
          onClose={() => setEventDialog(null)}
        />
      )}
      {sessionDialog && (
        <SessionDialog
          event={sessionDialog.event}
          session={sessionDialog.session}
          date={sessionDialog.event.day}
          onClose={() => setSessionDialog(null)}
        />
      )}
    </Box>
  );
}
