import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreateIngestKeyBody, type IngestKeyView } from '@footfall/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { ingestKeysQuery, useCreateIngestKey, useRevokeIngestKey } from './api/node-editors-api';
import { PanelState, formatDateTime } from './components/panel-states';

/**
 * The ingest keys writing under a node (/api/IngestKey): create (the key is shown once, here, until
 * the panel closes) and revoke.
 */
export function NodeIngestKeysPanel({ nodeId }: { nodeId: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const keys = useQuery(ingestKeysQuery());
  const create = useCreateIngestKey();
  const revoke = useRevokeIngestKey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<IngestKeyView | null>(null);

  if (keys.isPending) return <PanelState state="loading" />;
  if (keys.isError) return <PanelState state="error" />;
  const mine = keys.data.filter((k) => k.scopeNodeId === nodeId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateIngestKeyBody.safeParse({ name, scopeNodeId: nodeId });
    if (!parsed.success) {
      setNameError(t('node_editor_error_required'));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (made) => {
        setCreated({ name: made.name, key: made.key });
        setName('');
      },
      onError: () => notify(t('node_editor_save_failed'), 'error'),
    });
  };

  return (
    <Stack spacing={1}>
      {created && (
        <Alert severity="warning" onClose={() => setCreated(null)} data-testid="ingest-key-created">
          <Typography variant="body2">{t('node_editor_key_shown_once', { name: created.name })}</Typography>
          <Typography
            component="code"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: 'block', mt: 0.5 }}
          >
            {created.key}
          </Typography>
        </Alert>
      )}
      {mine.length === 0 ? (
        <PanelState state="empty" empty={t('node_editor_no_keys')} />
      ) : (
        <List dense disablePadding aria-label={t('node_editor_ingest_keys')}>
          {mine.map((k) => (
            <ListItem key={k.id} divider disableGutters data-key-id={k.id} sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {k.name}{' '}
                  <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                    {k.keyPrefix}…
                  </Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {k.revokedOn
                    ? t('node_editor_key_revoked_on', { at: formatDateTime(i18n.language, k.revokedOn) })
                    : k.lastUsedOn
                      ? t('node_editor_key_last_used', { at: formatDateTime(i18n.language, k.lastUsedOn) })
                      : t('node_editor_key_never_used')}
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
      )}
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          id="ingest-key-name"
          size="small"
          label={t('node_editor_key_name')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          error={Boolean(nameError)}
          helperText={nameError ?? ' '}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={create.isPending} sx={{ flexShrink: 0 }}>
          {t('node_editor_create_key')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={revoking !== null}
        message={t('node_editor_revoke_confirm', { name: revoking?.name ?? '' })}
        onNo={() => setRevoking(null)}
        onYes={() => {
          const key = revoking;
          setRevoking(null);
          if (key)
            revoke.mutate(key.id, {
              onSuccess: () => notify(t('node_editor_key_revoked'), 'success'),
              onError: () => notify(t('node_editor_save_failed'), 'error'),
            });
        }}
      />
    </Stack>
  );
}
