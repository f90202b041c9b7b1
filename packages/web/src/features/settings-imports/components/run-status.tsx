import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { ImportRunStatus } from '@footfall/domain';

// outlined chips in colours that keep 4.5:1 text contrast on white (the warning orange does not)
const COLORS = { running: 'primary', succeeded: 'success', rejected: 'error', failed: 'error' } as const;

/** A run's status as a small chip (the word, never the colour alone). */
export function RunStatus({ status }: { status: ImportRunStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} variant="outlined" label={t(`imp_status_${status}`)} />;
}
