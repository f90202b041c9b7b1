import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { TreeView } from '../../../components/tree-selector/tree-view';
import type { Tags } from '../../../components/tree-selector/tree-tags';

/**
 * The locations to rank: the shared tree (search, single or multiple selection, location group and
 * tag filter) in a dialog, applied at once. Nothing selected ranks the whole scope.
 */
export function LocationPicker(props: {
  selection: string[];
  tags: Tags;
  onApply(nodeIds: string[], tags: Tags): void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState(props.selection);
  const [tags, setTags] = useState(props.tags);
  const tree = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const names = new Map(nodes.map((n) => [n.id, n.name]));
  const count = props.selection.length;
  const label =
    count === 0
      ? t('ranking_all_locations')
      : count === 1
        ? (names.get(props.selection[0]!) ?? t('ranking_locations_count', { count }))
        : t('ranking_locations_count', { count });
  const filtered = props.tags.locationGroup.length > 0;
  const openDialog = () => {
    setSelection(props.selection);
    setTags(props.tags);
    setOpen(true);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AccountTree />}
        onClick={openDialog}
        data-testid="ranking-locations"
        sx={{
          maxWidth: 320,
          justifyContent: 'flex-start',
          '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        <span className="label">
          {label}
          {filtered ? ` · ${props.tags.locationGroup.join(', ')}` : ''}
        </span>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" fullScreen={narrow}>
        <DialogTitle>{t('ranking_locations_title')}</DialogTitle>
        <DialogContent dividers sx={{ px: 0, minHeight: 320 }}>
          <TreeView
            nodes={nodes}
            selection={selection}
            onSelection={setSelection}
            tags={tags}
            onTags={setTags}
            pane="open"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            data-testid="ranking-locations-apply"
            onClick={() => {
              setOpen(false);
              props.onApply(selection, tags);
            }}
          >
            {t('apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
