import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import type { TreeNode } from '@footfall/domain';
import { TreeView } from '../../../components/tree-selector/tree-view';
import type { Tags } from '../../../components/tree-selector/tree-tags';
import { flattenTree } from '../../../lib/tree-api';

import { NO_TAGS } from '../../../components/tree-selector/location-dialog';

/**
 * "Move to...": picks the new parent with the shared tree selector (its search and spec rules). The
 * server decides; a refusal (cycle, wrong parent type, outside the scope) shows here, translated.
 */
export function MoveDialog(props: {
  open: boolean;
  nodeName: string;
  tree: readonly TreeNode[];
  busy: boolean;
  error: string | null;
  onMove(parentId: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const nodes = useMemo(() => flattenTree(props.tree), [props.tree]);
  const [selection, setSelection] = useState<string[]>([]);
  const [tags, setTags] = useState<Tags>(NO_TAGS);
  const target = selection.at(-1) ?? null;
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="move-title">
      <DialogTitle id="move-title">{t('settings_tree_move_title', { name: props.nodeName })}</DialogTitle>
      <DialogContent dividers sx={{ px: 1, maxHeight: '60vh' }}>
        <DialogContentText sx={{ px: 2, pb: 1 }}>{t('settings_tree_move_help')}</DialogContentText>
        <TreeView
          nodes={nodes}
          selection={target ? [target] : []}
          onSelection={setSelection}
          tags={tags}
          onTags={setTags}
          pane="semiClosed"
        />
      </DialogContent>
      {props.busy && <LinearProgress aria-label={t('loading')} />}
      {props.error && (
        <Alert severity="error" role="alert" sx={{ mx: 3, mt: 2 }} data-testid="move-error">
          {props.error}
        </Alert>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} color="inherit">
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!target || props.busy}
          onClick={() => target && props.onMove(target)}
        >
          {t('settings_tree_move_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
