import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiveViewInfo } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { liveViewsQuery, useShareLiveView } from './api/node-editors-api';
import { LiveViewFormDialog } from './components/live-view-form';
import { PanelState } from './components/panel-states';

/**
 * The live views of a node (/api/LiveView): create and edit (name, thresholds, delta, black screen
 * outside business hours) and the public share link (shown once when made; it can be removed).
 */
export function NodeLiveViewsPanel({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const views = useQuery(liveViewsQuery());
  const share = useShareLiveView();
  const [editing, setEditing] = useState<LiveViewInfo | 'new' | null>(null);
  const [links, setLinks] = useState<Record<string, string>>({});

  if (views.isPending) return <PanelState state="loading" />;
  if (views.isError) return <PanelState state="error" />;
  const mine = views.data.filter((v) => v.nodeId === nodeId);

  const toggleShare = (view: LiveViewInfo, on: boolean) =>
    share.mutate(
      { id: view.id, share: on },
      {
        onSuccess: (result) => {
          setLinks((l) => {
            const next = { ...l };
            if (result) next[view.id] = `${window.location.origin}${result.path}`;
            else delete next[view.id];
            return next;
          });
          notify(t(on ? 'node_editor_share_created' : 'node_editor_share_removed'), 'success');
        },
        onError: () => notify(t('node_editor_save_failed'), 'error'),
      },
    );

  return (
    <Stack spacing={1}>
      {mine.length === 0 && <PanelState state="empty" empty={t('node_editor_no_live_views')} />}
      {mine.length > 0 && (
        <List dense disablePadding aria-label={t('node_editor_live_views')}>
          {mine.map((v) => (
            <ListItem key={v.id} divider disableGutters sx={{ display: 'block' }} data-live-view-id={v.id}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {v.name}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`${t('node_editor_edit')} ${v.name}`}
                  onClick={() => setEditing(v)}
                >
                  <Edit fontSize="small" />
                </IconButton>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('node_editor_live_view_summary', {
                  warning: v.warningThreshold,
                  alert: v.alertThreshold,
                  delta: v.isDeltaPercentage ? `${v.thresholdDelta} %` : v.thresholdDelta,
                })}
                {v.blackScreenOutsideBusinessHours ? ` · ${t('node_editor_black_screen')}` : ''}
              </Typography>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                {links[v.id] ? (
                  <TextField
                    size="small"
                    label={t('node_editor_share_link')}
                    value={links[v.id]}
                    slotProps={{ htmlInput: { readOnly: true } }}
                    sx={{ flex: '1 1 260px' }}
                  />
                ) : (
                  v.hasShareLink && <Typography variant="body2">{t('node_editor_shared')}</Typography>
                )}
                <Button size="small" disabled={share.isPending} onClick={() => toggleShare(v, true)}>
                  {v.hasShareLink ? t('node_editor_share_renew') : t('node_editor_share_create')}
                </Button>
                {v.hasShareLink && (
                  <Button
                    size="small"
                    color="error"
                    disabled={share.isPending}
                    onClick={() => toggleShare(v, false)}
                  >
                    {t('node_editor_share_remove')}
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <Box>
        <Button startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('node_editor_new_live_view')}
        </Button>
      </Box>
      {editing && (
        <LiveViewFormDialog
          nodeId={nodeId}
          view={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
