import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { TreeView } from '../../../components/tree-selector/tree-view';
import type { Tags } from '../../../components/tree-selector/tree-tags';

const NO_TAGS: Tags = { locationGroup: [], adults: false, children: false, males: false, females: false };

/** The nodes a rule watches: the shared tree selector (multiple selection) in a dialog. */
export function AlertScopePicker(props: { value: string[]; onChange(ids: string[]): void; error?: boolean }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState(props.value);
  const [tags, setTags] = useState(NO_TAGS);
  const tree = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const names = new Map(nodes.map((n) => [n.id, n.name]));
  const label =
    props.value.length === 0
      ? t('alerts_scope_none')
      : props.value.length <= 3
        ? props.value.map((id) => names.get(id) ?? '…').join(', ')
        : t('alerts_scope_count', { count: props.value.length });
  return (
    <>
      <Typography
        variant="body2"
        color={props.error ? 'error' : 'text.primary'}
        data-testid="alert-scope-label"
      >
        {label}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<AccountTree />}
        onClick={() => (setSelection(props.value), setOpen(true))}
        data-testid="alert-scope"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('alerts_scope_choose')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" fullScreen={narrow}>
        <DialogTitle>{t('alerts_scope')}</DialogTitle>
        <DialogContent dividers sx={{ px: 0, minHeight: 320 }}>
          <TreeView
            key={String(open)}
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
            data-testid="alert-scope-apply"
            onClick={() => {
              setOpen(false);
              props.onChange(selection);
            }}
          >
            {t('apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
