import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TreeView } from '../../../components/tree-selector/tree-view';
import { flattenTree, treeQuery } from '../../../lib/tree-api';

import { NO_TAGS } from '../../../components/tree-selector/location-dialog';

/**
 * A scope: one node of the admin's own tree (the shared tree selector, limited to the caller's
 * scope since it reads the caller's tree), chosen in a dialog. `null` is "none chosen".
 */
export function ScopePicker(props: {
  value: string | null;
  valueName?: string | null;
  onChange(id: string | null, name: string | null): void;
  label: string;
  emptyLabel: string;
  clearable?: boolean;
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: tree = [] } = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree), [tree]);
  const [picked, setPicked] = useState<string[]>([]);
  const [tags, setTags] = useState(NO_TAGS);
  const name = props.value ? (nodes.find((n) => n.id === props.value)?.name ?? props.valueName ?? '…') : null;
  return (
    <>
      <Button
        variant="outlined"
        color={props.error ? 'error' : 'inherit'}
        startIcon={<AccountTree />}
        onClick={() => {
          setPicked(props.value ? [props.value] : []);
          setOpen(true);
        }}
        aria-label={`${props.label}: ${name ?? props.emptyLabel}`}
        data-testid={props.testId}
        sx={{ justifyContent: 'flex-start', textTransform: 'none', minWidth: 0, maxWidth: '100%' }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {props.label}: {name ?? props.emptyLabel}
        </span>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{props.label}</DialogTitle>
        <DialogContent sx={{ px: 1, minHeight: 360 }}>
          <TreeView
            nodes={nodes}
            selection={picked}
            onSelection={(ids) => setPicked(ids.slice(-1))}
            tags={tags}
            onTags={setTags}
            pane="semiClosed"
          />
        </DialogContent>
        <DialogActions>
          {props.clearable && (
            <Button
              onClick={() => {
                props.onChange(null, null);
                setOpen(false);
              }}
            >
              {t('settings_users_scope_clear')}
            </Button>
          )}
          <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={picked.length === 0}
            onClick={() => {
              const id = picked[0] ?? null;
              props.onChange(id, nodes.find((n) => n.id === id)?.name ?? null);
              setOpen(false);
            }}
          >
            {t('settings_users_scope_choose')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
