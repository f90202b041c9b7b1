import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canApproveIncident, canDiscardIncident, type Incident, type Ticket } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { useUser } from '../../../lib/session/current-user';
import { useApproveIncident, useDiscardIncident } from '../api/incidents-api';

/**
 * Approve (confirm: opens a ticket, with an optional first comment) or discard (a false alarm, with a
 * reason) an open incident nobody reviewed yet, for the roles the policies allow.
 */
export function IncidentActions(props: {
  incident: Incident;
  onApproved?(ticket: Ticket): void;
  onDiscarded?(): void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const notify = useNotify();
  const approve = useApproveIncident();
  const discard = useDiscardIncident();
  const [mode, setMode] = useState<'approve' | 'discard' | null>(null);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const { incident } = props;
  const may = { approve: canApproveIncident(user), discard: canDiscardIncident(user) };
  if (incident.status !== 'open' || incident.review || (!may.approve && !may.discard)) return null;
  const busy = approve.isPending || discard.isPending;
  const reasonMissing = mode === 'discard' && text.trim() === '';

  // mutateAsync, not mutate's callbacks: approving takes the incident off the list the drawer shows,
  // which can unmount this form before mutate's own callbacks run (the ticket would then never open)
  const submit = async () => {
    setTouched(true);
    try {
      if (mode === 'approve') {
        const ticket = await approve.mutateAsync({
          incidentId: incident.id,
          comment: text.trim() || undefined,
        });
        notify(t('monitoring_approved_notice', { ticket: ticket.ticketNumber }), 'success');
        setMode(null);
        props.onApproved?.(ticket);
      }
      if (mode === 'discard' && !reasonMissing) {
        await discard.mutateAsync({ incidentId: incident.id, reason: text.trim() });
        notify(t('monitoring_discarded_notice'), 'success');
        setMode(null);
        props.onDiscarded?.();
      }
    } catch {
      notify(t('monitoring_action_failed'), 'error');
    }
  };

  if (mode === null)
    return (
      <Stack direction="row" spacing={1} data-testid="incident-actions">
        {may.approve && (
          <Button variant="contained" onClick={() => (setMode('approve'), setText(''), setTouched(false))}>
            {t('monitoring_approve')}
          </Button>
        )}
        {may.discard && (
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => (setMode('discard'), setText(''), setTouched(false))}
          >
            {t('monitoring_discard')}
          </Button>
        )}
      </Stack>
    );
  return (
    <Stack
      spacing={1.5}
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), void submit())}
      data-testid="incident-action-form"
    >
      <Typography variant="subtitle2" component="h3">
        {t(mode === 'approve' ? 'monitoring_approve_title' : 'monitoring_discard_title')}
      </Typography>
      <TextField
        label={t(mode === 'approve' ? 'monitoring_approve_comment' : 'monitoring_discard_reason')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        required={mode === 'discard'}
        error={touched && reasonMissing}
        helperText={touched && reasonMissing ? t('monitoring_reason_required') : ' '}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
        autoFocus
      />
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          color={mode === 'discard' ? 'warning' : 'primary'}
          disabled={busy}
        >
          {t(mode === 'approve' ? 'monitoring_approve_confirm' : 'monitoring_discard_confirm')}
        </Button>
        <Button onClick={() => setMode(null)} disabled={busy}>
          {t('cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
