import { useMemo, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SensorsOff from '@mui/icons-material/SensorsOff';
import { nodeKindOf, type NodeSummary, type TreeNode, type UnknownDeviceView } from '@footfall/domain';
import { api } from '../../../lib/api-client';
import { treeQuery } from '../../../lib/tree-api';

/** Devices that pushed before they were registered (superAdmin). */
export const unknownDevicesQuery = () =>
  queryOptions({
    queryKey: ['devices', 'unknown'] as const,
    queryFn: ({ signal }) => api<UnknownDeviceView[]>('/api/UnknownDevice', { signal }),
  });

const adopt = (input: { identity: string; parentId: string; name: string }) =>
  api<NodeSummary>(`/api/UnknownDevice/${encodeURIComponent(input.identity)}/adopt`, {
    method: 'POST',
    body: { parentId: input.parentId, name: input.name },
  });

function locationsOf(nodes: readonly TreeNode[], path: string[] = []): { id: string; label: string }[] {
  return nodes.flatMap((n) => {
    const here = [...path, n.name];
    const own = nodeKindOf(n.type) === 'location' ? [{ id: n.id, label: here.join(' / ') }] : [];
    return [...own, ...locationsOf(n.children, here)];
  });
}

/**
 * The header button of the tree settings (superAdmin): how many devices pushed without being known,
 * and the list where each is adopted into a location (the device node gets its MAC or serial).
 */
export function UnknownDevicesButton(props: { onAdopted(node: NodeSummary): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unknown = useQuery(unknownDevicesQuery());
  return (
    <>
      <Button
        variant="outlined"
        startIcon={
          <Badge badgeContent={unknown.data?.length ?? 0} color="warning" max={999}>
            <SensorsOff />
          </Badge>
        }
        onClick={() => setOpen(true)}
      >
        {t('devices_unknown')}
      </Button>
      <UnknownDevicesDialog
        open={open}
        onClose={() => setOpen(false)}
        onAdopted={(node) => {
          setOpen(false);
          props.onAdopted(node);
        }}
      />
    </>
  );
}

function UnknownDevicesDialog(props: { open: boolean; onClose(): void; onAdopted(node: NodeSummary): void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const unknown = useQuery({ ...unknownDevicesQuery(), enabled: props.open });
  const tree = useQuery(treeQuery());
  const locations = useMemo(() => locationsOf(tree.data ?? []), [tree.data]);
  const [adopting, setAdopting] = useState<UnknownDeviceView | null>(null);
  const [parentId, setParentId] = useState('');
  const [name, setName] = useState('');
  const mutation = useMutation({
    mutationFn: adopt,
    onSuccess: async (node) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: unknownDevicesQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: treeQuery().queryKey.slice(0, 1) }),
      ]);
      setAdopting(null);
      props.onAdopted(node);
    },
  });
  const list = unknown.data ?? [];
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const start = (d: UnknownDeviceView) => {
    setAdopting(d);
    setName(d.identities[0] ?? d.identity);
    setParentId('');
    mutation.reset();
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="unknown-devices-title"
    >
      <DialogTitle id="unknown-devices-title">{t('devices_unknown_title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText>{t('devices_unknown_help')}</DialogContentText>
        {unknown.isSuccess && list.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }} data-testid="unknown-devices-empty">
            {t('devices_unknown_none')}
          </Typography>
        )}
        {unknown.isError && (
          <Typography color="error" sx={{ py: 2 }}>
            {t('devices_unknown_error')}
          </Typography>
        )}
        <List dense data-testid="unknown-devices-list">
          {list.map((d) => (
            <ListItem
              key={d.identity}
              data-identity={d.identity}
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => start(d)}
                  aria-label={t('devices_adopt_named', { name: d.identities[0] })}
                >
                  {t('devices_adopt')}
                </Button>
              }
            >
              <ListItemText
                primary={`${d.identities[0] ?? d.identity} · ${d.vendor}`}
                secondary={t('devices_unknown_seen', { count: d.pushCount, last: when(d.lastSeenOn) })}
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
        {adopting && (
          <Stack
            component="form"
            sx={{ gap: 2, pt: 2 }}
            onSubmit={(e) => {
              e.preventDefault();
              mutation.mutate({ identity: adopting.identity, parentId, name });
            }}
          >
            <Typography variant="subtitle1" component="h2">
              {t('devices_adopt_title', { name: adopting.identities[0] ?? adopting.identity })}
            </Typography>
            <TextField
              select
              required
              label={t('devices_adopt_location')}
              value={parentId}
              onChange={(e) => setParentId(e.target.value)}
            >
              {locations.map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              required
              label={t('devices_adopt_name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {mutation.isError && <Typography color="error">{t('devices_adopt_failed')}</Typography>}
            <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
              <Button onClick={() => setAdopting(null)}>{t('cancel')}</Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!parentId || !name.trim() || mutation.isPending}
              >
                {t('devices_adopt_confirm')}
              </Button>
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
