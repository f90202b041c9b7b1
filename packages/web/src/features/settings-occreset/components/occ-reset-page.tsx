import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import RestartAlt from '@mui/icons-material/RestartAltOutlined';
import { OCCUPANCY_RESET_MESSAGE_KEYS } from '@footfall/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { usePageTitle } from '../../../components/page-title';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import {
  resetSchedulesQuery,
  useDeleteResetSchedule,
  useResetNow,
  useSaveResetSchedule,
  type ResetSchedule,
} from '../api/occ-reset-api';
import { describeDays, weekdayNames } from '../lib/weekdays';
import { ScheduleDialog, type LocationOption, type ScheduleForm } from './schedule-dialog';

type Kind = keyof typeof OCCUPANCY_RESET_MESSAGE_KEYS;

/**
 * `/settings/occReset` (superAdmin): the occupancy reset schedules (each location is reset at the
 * schedule's time in its own time zone, on the chosen weekdays), create / modify / delete with the
 * spec's semantics (a save replaces the schedule, removing a location sends `removedId`) and the
 * spec section 8 messages, and "reset now" for one location.
 */
export function OccResetPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  usePageTitle(`${t('nav_settings')} · ${t('occ_reset_title')}`);
  const schedules = useQuery(resetSchedulesQuery());
  const tree = useQuery(treeQuery());
  const save = useSaveResetSchedule();
  const remove = useDeleteResetSchedule();
  const resetNow = useResetNow();
  const [editing, setEditing] = useState<ResetSchedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResetSchedule | null>(null);
  const [target, setTarget] = useState<LocationOption | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [lastReset, setLastReset] = useState<{ name: string; value: number; at: string } | null>(null);

  const locations = useMemo<LocationOption[]>(
    () =>
      flattenTree(tree.data ?? [])
        .filter((n) => n.kind === 'location')
        .map((n) => ({ id: n.id, name: n.name }))
        .sort((a, b) => a.name.localeCompare(b.name, lang)),
    [tree.data, lang],
  );
  const shortDays = weekdayNames(lang, 'short');

  /** Spec section 8: success or error message of the kind of change; the error is re-raised. */
  const saveAs = async (kind: Kind, body: Parameters<typeof save.mutateAsync>[0]) => {
    const [ok, failed] = OCCUPANCY_RESET_MESSAGE_KEYS[kind];
    try {
      const saved = await save.mutateAsync(body);
      notify(t(saved.messageKey || ok), 'success');
      return saved;
    } catch (e) {
      notify(t(failed), 'error');
      throw e;
    }
  };

  const onSave = (form: ScheduleForm) => {
    const old = editing === 'new' ? null : editing;
    saveAs(old ? 'modification' : 'creation', {
      scheduleDto: {
        id: old?.scheduleDto.id ?? '',
        name: form.name,
        time: form.time,
        daysOfWeek: form.daysOfWeek,
      },
      locations: form.locations.map((l) => ({ id: l.id })),
    })
      .then(() => setEditing(null))
      .catch((e: unknown) => console.error('occupancy reset save', e));
  };

  const removeLocation = (s: ResetSchedule, locationId: string) =>
    saveAs('deleteLocation', {
      scheduleDto: { ...s.scheduleDto },
      locations: s.locations.filter((l) => l.id !== locationId).map((l) => ({ id: l.id })),
      removedId: locationId,
    }).catch((e: unknown) => console.error('occupancy reset location', e));

  const onDelete = () => {
    const s = deleting;
    setDeleting(null);
    if (!s) return;
    const [ok, failed] = OCCUPANCY_RESET_MESSAGE_KEYS.delete;
    remove.mutate(s.scheduleDto.id, {
      onSuccess: () => notify(t(ok), 'success'),
      onError: () => notify(t(failed), 'error'),
    });
  };

  const onResetNow = () => {
    setConfirmReset(false);
    if (!target) return;
    resetNow.mutate(target.id, {
      onSuccess: (r) => {
        setLastReset({ name: target.name, value: r.occupancyValue, at: r.resetOn });
        notify(t('occ_reset_now_success', { name: target.name }), 'success');
      },
      onError: () => notify(t('occ_reset_now_error', { name: target.name }), 'error'),
    });
  };

  const timeFmt = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, fontWeight: 600 }}>
          {t('occ_reset_title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('occ_reset_new')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('occ_reset_intro')}
      </Typography>

      <Box component="section" aria-labelledby="occ-reset-schedules" sx={{ mb: 4 }}>
        <Typography id="occ-reset-schedules" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('occ_reset_schedules')}
        </Typography>
        {schedules.isPending ? (
          <CircularProgress aria-label={t('occ_reset_loading')} />
        ) : (schedules.data ?? []).length === 0 ? (
          <Typography color="text.secondary">{t('occ_reset_empty')}</Typography>
        ) : (
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {(schedules.data ?? []).map((s) => (
              <Paper
                component="li"
                key={s.scheduleDto.id}
                variant="outlined"
                sx={{ p: 2 }}
                data-testid="occ-reset-schedule"
                aria-label={s.scheduleDto.name || s.scheduleDto.time}
              >
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="h4" component="p" sx={{ fontWeight: 600, fontSize: 26, mr: 1 }}>
                    {s.scheduleDto.time}
                  </Typography>
                  <Box sx={{ flex: 1, minWidth: 160 }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {s.scheduleDto.name || t('occ_reset_unnamed')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {describeDays(s.scheduleDto.daysOfWeek, shortDays, t('occ_reset_every_day'))} ·{' '}
                      {t('occ_reset_local_time')}
                    </Typography>
                  </Box>
                  <IconButton
                    aria-label={t('occ_reset_edit_named', { name: s.scheduleDto.name || s.scheduleDto.time })}
                    onClick={() => setEditing(s)}
                  >
                    <Edit />
                  </IconButton>
                  <IconButton
                    aria-label={t('occ_reset_delete_named', {
                      name: s.scheduleDto.name || s.scheduleDto.time,
                    })}
                    onClick={() => setDeleting(s)}
                  >
                    <Delete />
                  </IconButton>
                </Stack>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
                  {s.locations.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('occ_reset_no_locations')}
                    </Typography>
                  )}
                  {s.locations.map((l) => (
                    <Stack
                      key={l.id}
                      direction="row"
                      sx={{
                        alignItems: 'center',
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 4,
                        pl: 1.5,
                        pr: 0.25,
                        bgcolor: 'action.hover',
                      }}
                    >
                      <Typography variant="body2">{l.name}</Typography>
                      <IconButton
                        size="small"
                        aria-label={t('occ_reset_remove_location', { name: l.name })}
                        onClick={() => void removeLocation(s, l.id)}
                      >
                        <Close fontSize="small" />
                      </IconButton>
                    </Stack>
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Box>

      <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="occ-reset-now-title">
        <Typography id="occ-reset-now-title" variant="h6" component="h2">
          {t('occ_reset_now_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('occ_reset_now_help')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
          <Autocomplete
            sx={{ flex: 1, maxWidth: 420 }}
            options={locations}
            value={target}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.name}
            onChange={(_e, v) => setTarget(v)}
            renderInput={(params) => <TextField {...params} label={t('occ_reset_now_location')} />}
          />
          <Button
            variant="outlined"
            color="warning"
            startIcon={<RestartAlt />}
            disabled={!target || resetNow.isPending}
            onClick={() => setConfirmReset(true)}
          >
            {t('occ_reset_now')}
          </Button>
        </Stack>
        <Typography role="status" sx={{ mt: 2, minHeight: 24 }} data-testid="occ-reset-now-result">
          {lastReset
            ? t('occ_reset_now_result', {
                name: lastReset.name,
                value: lastReset.value,
                time: timeFmt.format(new Date(lastReset.at)),
              })
            : ''}
        </Typography>
      </Paper>

      {editing && (
        <ScheduleDialog
          schedule={editing === 'new' ? null : editing}
          locations={locations}
          lang={lang}
          busy={save.isPending}
          onSave={onSave}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        message={t('occ_reset_confirm_delete', {
          name: deleting?.scheduleDto.name || deleting?.scheduleDto.time || '',
        })}
        onYes={onDelete}
        onNo={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={confirmReset}
        message={t('occ_reset_now_confirm', { name: target?.name ?? '' })}
        onYes={onResetNow}
        onNo={() => setConfirmReset(false)}
      />
    </Box>
  );
}
