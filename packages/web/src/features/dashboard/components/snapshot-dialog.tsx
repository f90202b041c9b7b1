import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { SNAPSHOT_MAX_RECIPIENTS, SnapshotEmail } from '@footfall/domain';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../components/notifications';
import { useLang } from '../../../lib/use-lang';
import { useSendSnapshot } from '../api/dashboards-api';

const looksLikeEmail = (v: string) => SnapshotEmail.safeParse(v).success;

/** Splits what was typed or pasted ("a@x.com, b@y.com; c@z.com") into distinct addresses. */
export function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * "Send a snapshot": the dashboard's figures over its period, rendered by the server as a PDF and
 * mailed to the recipients typed here (one chip per address; invalid addresses are shown in red and
 * block sending). The server draws the saved dashboard: while it has no location (`noLocation`: none
 * selected, or selected but not saved) a warning says what to do and sending is blocked.
 */
export function SnapshotDialog(props: {
  dashboardId: string;
  dashboardName: string;
  noLocation?: 'none' | 'unsaved' | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const lang = useLang();
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const pending = splitEmails(draft);
  const all = [...new Set([...emails, ...pending])];
  const invalid = all.filter((e) => !looksLikeEmail(e));
  const tooMany = all.length > SNAPSHOT_MAX_RECIPIENTS;
  const send = useSendSnapshot(props.dashboardId, {
    onSuccess: (r) => {
      notify(t('snapshot_sent', { count: r.sent }), 'success');
      props.onClose();
    },
    onError: (e: unknown) => {
      console.error('snapshot', e);
      notify(
        e instanceof ApiError && e.status === 400 ? t('snapshot_invalid') : t('snapshot_failed'),
        'error',
      );
    },
  });
  const error =
    invalid.length > 0
      ? t('snapshot_invalid')
      : tooMany
        ? t('snapshot_too_many', { max: SNAPSHOT_MAX_RECIPIENTS })
        : '';
  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="snapshot-title">
      <DialogTitle id="snapshot-title">{t('snapshot_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('snapshot_text', { name: props.dashboardName })}
        </DialogContentText>
        {props.noLocation && (
          <Alert severity="warning" role="alert" sx={{ mb: 2 }} data-testid="snapshot-no-location">
            {t(
              props.noLocation === 'none'
                ? 'dashboard_snapshot_no_location'
                : 'dashboard_snapshot_unsaved_location',
            )}
          </Alert>
        )}
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={emails}
          inputValue={draft}
          onInputChange={(_, v, reason) => {
            // a separator typed or pasted turns what precedes it into chips
            if (reason === 'input' && /[\s,;]/.test(v)) {
              const parts = splitEmails(v);
              const last = /[\s,;]$/.test(v) ? '' : (parts.pop() ?? '');
              setEmails((cur) => [...new Set([...cur, ...parts])]);
              setDraft(last);
            } else setDraft(v);
          }}
          onChange={(_, v) => setEmails([...new Set(v.flatMap((x) => splitEmails(String(x))))])}
          renderValue={(value, getItemProps) =>
            value.map((email, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  {...itemProps}
                  size="small"
                  label={email}
                  color={looksLikeEmail(email) ? 'default' : 'error'}
                  variant={looksLikeEmail(email) ? 'filled' : 'outlined'}
                />
              );
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              label={t('snapshot_recipients')}
              placeholder={emails.length === 0 ? 'name@example.com' : undefined}
              error={error !== ''}
              helperText={error || t('snapshot_recipients_hint')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'snapshot-recipients' },
              }}
            />
          )}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} color="inherit">
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={all.length === 0 || error !== '' || send.isPending || !!props.noLocation}
          onClick={() => send.mutate({ emails: all, language: lang })}
        >
          {t('snapshot_send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
export default SnapshotDialog;
