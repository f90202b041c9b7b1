import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Circle from '@mui/icons-material/Circle';
import type { AlertSeverity } from '@footfall/domain';
import { severityColor } from './alert-texts';

/** A severity as an outlined chip: a coloured dot and the word in the text colour. */
export function SeverityChip(props: { severity: AlertSeverity }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Circle sx={{ '&&': { color: severityColor(props.severity) }, fontSize: 12 }} />}
      label={t(`alerts_severity_${props.severity}`)}
      sx={{ mr: 1 }}
    />
  );
}
