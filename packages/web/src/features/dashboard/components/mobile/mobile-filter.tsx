import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
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
/* the controls load when the filter opens (or the browser is idle), not with the dashboard */
const loadBody = () => import('./mobile-filter-body');
const MobileFilterBody = lazy(loadBody);

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
  // the controls' chunk once the browser has nothing else to do, so opening the filter rarely waits for it
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadBody().catch(() => undefined));
    return () => cancel(handle);
  }, []);
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
        // the controls mount when the filter opens: nothing of them to render while the dashboard loads
        slotProps={{ transition: { unmountOnExit: true } }}
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
          <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
            <MobileFilterBody
              value={v}
              locations={props.locations}
              single={single}
              location={location}
              setLocation={setLocation}
              preset={preset}
              setPreset={setPreset}
              setPicked={setPicked}
              from={from}
              to={to}
              businessHours={businessHours}
              setBusinessHours={setBusinessHours}
              eachDay={eachDay}
              setEachDay={setEachDay}
              showEachDay={showEachDay}
              error={error}
              apply={apply}
              openDialog={(side, kind) => setDialog({ side, kind })}
              submit={submit}
            />
          </Suspense>
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
