import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FilterList from '@mui/icons-material/FilterList';
import {
  formatLocal,
  localMinute,
  localParts,
  minuteOfDay,
  parseLocal,
  startOfDay,
  type LocalMinute,
  type PeriodPreset,
} from '@footfall/domain';
import { useLang } from '../../../../lib/use-lang';
import { clampSameDay, validateCustomPeriod } from '../../../../lib/custom-period';
import type { PeriodChoice } from '../../../../components/period/period-selector';
import { mobileApplyState, type MobileFilterValue } from './mobile-filter-rules';

/* the date pickers load when a date or time dialog opens, not with the dashboard */
const PickDialog = lazy(() => import('./mobile-pick-dialog'));

/** The period presets as button groups (spec: "on mobile these are button groups"), custom last. */
export const MOBILE_PERIOD_GROUPS: readonly (readonly PeriodPreset[])[] = [
  ['today', 'yesterday'],
  ['currentweek', 'lastweek'],
  ['last7d', 'last14d', 'last30d'],
  ['currentmonth', 'lastmonth'],
  ['currentyear', 'lastyear'],
  ['custom'],
];

const parseStored = (s: string | undefined) => (s ? parseLocal(s.length === 10 ? `${s} 00:00` : s) : null);
const toDayjs = (lm: LocalMinute | null) => {
  if (lm == null) return null;
  const p = localParts(lm);
  return dayjs(new Date(p.year, p.month - 1, p.day, p.hour, p.minute));
};
const dayOf = (d: Dayjs) => localMinute(d.year(), d.month() + 1, d.date(), 0, 0);

export interface MobileFilterLocation {
  id: string;
  name: string;
}

/**
 * The mobile filter (spec section 2, "Mobile filter"): a location dropdown, the business-hours-only
 * switch, the apply-to-each-day switch (custom range with business hours off), the period as button
 * groups with date and time dialogs, and Apply when the rules of `mobileApplyState` say so.
 */
export function MobileFilter(props: {
  value: MobileFilterValue;
  locations: readonly MobileFilterLocation[];
  onApply(v: MobileFilterValue): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const v = props.value;
  const single = v.selection.length === 1 && props.locations.some((l) => l.id === v.selection[0]);
  const [location, setLocation] = useState<string>(single ? v.selection[0]! : '');
  const [preset, setPreset] = useState<PeriodPreset>(v.selectedTimePeriod.value);
  const [picked, setPicked] = useState(false);
  const [from, setFrom] = useState<LocalMinute | null>(parseStored(v.selectedTimePeriod.dateFrom));
  const [to, setTo] = useState<LocalMinute | null>(parseStored(v.selectedTimePeriod.dateTo));
  const [businessHours, setBusinessHours] = useState(v.isBusinessHoursOnlyMode);
  const [eachDay, setEachDay] = useState(v.applyTimePeriodToEachDay);
  const [dialog, setDialog] = useState<null | { side: 'from' | 'to'; kind: 'date' | 'time' }>(null);
  const custom = preset === 'custom';
  const showEachDay = custom && !businessHours;
  const error = custom ? validateCustomPeriod({ from, to, applyToEachDay: showEachDay && eachDay }) : null;
  const apply = mobileApplyState({
    custom,
    locationChanged: location !== '' && !(single && location === v.selection[0]),
    periodPicked: picked,
    customInvalid: error !== null,
  });
  const currentName = single
    ? props.locations.find((l) => l.id === v.selection[0])?.name
    : t('mobile_filter_selection', { count: v.selection.length });
  const periodLabel =
    v.selectedTimePeriod.value === 'custom' && v.selectedTimePeriod.dateFrom && v.selectedTimePeriod.dateTo
      ? `${v.selectedTimePeriod.dateFrom} → ${v.selectedTimePeriod.dateTo}`
      : t(`period_${v.selectedTimePeriod.value}`);

  const setSide = (side: 'from' | 'to', lm: LocalMinute) => {
    const next = clampSameDay(side === 'from' ? lm : from, side === 'to' ? lm : to, side);
    setFrom(next.from);
    setTo(next.to);
    setPicked(true);
  };
  const chooseDate = (side: 'from' | 'to', day: LocalMinute) => {
    const current = side === 'from' ? from : to;
    // a new day keeps the time already chosen; the start begins at 00:00 and the end closes at 23:59
    const time = current != null ? minuteOfDay(current) : side === 'from' ? 0 : 1439;
    setSide(side, day + time);
  };
  const chooseTime = (side: 'from' | 'to', minutes: number) => {
    const current = side === 'from' ? from : to;
    if (current == null) return;
    setSide(side, startOfDay(current) + minutes);
  };
  const submit = () =>
    props.onApply({
      selection: location !== '' ? [location] : v.selection,
      selectedTimePeriod: custom
        ? { value: 'custom', dateFrom: formatLocal(from!), dateTo: formatLocal(to!) }
        : { value: preset },
      isBusinessHoursOnlyMode: businessHours,
      applyTimePeriodToEachDay: showEachDay && eachDay,
    });

  return (
    <>
      <Accordion
        disableGutters
        variant="outlined"
        sx={{ borderRadius: 2, mb: 1.5 }}
        data-testid="mobile-filter"
      >
        <AccordionSummary
          expandIcon={<ExpandMore />}
          aria-controls="mobile-filter-content"
          id="mobile-filter-head"
        >
          <FilterList sx={{ mr: 1, color: 'text.secondary' }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 650 }}>
              {t('mobile_filter_title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="mobile-filter-summary">
              {currentName ?? '-'} · {periodLabel}
            </Typography>
          </Box>
        </AccordionSummary>
        <AccordionDetails id="mobile-filter-content">
          <Stack spacing={1.5}>
            <TextField
              select
              size="small"
              label={t('mobile_filter_location')}
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="mobile-filter-location"
            >
              {!single && (
                <MenuItem value="">{t('mobile_filter_selection', { count: v.selection.length })}</MenuItem>
              )}
              {props.locations.map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={businessHours} onChange={(_e, on) => setBusinessHours(on)} />}
              label={t('business_hours_only')}
            />
            <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 650 }}>
              {t('period_title')}
            </Typography>
            {MOBILE_PERIOD_GROUPS.map((group) => (
              <ToggleButtonGroup
                key={group.join()}
                exclusive
                fullWidth
                size="small"
                color="primary"
                value={group.includes(preset) ? preset : null}
                onChange={(_e, next: PeriodPreset | null) => {
                  if (!next) return;
                  setPreset(next);
                  setPicked(next !== v.selectedTimePeriod.value);
                }}
                aria-label={t('period_title')}
              >
                {group.map((p) => (
                  <ToggleButton
                    key={p}
                    value={p}
                    data-preset={p}
                    sx={{ textTransform: 'none', lineHeight: 1.2, px: 0.5, whiteSpace: 'normal' }}
                  >
                    {t(`period_${p}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            ))}
            {custom && (
              <Box sx={{ display: 'grid', gridTemplateColumns: businessHours ? '1fr' : '1fr 1fr', gap: 1 }}>
                {(['from', 'to'] as const).map((side) => {
                  const lm = side === 'from' ? from : to;
                  const label = t(side === 'from' ? 'period_start' : 'period_end');
                  return (
                    <Box key={side} sx={{ display: 'contents' }}>
                      <Button
                        variant="outlined"
                        onClick={() => setDialog({ side, kind: 'date' })}
                        data-testid={`mobile-${side}-date`}
                        sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
                      >
                        {label}: {lm == null ? t('mobile_filter_choose_date') : formatLocal(lm).slice(0, 10)}
                      </Button>
                      {!businessHours && (
                        <Button
                          variant="outlined"
                          disabled={lm == null}
                          onClick={() => setDialog({ side, kind: 'time' })}
                          data-testid={`mobile-${side}-time`}
                          aria-label={t('mobile_filter_time_of', { label })}
                          sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
                        >
                          {lm == null ? t('mobile_filter_choose_time') : formatLocal(lm).slice(11)}
                        </Button>
                      )}
                    </Box>
                  );
                })}
              </Box>
            )}
            {custom && error && from != null && to != null && (
              <Typography role="alert" variant="body2" color="error">
                {t(error)}
              </Typography>
            )}
            {showEachDay && (
              <FormControlLabel
                control={<Switch checked={eachDay} onChange={(_e, on) => setEachDay(on)} />}
                label={t('apply_period_each_day')}
              />
            )}
            {apply.shown && (
              <Button
                variant="contained"
                disabled={!apply.enabled}
                onClick={submit}
                data-testid="mobile-filter-apply"
              >
                {t('apply')}
              </Button>
            )}
          </Stack>
        </AccordionDetails>
      </Accordion>
      {dialog && (
        <Suspense fallback={null}>
          <PickDialog
            kind={dialog.kind}
            title={t(dialog.side === 'from' ? 'period_start' : 'period_end')}
            initial={toDayjs(dialog.side === 'from' ? from : to)}
            ampm={lang === 'en'}
            onClose={() => setDialog(null)}
            onSelect={(d) => {
              if (dialog.kind === 'date') chooseDate(dialog.side, dayOf(d));
              else chooseTime(dialog.side, d.hour() * 60 + d.minute());
              setDialog(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export type { PeriodChoice };
