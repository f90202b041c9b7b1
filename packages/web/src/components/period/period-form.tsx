import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import {
  formatLocal,
  localMinute,
  localParts,
  parseLocal,
  PERIOD_PRESETS,
  type DashboardJson,
  type LocalMinute,
  type PeriodPreset,
} from '@footfall/domain';
import { dayjsLocaleOf } from '../../i18n/i18n';
import { useLang } from '../../lib/use-lang';
import { clampSameDay, validateCustomPeriod } from '../../lib/custom-period';

const toLocal = (d: Dayjs | null): LocalMinute | null =>
  d && d.isValid() ? localMinute(d.year(), d.month() + 1, d.date(), d.hour(), d.minute()) : null;
const toDayjs = (lm: LocalMinute | null) => {
  if (lm == null) return null;
  const p = localParts(lm);
  return dayjs(new Date(p.year, p.month - 1, p.day, p.hour, p.minute));
};
const parseStored = (s: string | undefined) => (s ? parseLocal(s.length === 10 ? `${s} 00:00` : s) : null);

export interface PeriodChoice {
  selectedTimePeriod: DashboardJson['selectedTimePeriod'];
  isBusinessHoursOnlyMode: boolean;
  applyTimePeriodToEachDay: boolean;
}

/** The period form: presets (default today), custom range with its rules, and the two switches. */
export function PeriodForm({ value, onApply }: { value: PeriodChoice; onApply(v: PeriodChoice): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [preset, setPreset] = useState<PeriodPreset>(value.selectedTimePeriod.value);
  const [from, setFrom] = useState<LocalMinute | null>(parseStored(value.selectedTimePeriod.dateFrom));
  const [to, setTo] = useState<LocalMinute | null>(parseStored(value.selectedTimePeriod.dateTo));
  const [businessHours, setBusinessHours] = useState(value.isBusinessHoursOnlyMode);
  const [eachDay, setEachDay] = useState(value.applyTimePeriodToEachDay);
  const custom = preset === 'custom';
  const showEachDay = custom && !businessHours;
  const error = custom ? validateCustomPeriod({ from, to, applyToEachDay: showEachDay && eachDay }) : null;
  const pick = (side: 'from' | 'to', d: Dayjs | null) => {
    const next = clampSameDay(side === 'from' ? toLocal(d) : from, side === 'to' ? toLocal(d) : to, side);
    setFrom(next.from);
    setTo(next.to);
  };
  const apply = () =>
    onApply({
      selectedTimePeriod: custom
        ? { value: 'custom', dateFrom: formatLocal(from!), dateTo: formatLocal(to!) }
        : { value: preset },
      isBusinessHoursOnlyMode: businessHours,
      applyTimePeriodToEachDay: showEachDay && eachDay,
    });
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocaleOf(lang)}>
      <Stack spacing={1.5} sx={{ p: 2, width: 460 }} data-testid="period-form">
        <Typography variant="subtitle1" sx={{ fontWeight: 650 }}>
          {t('period_title')}
        </Typography>
        <RadioGroup
          value={preset}
          onChange={(_e, v) => setPreset(v as PeriodPreset)}
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 1 }}
        >
          {PERIOD_PRESETS.map((p) => (
            <FormControlLabel key={p} value={p} control={<Radio size="small" />} label={t(`period_${p}`)} />
          ))}
        </RadioGroup>
        {custom && (
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
            <DateTimePicker
              label={t('period_start')}
              value={toDayjs(from)}
              onChange={(d) => pick('from', d)}
              ampm={lang === 'en'}
              slotProps={{ textField: { size: 'small', name: 'period-start' } }}
            />
            <DateTimePicker
              label={t('period_end')}
              value={toDayjs(to)}
              onChange={(d) => pick('to', d)}
              ampm={lang === 'en'}
              slotProps={{ textField: { size: 'small', name: 'period-end' } }}
            />
          </Box>
        )}
        {error && (
          <Typography role="alert" variant="body2" color="error">
            {t(error)}
          </Typography>
        )}
        <FormControlLabel
          control={<Switch checked={businessHours} onChange={(_e, v) => setBusinessHours(v)} />}
          label={t('business_hours_only')}
        />
        {showEachDay && (
          <FormControlLabel
            control={<Switch checked={eachDay} onChange={(_e, v) => setEachDay(v)} />}
            label={t('apply_period_each_day')}
          />
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={apply} disabled={error !== null}>
            {t('apply')}
          </Button>
        </Box>
      </Stack>
    </LocalizationProvider>
  );
}

export default PeriodForm;
