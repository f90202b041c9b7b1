import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import { useTranslation } from 'react-i18next';
import { useWarningMessage } from '../api/warning-message';

/** The maintenance message across the top of the page, when there is one. */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const { data: message } = useWarningMessage();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const shown = !!message && dismissed !== message;
  return (
    <Collapse in={shown} unmountOnExit>
      <Alert
        severity="warning"
        variant="filled"
        role="status"
        data-testid="maintenance-banner"
        onClose={() => setDismissed(message ?? null)}
        slotProps={{ closeButton: { 'aria-label': t('close') } as object }}
        sx={{ borderRadius: 0, justifyContent: 'center', py: 0.25 }}
      >
        {message}
      </Alert>
    </Collapse>
  );
}
