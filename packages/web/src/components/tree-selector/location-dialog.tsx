import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { flattenTree, treeQuery, type FlatNode } from '../../lib/tree-api';
import { TreeView } from './tree-view';
import type { Tags } from './tree-tags';

/** The no-filter value of the tag filter. */
export const NO_TAGS: Tags = {
  locationGroup: [],
  adults: false,
  children: false,
  males: false,
  females: false,
};

/** The user's tree, flattened, and the name of each node (the pickers' button labels). */
export function useTreeNodes() {
  const tree = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const names = useMemo(() => new Map(nodes.map((n) => [n.id, n.name])), [nodes]);
  return { nodes, names };
}

/**
 * The shared tree (search, single or multiple selection, location group and tag filter) in a dialog,
 * applied at once: the dialog of every location picker (ranking, performance, reports, alerts). It
 * starts from `selection` and `tags` each time it opens; Cancel keeps the caller's values.
 */
export function LocationDialog(props: {
  open: boolean;
  onClose(): void;
  title: string;
  nodes: FlatNode[];
  selection: string[];
  tags: Tags;
  onApply(nodeIds: string[], tags: Tags): void;
  /** the test id of Apply */
  applyTestId: string;
  /** the tree's devices toggle (reports by zone) */
  deviceToggle?: boolean;
  /** Apply stays disabled while nothing is selected */
  requireSelection?: boolean;
}) {
  const narrow = useMediaQuery('(max-width:599.95px)');
  // a new body per opening, so the draft starts again from the caller's values
  const [opening, setOpening] = useState(0);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={narrow}
      slotProps={{ transition: { onEnter: () => setOpening((n) => n + 1) } }}
    >
      <DialogBody key={opening} {...props} />
    </Dialog>
  );
}

function DialogBody(props: Parameters<typeof LocationDialog>[0]) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState(props.selection);
  const [tags, setTags] = useState(props.tags);
  return (
    <>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent dividers sx={{ px: 0, minHeight: 320 }}>
        <TreeView
          nodes={props.nodes}
          selection={selection}
          onSelection={setSelection}
          tags={tags}
          onTags={setTags}
          pane="open"
          deviceToggle={props.deviceToggle}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={props.requireSelection === true && selection.length === 0}
          data-testid={props.applyTestId}
          onClick={() => {
            props.onClose();
            props.onApply(selection, tags);
          }}
        >
          {t('apply')}
        </Button>
      </DialogActions>
    </>
  );
}
