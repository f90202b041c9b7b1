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
import { alpha, type Theme } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
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
import { useFirstSectionOnClick } from '../local-date-fields';
import { clampSameDay, pickRangeDay, validateCustomPeriod } from '../../lib/custom-period';

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
  // the calendar's next click sets the start, then the end
  const [picking, setPicking] = useState<'from' | 'to'>('from');
  // errors once the user has entered something, or on a whole range (a stored one): never on the
  // empty fields of a fresh choice
  const [touched, setTouched] = useState(false);
  const custom = preset === 'custom';
  const showEachDay = custom && !businessHours;
  const error = custom ? validateCustomPeriod({ from, to, applyToEachDay: showEachDay && eachDay }) : null;
  const pick = (side: 'from' | 'to', d: Dayjs | null) => {
    setTouched(true);
    const next = clampSameDay(side === 'from' ? toLocal(d) : from, side === 'to' ? toLocal(d) : to, side);
    setFrom(next.from);
    setTo(next.to);
  };
  const pickDay = (d: Dayjs | null) => {
    if (!d || !d.isValid()) return;
    setTouched(true);
    const next = pickRangeDay({ from, to }, localMinute(d.year(), d.month() + 1, d.date(), 0, 0), picking);
    setFrom(next.from);
    setTo(next.to);
    setPicking(next.picking);
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
      <Stack spacing={1.5} sx={{ p: 2, width: 'min(640px, calc(100vw - 32px))' }} data-testid="period-form">
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
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
              <PeriodField
                label={t('period_start')}
                name="period-start"
                value={from}
                onChange={(d) => pick('from', d)}
                ampm={lang === 'en'}
              />
              <PeriodField
                label={t('period_end')}
                name="period-end"
                value={to}
                onChange={(d) => pick('to', d)}
                ampm={lang === 'en'}
              />
            </Box>
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1 }}>
                {t(picking === 'from' ? 'period_pick_start_day' : 'period_pick_end_day')}
              </Typography>
              <DateCalendar
                value={toDayjs(picking === 'from' ? from : to) ?? null}
                onChange={pickDay}
                data-testid="period-range-calendar"
                sx={{ width: '100%', height: 'auto', maxHeight: 'none' }}
                slotProps={{
                  day: (owner) => {
                    const lm = localMinute(owner.day.year(), owner.day.month() + 1, owner.day.date(), 0, 0);
                    const edge = [from, to].some((x) => x != null && lm === x - (x % 1440));
                    if (edge && !owner.isDayOutsideMonth) {
                      // the first and last days of the range, drawn as the calendar's selected day
                      return {
                        'data-range-edge': true,
                        sx: {
                          bgcolor: 'primary.main',
                          color: 'primary.contrastText',
                          '&:hover, &:focus': { bgcolor: 'primary.dark' },
                        },
                      };
                    }
                    return isInRange(lm, from, to)
                      ? {
                          'data-in-range': true,
                          sx: {
                            bgcolor: (th: Theme) => alpha(th.palette.primary.main, 0.14),
                            color: 'primary.dark',
                            borderRadius: 1,
                          },
                        }
                      : {};
                  },
                }}
              />
            </Box>
          </>
        )}
        {error && (touched || (from != null && to != null)) && (
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

/** whether local day `day` (its midnight) falls within the range's days */
function isInRange(day: LocalMinute, from: LocalMinute | null, to: LocalMinute | null) {
  if (from == null || to == null) return false;
  const first = from - (from % 1440);
  return day >= first && day <= to;
}

/**
 * A date-time field of the custom period. A click on an empty field starts at its first part (the
 * month, or the day in French and Spanish) wherever it lands, so a date typed after clicking the
 * middle of the field does not go into the year; once something is typed the field behaves as usual.
 */
function PeriodField(props: {
  label: string;
  name: string;
  value: LocalMinute | null;
  onChange(d: Dayjs | null): void;
  ampm: boolean;
}) {
  const { sections, press } = useFirstSectionOnClick(props.value == null);
  return (
    <DateTimePicker
      label={props.label}
      value={toDayjs(props.value)}
      onChange={props.onChange}
      ampm={props.ampm}
      {...sections}
      slotProps={{
        textField: {
          size: 'small',
          name: props.name,
          fullWidth: true,
          ...press,
        },
      }}
    />
  );
}

export default PeriodForm;
