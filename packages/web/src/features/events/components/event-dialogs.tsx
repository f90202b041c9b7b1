import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SessionBody, SiteEventBody, type SiteEvent, type SiteEventSession } from '@footfall/domain';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../components/notifications';
import { LocalDateField, LocalTimeField } from '../../../components/local-date-fields';
import { useSaveEvent, useSaveEventSession } from '../api/event-settings-api';

export interface Place {
  id: string;
  name: string;
}

/** The first field a zod result or a 400 answer names. */
function fieldOf(issues: { path: PropertyKey[] }[] | undefined, error: unknown): string | null {
  if (issues && issues.length > 0) return String(issues[0]!.path[0]);
  if (error instanceof ApiError && error.status === 400) return error.field?.split('.')[0] ?? 'form';
  return null;
}

/** Create or rename an event: its name and the place (location or group) it belongs to. */
export function EventDialog(props: { event: SiteEvent | null; places: readonly Place[]; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveEvent();
  const [name, setName] = useState(props.event?.name ?? '');
  const [place, setPlace] = useState<Place | null>(
    props.event ? { id: props.event.nodeId, name: props.event.nodeName } : null,
  );
  const [tried, setTried] = useState(false);
  const parsed = SiteEventBody.safeParse({
    name,
    nodeId: place?.id,
    timeSeriesId: props.event?.timeSeriesId,
  });
  const bad = tried ? fieldOf(parsed.success ? undefined : parsed.error.issues, save.error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    save.mutate(
      { id: props.event?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          notify(t('ev_settings_saved'), 'success');
          props.onClose();
        },
        onError: () => notify(t('ev_settings_save_failed'), 'error'),
      },
    );
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="event-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="event-dialog-title">
          {t(props.event ? 'ev_settings_edit_event' : 'ev_settings_new_event')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('ev_settings_event_name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={bad === 'name'}
              helperText={bad === 'name' ? t('ev_settings_error_required') : ' '}
              autoFocus
            />
            <Autocomplete
              options={props.places as Place[]}
              value={place}
              disabled={!!props.event}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionLabel={(o) => o.name}
              onChange={(_e, v) => setPlace(v)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('ev_settings_place')}
                  error={bad === 'nodeId'}
                  helperText={bad === 'nodeId' ? t('ev_settings_error_required') : ' '}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} color="inherit">
            {t('ev_settings_cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('ev_settings_save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** Create or edit a session: local start, title, duration, expected attendance, maximum, alerts, cancelled. */
export function SessionDialog(props: {
  event: SiteEvent;
  session: SiteEventSession | null;
  date: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveEventSession();
  const s = props.session;
  const [form, setForm] = useState({
    date: s?.localStart.slice(0, 10) ?? props.date,
    time: s?.time ?? '19:30',
    title: s?.title ?? '',
    duration: String(s?.duration ?? 90),
    sold: String(s?.occupancySold ?? 0),
    max: s?.occupancyMax == null ? '' : String(s.occupancyMax),
    alerts: s?.alertsRaw ?? '',
    cancelled: s?.isCancelled ?? false,
  });
  const [tried, setTried] = useState(false);
  const parsed = SessionBody.safeParse({
    title: form.title,
    start: `${form.date} ${form.time}`,
    durationMinutes: num(form.duration),
    occupancySold: num(form.sold) ?? 0,
    occupancyMax: num(form.max) ?? null,
    isCancelled: form.cancelled,
    alertsRaw: form.alerts,
    nodeId: s?.organizationalTreeID,
  });
  const bad = tried ? fieldOf(parsed.success ? undefined : parsed.error.issues, save.error) : null;
  const help = (field: string) => (bad === field ? t('ev_settings_error_field') : ' ');
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    save.mutate(
      { eventId: props.event.id, sessionId: s?.sessionID ?? null, body: parsed.data },
      {
        onSuccess: () => {
          notify(t('ev_settings_saved'), 'success');
          props.onClose();
        },
        onError: () => notify(t('ev_settings_save_failed'), 'error'),
      },
    );
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="session-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="session-dialog-title">
          {t(s ? 'ev_settings_edit_session' : 'ev_settings_new_session')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              label={t('showtimes_col_title')}
              value={form.title}
              onChange={set('title')}
              error={bad === 'title'}
              helperText={help('title')}
              autoFocus
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <LocalDateField
                label={t('ev_settings_date')}
                value={form.date}
                onChange={(day) => set('date')({ target: { value: day } })}
                error={bad === 'start'}
                helperText={help('start')}
                fullWidth
              />
              <LocalTimeField
                label={t('showtimes_col_time')}
                value={form.time}
                onChange={(time) => set('time')({ target: { value: time } })}
                error={bad === 'start'}
                helperText={bad === 'start' ? ' ' : t('ev_settings_local_time')}
                fullWidth
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('ev_settings_duration')}
                value={form.duration}
                onChange={set('duration')}
                error={bad === 'durationMinutes'}
                helperText={help('durationMinutes')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
              <TextField
                label={t('ev_settings_expected')}
                value={form.sold}
                onChange={set('sold')}
                error={bad === 'occupancySold'}
                helperText={help('occupancySold')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
              <TextField
                label={t('showtimes_col_max')}
                value={form.max}
                onChange={set('max')}
                error={bad === 'occupancyMax'}
                helperText={help('occupancyMax')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
            </Stack>
            <TextField
              label={t('showtimes_col_alerts')}
              value={form.alerts}
              onChange={set('alerts')}
              error={bad === 'alertsRaw'}
              helperText={bad === 'alertsRaw' ? t('ev_settings_error_field') : t('ev_settings_alerts_help')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.cancelled}
                  onChange={(e) => setForm((f) => ({ ...f, cancelled: e.target.checked }))}
                />
              }
              label={t('showtimes_state_cancelled')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} color="inherit">
            {t('ev_settings_cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('ev_settings_save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
