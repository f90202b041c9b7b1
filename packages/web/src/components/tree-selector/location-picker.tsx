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
import { flattenTree, treeQuery } from '../../lib/tree-api';
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

/**
 * A page's locations (ranking, performance): the shared tree (search, single or multiple selection,
 * location group and tag filter) in a dialog, applied at once. Nothing selected means the whole scope.
 * The button and the dialog's title are the page's own words (`texts`); `testId` prefixes the test ids
 * of the button (`<testId>`) and of Apply (`<testId>-apply`).
 */
export function LocationPicker(props: {
  selection: string[];
  tags: Tags;
  onApply(nodeIds: string[], tags: Tags): void;
  texts: { all: string; count(count: number): string; title: string };
  testId: string;
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
      ? props.texts.all
      : count === 1
        ? (names.get(props.selection[0]!) ?? props.texts.count(count))
        : props.texts.count(count);
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
        data-testid={props.testId}
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
        <DialogTitle>{props.texts.title}</DialogTitle>
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
            data-testid={`${props.testId}-apply`}
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
