import { useTranslation } from 'react-i18next';
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
import { formatLocal, type LocalMinute, type PeriodPreset } from '@footfall/domain';
import type { MobileFilterValue } from './mobile-filter-rules';

/** The period presets as button groups (spec: "on mobile these are button groups"), custom last. */
export const MOBILE_PERIOD_GROUPS: readonly (readonly PeriodPreset[])[] = [
  ['today', 'yesterday'],
  ['currentweek', 'lastweek'],
  ['last7d', 'last14d', 'last30d'],
  ['currentmonth', 'lastmonth'],
  ['currentyear', 'lastyear'],
  ['custom'],
];

/**
 * The mobile filter's controls, shown when the filter is opened (mobile-filter.tsx keeps their state,
 * so closing and opening it again keeps what was chosen). Their own chunk: the select, switches and
 * button groups are neither downloaded nor rendered while a phone opens the dashboard with the
 * filter closed.
 */
export default function MobileFilterBody(props: {
  value: MobileFilterValue;
  locations: readonly { id: string; name: string }[];
  single: boolean;
  location: string;
  setLocation(id: string): void;
  preset: PeriodPreset;
  setPreset(p: PeriodPreset): void;
  setPicked(picked: boolean): void;
  from: LocalMinute | null;
  to: LocalMinute | null;
  businessHours: boolean;
  setBusinessHours(on: boolean): void;
  eachDay: boolean;
  setEachDay(on: boolean): void;
  showEachDay: boolean;
  error: string | null;
  apply: { shown: boolean; enabled: boolean };
  openDialog(side: 'from' | 'to', kind: 'date' | 'time'): void;
  submit(): void;
}) {
  const { t } = useTranslation();
  const { value: v, single, location, setLocation, preset, setPreset, setPicked, from, to } = props;
  const { businessHours, setBusinessHours, eachDay, setEachDay, showEachDay, error, apply, submit } = props;
  const custom = preset === 'custom';
  return (
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
                  onClick={() => props.openDialog(side, 'date')}
                  data-testid={`mobile-${side}-date`}
                  sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
                >
                  {label}: {lm == null ? t('mobile_filter_choose_date') : formatLocal(lm).slice(0, 10)}
                </Button>
                {!businessHours && (
                  <Button
                    variant="outlined"
                    disabled={lm == null}
                    onClick={() => props.openDialog(side, 'time')}
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
  );
}
