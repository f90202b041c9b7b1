import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { OccupancyResetScheduleDto } from '@footfall/domain';
import type { ResetSchedule } from '../api/occ-reset-api';
import { weekdayNames } from '../lib/weekdays';
import { LocalTimeField } from '../../../components/local-date-fields';

export interface LocationOption {
  id: string;
  name: string;
}
export interface ScheduleForm {
  name: string;
  time: string;
  daysOfWeek: number[];
  locations: LocationOption[];
}

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

/** Create or modify a reset schedule: name, local time of day, weekdays and the locations it resets. */
export function ScheduleDialog(props: {
  schedule: ResetSchedule | null;
  locations: readonly LocationOption[];
  lang: string;
  busy: boolean;
  onSave(form: ScheduleForm): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const s = props.schedule;
  const [form, setForm] = useState<ScheduleForm>({
    name: s?.scheduleDto.name ?? '',
    time: s?.scheduleDto.time ?? '04:00',
    daysOfWeek: s?.scheduleDto.daysOfWeek ?? [0, 1, 2, 3, 4, 5, 6],
    locations: s?.locations ?? [],
  });
  const [tried, setTried] = useState(false);
  const names = weekdayNames(props.lang, 'long');
  const parsed = OccupancyResetScheduleDto.safeParse({
    name: form.name,
    time: form.time,
    daysOfWeek: form.daysOfWeek,
  });
  const issueOf = (field: string) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field);
  const timeError = tried && issueOf('time') ? t('occ_reset_error_time') : undefined;
  const daysError = tried && issueOf('daysOfWeek') ? t('occ_reset_error_days') : undefined;
  const locationsError = tried && form.locations.length === 0 ? t('occ_reset_error_locations') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!parsed.success || form.locations.length === 0) return;
    props.onSave(form);
  };
  const toggleDay = (d: number, on: boolean) =>
    setForm((f) => ({
      ...f,
      daysOfWeek: on ? [...new Set([...f.daysOfWeek, d])].sort() : f.daysOfWeek.filter((x) => x !== d),
    }));

  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="occ-reset-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="occ-reset-dialog-title">
          {t(s ? 'occ_reset_edit_title' : 'occ_reset_new_title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={t('occ_reset_name')}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <LocalTimeField
              label={t('occ_reset_time')}
              required
              value={form.time}
              onChange={(time) => setForm({ ...form, time })}
              error={!!timeError}
              helperText={timeError ?? t('occ_reset_time_help')}
            />
            <FormControl error={!!daysError} component="fieldset">
              <FormLabel component="legend">{t('occ_reset_days')}</FormLabel>
              <FormGroup row>
                {MONDAY_FIRST.map((d) => (
                  <FormControlLabel
                    key={d}
                    control={
                      <Checkbox
                        checked={form.daysOfWeek.includes(d)}
                        onChange={(e) => toggleDay(d, e.target.checked)}
                      />
                    }
                    label={names[d]}
                  />
                ))}
              </FormGroup>
              {daysError && <FormHelperText>{daysError}</FormHelperText>}
            </FormControl>
            <Autocomplete
              multiple
              options={props.locations as LocationOption[]}
              value={form.locations}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionLabel={(o) => o.name}
              onChange={(_e, value) => setForm({ ...form, locations: value })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('occ_reset_locations')}
                  error={!!locationsError}
                  helperText={locationsError}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} color="inherit">
            {t('occ_reset_cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {t('occ_reset_save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
