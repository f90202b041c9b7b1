import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Popover from '@mui/material/Popover';
import DateRange from '@mui/icons-material/DateRange';
import type { PeriodChoice } from './period-form';

export type { PeriodChoice } from './period-form';

/** The form and its date pickers load when the popover first opens, not with the dashboard. */
const PeriodForm = lazy(() => import('./period-form'));

/** Toolbar button showing the period, opening the form in a popover. */
export function PeriodSelector({ value, onApply }: { value: PeriodChoice; onApply(v: PeriodChoice): void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const p = value.selectedTimePeriod;
  const label =
    p.value === 'custom' && p.dateFrom && p.dateTo ? `${p.dateFrom} → ${p.dateTo}` : t(`period_${p.value}`);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DateRange />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="period-button"
      >
        {label}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Suspense
          fallback={
            <Box
              sx={{ p: 4, width: 'min(640px, calc(100vw - 32px))', display: 'grid', placeItems: 'center' }}
            >
              <CircularProgress size={24} aria-label={t('loading')} />
            </Box>
          }
        >
          <PeriodForm
            value={value}
            onApply={(v) => {
              setAnchor(null);
              onApply(v);
            }}
          />
        </Suspense>
      </Popover>
    </>
  );
}
