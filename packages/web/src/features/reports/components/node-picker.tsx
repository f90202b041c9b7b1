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

const NO_TAGS: Tags = { locationGroup: [], adults: false, children: false, males: false, females: false };

/**
 * A report's selection: the shared tree (search, single or multiple selection, location group filter;
 * devices for reports by zone) in a dialog, applied at once.
 */
export function NodePicker(props: {
  label: string;
  selection: string[];
  onApply(nodeIds: string[]): void;
  zones: boolean;
  testId: string;
  /** the whole width of its column (the phone's parameters dialog) */
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState(props.selection);
  const [tags, setTags] = useState(NO_TAGS);
  const tree = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const names = new Map(nodes.map((n) => [n.id, n.name]));
  const count = props.selection.length;
  const summary =
    count === 0
      ? t('reports_no_selection')
      : count === 1
        ? (names.get(props.selection[0]!) ?? t('reports_nodes_count', { count }))
        : t('reports_nodes_count', { count });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AccountTree />}
        onClick={() => {
          setSelection(props.selection);
          setOpen(true);
        }}
        data-testid={props.testId}
        aria-label={`${props.label}: ${summary}`}
        fullWidth={props.fullWidth}
        sx={{
          maxWidth: props.fullWidth ? 'none' : 320,
          justifyContent: props.fullWidth ? 'center' : 'flex-start',
          '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        <span className="label">{summary}</span>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" fullScreen={narrow}>
        <DialogTitle>{props.label}</DialogTitle>
        <DialogContent dividers sx={{ px: 0, minHeight: 320 }}>
          <TreeView
            nodes={nodes}
            selection={selection}
            onSelection={setSelection}
            tags={tags}
            onTags={setTags}
            pane="open"
            deviceToggle={props.zones}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={selection.length === 0}
            data-testid={`${props.testId}-apply`}
            onClick={() => {
              setOpen(false);
              props.onApply(selection);
            }}
          >
            {t('apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
