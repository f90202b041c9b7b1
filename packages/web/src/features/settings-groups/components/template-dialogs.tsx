import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TemplateDto, UserGroupDto } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { useCopyTemplate, useRenameTemplate } from '../api/user-groups-api';
import { groupLabel } from './group-label';

/** Renames a template; the server trims the name and answers 409 when the group holds it already. */
export function RenameTemplateDialog(props: { template: TemplateDto; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [name, setName] = useState(props.template.name);
  const [taken, setTaken] = useState(false);
  const rename = useRenameTemplate();
  const trimmed = name.trim();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return;
    try {
      await rename.mutateAsync({ template: props.template, name: trimmed });
      notify(t('groups_template_renamed', { name: trimmed }), 'success');
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setTaken(true);
      else notify(t('groups_action_failure'), 'error');
    }
  };
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="rename-template-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="rename-template-title">{t('groups_rename_title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('groups_template_name')}
            name="templateName"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTaken(false);
            }}
            autoFocus
            fullWidth
            required
            sx={{ mt: 1 }}
            error={!trimmed || taken}
            helperText={
              !trimmed ? t('groups_name_required') : taken ? t('groups_template_name_taken') : undefined
            }
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} color="inherit">
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!trimmed || rename.isPending}>
            {t('groups_rename')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Copies a template into another group the admin manages (a namesake there is replaced). */
export function CopyTemplateDialog(props: {
  template: TemplateDto;
  groups: UserGroupDto[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const targets = props.groups.filter((g) => g.id !== props.template.userGroupId);
  const [target, setTarget] = useState(targets[0]?.id ?? '');
  const copy = useCopyTemplate();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const group = targets.find((g) => g.id === target);
    if (!group) return;
    try {
      await copy.mutateAsync({ template: props.template, targetUserGroupId: group.id });
      notify(
        t('groups_template_copied', { name: props.template.name, group: groupLabel(t, group) }),
        'success',
      );
      props.onClose();
    } catch {
      notify(t('groups_action_failure'), 'error');
    }
  };
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="copy-template-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="copy-template-title">
          {t('groups_copy_title', { name: props.template.name })}
        </DialogTitle>
        <DialogContent>
          <TextField
            select
            label={t('groups_copy_target')}
            name="targetUserGroupId"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            fullWidth
            sx={{ mt: 1 }}
            disabled={targets.length === 0}
            helperText={targets.length === 0 ? t('groups_copy_no_target') : t('groups_copy_help')}
          >
            {targets.map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {groupLabel(t, g)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} color="inherit">
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!target || copy.isPending}>
            {t('groups_copy')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
