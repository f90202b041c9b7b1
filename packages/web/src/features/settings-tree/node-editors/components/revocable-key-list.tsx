import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useNotify } from '../../../../components/notifications';
import { PanelState, formatDateTime } from './panel-states';

/** What the list needs of a key: ingest keys (/api/IngestKey) and device push keys alike. */
export interface RevocableKey {
  id: string;
  revokedOn: string | null;
}

/**
 * A node's keys (ingest keys, device push URLs): one row each with its name, when it was revoked or
 * its `status` line, and a Revoke button behind a confirmation; an empty list says `empty`.
 */
export function RevocableKeyList<K extends RevocableKey>(props: {
  keys: K[];
  label: string;
  empty: string;
  name: (key: K) => ReactNode;
  status: (key: K) => string;
  confirm: (key: K) => string;
  revoke: { mutate: (id: string, handlers: { onSuccess: () => void; onError: () => void }) => void };
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [revoking, setRevoking] = useState<K | null>(null);
  if (props.keys.length === 0) return <PanelState state="empty" empty={props.empty} />;
  return (
    <>
      <List dense disablePadding aria-label={props.label}>
        {props.keys.map((k) => (
          <ListItem key={k.id} divider disableGutters data-key-id={k.id} sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              {props.name(k)}
              <Typography variant="body2" color="text.secondary">
                {k.revokedOn
                  ? t('node_editor_key_revoked_on', { at: formatDateTime(i18n.language, k.revokedOn) })
                  : props.status(k)}
              </Typography>
            </Box>
            {!k.revokedOn && (
              <Button size="small" color="error" onClick={() => setRevoking(k)}>
                {t('node_editor_revoke')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={revoking !== null}
        message={revoking ? props.confirm(revoking) : ''}
        onNo={() => setRevoking(null)}
        onYes={() => {
          const key = revoking;
          setRevoking(null);
          if (key)
            props.revoke.mutate(key.id, {
              onSuccess: () => notify(t('node_editor_key_revoked'), 'success'),
              onError: () => notify(t('node_editor_save_failed'), 'error'),
            });
        }}
      />
    </>
  );
}
