import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { DashboardJson } from '@footfall/domain';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useNotify } from '../../../../components/notifications';
import { paths } from '../../../../config/paths';
import { useLang } from '../../../../lib/use-lang';
import { useCreateDashboard, useDeleteDashboard, useSaveDashboard } from '../../api/dashboards-api';
import { dashboardStore } from '../../state/dashboard-store';

/** the longest name the API takes */
const NAME_MAX = 200;

/** A dialog asking for a dashboard name (rename, duplicate); its button needs a non-blank name. */
function NameDialog(props: {
  title: string;
  text?: string;
  initial: string;
  action: string;
  pending: boolean;
  onConfirm(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initial);
  const valid = name.trim() !== '';
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="dashboard-name-title">
      <DialogTitle id="dashboard-name-title">{props.title}</DialogTitle>
      <DialogContent>
        {props.text && <DialogContentText sx={{ mb: 2 }}>{props.text}</DialogContentText>}
        <form
          id="dashboard-name-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid && !props.pending) props.onConfirm(name.trim());
          }}
        >
          <TextField
            autoFocus
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            label={t('dashboard_name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} color="inherit">
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          form="dashboard-name-form"
          variant="contained"
          disabled={!valid || props.pending}
        >
          {props.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Open = 'rename' | 'duplicate' | 'delete' | null;

/**
 * Rename, duplicate and delete from the dashboard menu, each confirmed in a dialog (issue 19 item 5).
 * Read-only users (dashboardOnly) get none of them. Rename saves the stored dashboard under its new
 * name, so it waits for unsaved edits to be saved (it would save or drop them otherwise); duplicate
 * copies what the screen shows; delete leaves for the user's next dashboard.
 * Answers the menu entries (direct children of the Menu) and the dialogs, placed by the page.
 */
export function useDashboardActions(props: {
  id: string;
  name: string;
  /** the stored json (null while the dashboard loads) */
  json: DashboardJson | null;
  linkedTemplateName: string | null;
  dirty: boolean;
  readOnly: boolean;
  closeMenu(): void;
}): { items: ReactElement[]; dialogs: ReactElement } {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const notify = useNotify();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rename = useSaveDashboard(props.id, {
    onSuccess: (d, current) => {
      dashboardStore.saved(d.name, current.json);
      notify(t('dashboard_renamed'), 'success');
      close();
    },
    onError: () => notify(t('dashboard_rename_failed'), 'error'),
  });
  const duplicate = useCreateDashboard({
    onSuccess: (d) => {
      close();
      notify(t('dashboard_duplicated'), 'success');
      void navigate(paths.dashboard(lang, d.id));
    },
    onError: () => notify(t('dashboard_duplicate_failed'), 'error'),
  });
  const remove = useDeleteDashboard(props.id, {
    onSuccess: () => {
      close();
      notify(t('dashboard_deleted'), 'success');
      void navigate(paths.dashboards(lang), { replace: true });
    },
    onError: () => notify(t('dashboard_delete_failed'), 'error'),
  });
  const choose = (what: Open) => {
    props.closeMenu();
    setOpen(what);
  };
  if (props.readOnly || props.json === null) return { items: [], dialogs: <></> };
  const items = [
    <Divider key="divider" />,
    <MenuItem
      key="rename"
      data-testid="menu-rename-dashboard"
      disabled={props.dirty}
      onClick={() => choose('rename')}
    >
      <ListItemText
        primary={t('dashboard_rename')}
        secondary={props.dirty ? t('dashboard_save_first') : undefined}
      />
    </MenuItem>,
    <MenuItem key="duplicate" data-testid="menu-duplicate-dashboard" onClick={() => choose('duplicate')}>
      <ListItemText primary={t('dashboard_duplicate')} />
    </MenuItem>,
    <MenuItem key="delete" data-testid="menu-delete-dashboard" onClick={() => choose('delete')}>
      {/* the menu's other entries have no icon: the colour alone marks the one that destroys */}
      <ListItemText primary={t('dashboard_delete')} slotProps={{ primary: { color: 'error' } }} />
    </MenuItem>,
  ];
  const dialogs = (
    <>
      {open === 'rename' && (
        <NameDialog
          title={t('dashboard_rename_title')}
          initial={props.name}
          action={t('dashboard_rename')}
          pending={rename.isPending}
          onClose={close}
          onConfirm={(name) => {
            if (props.json) rename.mutate({ name, json: props.json, linked: props.linkedTemplateName });
          }}
        />
      )}
      {open === 'duplicate' && (
        <NameDialog
          title={t('dashboard_duplicate_title')}
          text={t('dashboard_duplicate_text')}
          initial={t('dashboard_copy_name', { name: props.name }).slice(0, NAME_MAX)}
          action={t('dashboard_duplicate')}
          pending={duplicate.isPending}
          onClose={close}
          onConfirm={(name) => {
            const json = dashboardStore.get().json ?? props.json;
            if (json)
              duplicate.mutate({
                name,
                json: JSON.stringify(json),
                kind: 'dashboard',
                useDefaultTemplate: false,
              });
          }}
        />
      )}
      <ConfirmDialog
        open={open === 'delete'}
        title={t('dashboard_delete_title')}
        message={t('dashboard_delete_confirm', { name: props.name })}
        onNo={close}
        onYes={() => {
          if (!remove.isPending) remove.mutate();
        }}
      />
    </>
  );
  return { items, dialogs };
}
