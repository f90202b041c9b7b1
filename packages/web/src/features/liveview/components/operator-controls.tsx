import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useAdjustOccupancy } from '../api/live-view-api';

/**
 * Occupancy operators correct the count at the door: one in, one out, or set the number seen.
 * Every change goes through the adjustment call, which the server audits.
 */
export function OperatorControls(props: {
  liveViewId: string;
  t: TFunction;
  onAdjusted(value: number): void;
}) {
  const { t } = props;
  const [setTo, setSetTo] = useState('');
  const mutation = useAdjustOccupancy(props.liveViewId, {
    onSuccess: (r) => props.onAdjusted(r.occupancyValue),
  });
  const big = { fontSize: 'max(18px, 3.2vmin)', minHeight: 'max(48px, 8vmin)', px: 3, fontWeight: 800 };
  const parsed = Number(setTo);
  const valid = setTo.trim() !== '' && Number.isInteger(parsed) && parsed >= 0;
  return (
    <Box
      data-testid="operator-controls"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 1.5,
        bgcolor: 'rgba(255,255,255,0.94)',
        color: 'text.primary',
      }}
    >
      <Button
        variant="contained"
        color="inherit"
        sx={big}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ delta: -1 })}
        aria-label={t('liveview_adjust_minus')}
      >
        −1
      </Button>
      <Button
        variant="contained"
        sx={big}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ delta: 1 })}
        aria-label={t('liveview_adjust_plus')}
      >
        +1
      </Button>
      <Box
        component="form"
        sx={{ display: 'flex', gap: 1, alignItems: 'center', maxWidth: '100%' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) mutation.mutate({ value: parsed }, { onSuccess: () => setSetTo('') });
        }}
      >
        <TextField
          size="small"
          label={t('liveview_adjust_set_label')}
          value={setTo}
          onChange={(e) => setSetTo(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'operator-set-input' } }}
          // room for the whole label in every language ("Personnes à l'intérieur")
          sx={{ width: 240, maxWidth: '100%' }}
        />
        <Button type="submit" variant="outlined" disabled={!valid || mutation.isPending}>
          {t('liveview_adjust_set')}
        </Button>
      </Box>
      {mutation.isError && (
        <Box role="alert" sx={{ color: 'error.main', fontWeight: 600, width: '100%', textAlign: 'center' }}>
          {t('liveview_adjust_failed')}
        </Box>
      )}
    </Box>
  );
}
