import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { ImportRunStatus } from '@footfall/domain';

const COLORS = { running: 'info', succeeded: 'success', rejected: 'warning', failed: 'error' } as const;

/** A run's status as a small chip (the word, never the colour alone). */
export function RunStatus({ status }: { status: ImportRunStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} variant="outlined" label={t(`imp_status_${status}`)} />;
}
