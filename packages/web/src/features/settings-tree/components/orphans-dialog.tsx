import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { nodeKindOf, type NodeSummary } from '@footfall/domain';
import { orphansQuery } from '../api/tree-admin-api';
import { NodeKindIcon } from './node-kind-icon';

/** The orphans (superAdmin): nodes whose parent was deleted or that were sent there, each re-attachable. */
export function OrphansDialog(props: {
  open: boolean;
  onReattach(orphan: NodeSummary): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const orphans = useQuery({ ...orphansQuery(), enabled: props.open });
  const list = orphans.data ?? [];
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="orphans-title">
      <DialogTitle id="orphans-title">{t('settings_tree_orphans_title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText>{t('settings_tree_orphans_help')}</DialogContentText>
        {orphans.isSuccess && list.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }} data-testid="orphans-empty">
            {t('settings_tree_orphans_none')}
          </Typography>
        )}
        {orphans.isError && (
          <Typography color="error" sx={{ py: 2 }}>
            {t('settings_tree_error_generic')}
          </Typography>
        )}
        <List dense data-testid="orphans-list">
          {list.map((orphan) => (
            <ListItem
              key={orphan.id}
              data-node-id={orphan.id}
              secondaryAction={
                <Button size="small" onClick={() => props.onReattach(orphan)}>
                  {t('settings_tree_reattach')}
                </Button>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <NodeKindIcon kind={nodeKindOf(orphan.type)} />
              </ListItemIcon>
              <ListItemText
                primary={orphan.name}
                secondary={t(`settings_tree_kind_${nodeKindOf(orphan.type)}`)}
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
