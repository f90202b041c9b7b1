import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import UnfoldLess from '@mui/icons-material/UnfoldLess';
import UnfoldMore from '@mui/icons-material/UnfoldMore';
import LinkOff from '@mui/icons-material/LinkOff';
import {
  canManageWholeTree,
  canRestructureNode,
  childKindsOf,
  treeSearchApplies,
  type NodeKind,
  type NodeSummary,
} from '@footfall/domain';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../components/page-title';
import { useNotify } from '../../../components/notifications';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDebounced } from '../../../components/tree-selector/tree-view';
import { treeQuery } from '../../../lib/tree-api';
import { useUser } from '../../../lib/session/current-user';
import { indexTree, parentIds, pathOf, visibleRows } from '../lib/tree-model';
import { treeErrorText } from '../lib/tree-error';
import { orphansQuery } from '../api/tree-admin-api';
import { useTreeChanges } from '../hooks/use-tree-changes';
import { TreeList } from './tree-list';
import { NodeDetails } from './node-details';
import { CreateNodeDialog } from './create-node-dialog';
import { RenameDialog } from './rename-dialog';
import { MoveDialog } from './move-dialog';
import { OrphansDialog } from './orphans-dialog';
import { UnknownDevicesButton } from '../unknown-devices/unknown-devices';

type Dialog =
  | { kind: 'create'; parentId: string | null }
  | { kind: 'rename'; nodeId: string }
  | { kind: 'move'; nodeId: string; name: string }
  | { kind: 'delete'; nodeId: string }
  | { kind: 'orphan'; nodeId: string }
  | { kind: 'orphans' };

/**
 * Settings > Organisational structure: the whole tree of the admin's scope (virtualised, searchable,
 * counts per node), the selected node's details and panels, and the changes: create, rename, move
 * (drag and drop or "Move to..."), delete (children become orphans), send to the orphans, and for a
 * superAdmin the orphans with re-attach.
 */
export function SettingsTreePage() {
  const { t } = useTranslation();
  usePageTitle(t('settings_tree'));
  const user = useUser();
  const principal = { roles: user.roles, scopeNodeId: user.scope };
  const wholeTree = canManageWholeTree(principal);
  const tree = useQuery(treeQuery());
  const orphans = useQuery({ ...orphansQuery(), enabled: wholeTree });
  const index = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('node');
  const select = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('node', id);
        else next.delete('node');
        return next;
      },
      { replace: true },
    );
  const [expandedState, setExpanded] = useState<Set<string> | null>(null);
  // first view: the top level open, so the admin sees their groups and locations
  const expanded = expandedState ?? new Set(index.roots);
  const toggle = (id: string) => {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setExpanded(next);
  };
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const rows = useMemo(() => visibleRows(index, expanded, search), [index, expanded, search]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ field?: string; message: string } | null>(null);
  const notify = useNotify();
  const errorText = (e: unknown) => {
    const { key, values } = treeErrorText(e);
    return t(key, values);
  };
  const close = () => {
    setDialog(null);
    setMoveError(null);
    setFormError(null);
  };
  const changes = useTreeChanges({
    onRenamed: (node) => {
      close();
      notify(t('settings_tree_renamed', { name: node.name }), 'success');
    },
    onMoved: (node, fromDialog) => {
      if (fromDialog) close();
      setExpanded((cur) => new Set([...(cur ?? expanded), node.parentId!]));
      select(node.id);
      notify(t('settings_tree_moved', { name: node.name }), 'success');
    },
    onMoveFailed: (e, fromDialog) =>
      fromDialog ? setMoveError(errorText(e)) : notify(errorText(e), 'error'),
    onDeleted: (name, orphaned) => {
      close();
      select(null);
      notify(
        t(orphaned ? 'settings_tree_deleted_orphans' : 'settings_tree_deleted', { name, count: orphaned }),
        'success',
      );
    },
    onOrphaned: (name) => {
      close();
      select(null);
      notify(t('settings_tree_orphaned', { name }), 'success');
    },
    onFormFailed: (e) => {
      const field = e instanceof ApiError ? e.field : undefined;
      setFormError({ ...(field ? { field } : {}), message: errorText(e) });
    },
    onFailed: (e) => {
      close();
      notify(errorText(e), 'error');
    },
  });

  const selected = selectedId ? index.byId.get(selectedId) : undefined;
  const dialogNode = dialog && 'nodeId' in dialog ? index.byId.get(dialog.nodeId) : undefined;
  const createParent =
    dialog?.kind === 'create' && dialog.parentId ? index.byId.get(dialog.parentId) : undefined;
  const createKinds: NodeKind[] = dialog?.kind === 'create' ? childKindsOf(createParent?.kind ?? null) : [];
  const searching = treeSearchApplies(search);

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h5" component="h1">
          {t('settings_tree')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {wholeTree && (
            <Button
              variant="outlined"
              startIcon={
                <Badge badgeContent={orphans.data?.length ?? 0} color="warning" max={999}>
                  <LinkOff />
                </Badge>
              }
              onClick={() => setDialog({ kind: 'orphans' })}
            >
              {t('settings_tree_orphans')}
            </Button>
          )}
          {wholeTree && (
            <UnknownDevicesButton
              onAdopted={(node) => {
                select(node.id);
                notify(t('devices_adopted', { name: node.name }), 'success');
              }}
            />
          )}
          {wholeTree && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setDialog({ kind: 'create', parentId: null })}
            >
              {t('settings_tree_add_group')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 2,
          alignItems: { xs: 'stretch', md: 'flex-start' },
          minWidth: 0,
        }}
      >
        <Paper
          variant="outlined"
          sx={{
            flex: { md: '0 0 440px' },
            height: { xs: '55dvh', md: 'calc(100dvh - 190px)' },
            minHeight: 320,
            display: 'flex',
            flexDirection: 'column',
            minWidth: 0,
          }}
        >
          <Stack direction="row" spacing={0.5} sx={{ p: 1.5, pb: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              fullWidth
              placeholder={t('settings_tree_search')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              slotProps={{
                htmlInput: {
                  'aria-label': t('settings_tree_search'),
                  maxLength: 200,
                  'data-testid': 'settings-tree-search',
                },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Tooltip title={t('settings_tree_expand_all')}>
              <IconButton
                aria-label={t('settings_tree_expand_all')}
                onClick={() => setExpanded(new Set(parentIds(index)))}
              >
                <UnfoldMore />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('settings_tree_collapse_all')}>
              <IconButton aria-label={t('settings_tree_collapse_all')} onClick={() => setExpanded(new Set())}>
                <UnfoldLess />
              </IconButton>
            </Tooltip>
          </Stack>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ px: 2, pb: 0.5 }}
            aria-live="polite"
            data-testid="settings-tree-summary"
          >
            {searching
              ? t('settings_tree_search_results', { count: rows.filter((r) => r.match).length })
              : t('settings_tree_summary', { count: index.byId.size })}
          </Typography>
          <Box sx={{ height: 4 }}>{changes.busy && <LinearProgress aria-label={t('loading')} />}</Box>
          {tree.isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t(searching ? 'settings_tree_no_match' : 'settings_tree_empty')}
            </Typography>
          ) : (
            <TreeList
              rows={rows}
              selectedId={selectedId}
              onSelect={select}
              onToggle={toggle}
              canDrag={(id) => canRestructureNode(principal, id)}
              onMove={(nodeId, parentId) => changes.move({ nodeId, parentId }, false)}
              label={t('settings_tree')}
            />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, minHeight: { md: 320 } }}>
          {selected ? (
            <NodeDetails
              node={selected}
              path={pathOf(index, selected.id)}
              actions={{
                canAddChild: childKindsOf(selected.kind).length > 0,
                canRestructure: canRestructureNode(principal, selected.id),
                onAddChild: () => setDialog({ kind: 'create', parentId: selected.id }),
                onRename: () => setDialog({ kind: 'rename', nodeId: selected.id }),
                onMove: () => setDialog({ kind: 'move', nodeId: selected.id, name: selected.name }),
                onOrphan: () => setDialog({ kind: 'orphan', nodeId: selected.id }),
                onDelete: () => setDialog({ kind: 'delete', nodeId: selected.id }),
              }}
            />
          ) : (
            <Typography color="text.secondary" sx={{ p: 3 }} data-testid="settings-tree-no-selection">
              {t('settings_tree_select_hint')}
            </Typography>
          )}
        </Paper>
      </Box>

      {dialog?.kind === 'create' && (
        <CreateNodeDialog
          parentId={dialog.parentId}
          parentLabel={
            createParent ? pathOf(index, createParent.id).join(' › ') : t('settings_tree_top_level')
          }
          kinds={createKinds}
          onCreated={(id) => {
            close();
            if (dialog.parentId) setExpanded(new Set([...expanded, dialog.parentId]));
            select(id);
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'rename' && dialogNode && (
        <RenameDialog
          name={dialogNode.name}
          busy={changes.busy}
          serverError={formError}
          onSubmit={(name) => changes.rename({ id: dialogNode.id, body: { name } })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          open
          nodeName={dialog.name}
          tree={tree.data ?? []}
          busy={changes.busy}
          error={moveError}
          onMove={(parentId) => {
            setMoveError(null);
            changes.move({ nodeId: dialog.nodeId, parentId }, true);
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && dialogNode && (
        <ConfirmDialog
          open
          title={t('settings_tree_delete_title')}
          message={t(
            dialogNode.childIds.length
              ? 'settings_tree_delete_confirm_children'
              : 'settings_tree_delete_confirm',
            {
              name: dialogNode.name,
              count: dialogNode.childIds.length,
            },
          )}
          onYes={() => changes.remove(dialogNode)}
          onNo={close}
        />
      )}
      {dialog?.kind === 'orphan' && dialogNode && (
        <ConfirmDialog
          open
          title={t('settings_tree_to_orphans')}
          message={t('settings_tree_orphan_confirm', { name: dialogNode.name })}
          onYes={() => changes.orphan(dialogNode)}
          onNo={close}
        />
      )}
      <OrphansDialog
        open={dialog?.kind === 'orphans'}
        onReattach={(orphan: NodeSummary) =>
          setDialog({ kind: 'move', nodeId: orphan.id, name: orphan.name })
        }
        onClose={close}
      />
    </Box>
  );
}
