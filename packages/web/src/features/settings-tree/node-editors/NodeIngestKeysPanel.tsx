import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreateIngestKeyBody } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { ingestKeysQuery, useCreateIngestKey, useRevokeIngestKey } from './api/node-editors-api';
import { PanelState, formatDateTime } from './components/panel-states';
import { RevocableKeyList } from './components/revocable-key-list';

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
      <RevocableKeyList
        keys={mine}
        label={t('node_editor_ingest_keys')}
        empty={t('node_editor_no_keys')}
        name={(k) => (
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {k.name}{' '}
            <Typography component="span" sx={{ fontFamily: 'monospace' }}>
              {k.keyPrefix}…
            </Typography>
          </Typography>
        )}
        status={(k) =>
          k.lastUsedOn
            ? t('node_editor_key_last_used', { at: formatDateTime(i18n.language, k.lastUsedOn) })
            : t('node_editor_key_never_used')
        }
        confirm={(k) => t('node_editor_revoke_confirm', { name: k.name })}
        revoke={revoke}
      />
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
    </Stack>
  );
}
