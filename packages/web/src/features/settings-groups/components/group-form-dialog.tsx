import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TemplateDto, UserGroupDto } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { useCreateUserGroup, useSetGroupDefaults, useUpdateUserGroup } from '../api/user-groups-api';

const MAX_RETENTION_DAYS = 36500;

/**
 * Creates a group (`group` null) or edits one: name (kept for _EVERYONE_), retention policy in
 * days (0 = kept for ever), support chat, and, once it has templates, its default and default mobile
 * templates (saved through the templates API, which checks they are templates of the group).
 */
export function GroupFormDialog(props: {
  open: boolean;
  group: UserGroupDto | null;
  templates: TemplateDto[];
  onClose(): void;
  onSaved(group: UserGroupDto): void;
}) {
  const { group, templates } = props;
  const { t } = useTranslation();
  const notify = useNotify();
  const [name, setName] = useState(group?.name ?? '');
  const [retention, setRetention] = useState(String(group?.userRetentionPolicyDays ?? 0));
  const [supportChat, setSupportChat] = useState(group?.supportChatEnabled ?? true);
  const [defaultTemplate, setDefaultTemplate] = useState(group?.defaultDashboardTemplate ?? '');
  const [defaultMobile, setDefaultMobile] = useState(group?.defaultMobileDashboardTemplate ?? '');
  const [error, setError] = useState<{ field: string; key: string } | null>(null);
  const create = useCreateUserGroup();
  const update = useUpdateUserGroup();
  const defaults = useSetGroupDefaults();
  const busy = create.isPending || update.isPending || defaults.isPending;

  const days = Number(retention);
  const daysValid =
    retention.trim() !== '' && Number.isInteger(days) && days >= 0 && days <= MAX_RETENTION_DAYS;
  const nameValid = name.trim().length > 0;

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.status === 409) setError({ field: 'name', key: 'groups_name_taken' });
    else if (e instanceof ApiError && e.status === 400 && e.field)
      setError({ field: e.field, key: 'groups_field_invalid' });
    else notify(t('groups_save_failure'), 'error');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!nameValid || !daysValid) return;
    setError(null);
    const base = { userRetentionPolicyDays: days, supportChatEnabled: supportChat };
    try {
      let saved: UserGroupDto;
      if (!group) {
        saved = await create.mutateAsync({ name: name.trim(), ...base });
      } else {
        saved = await update.mutateAsync({
          id: group.id,
          body: group.isEveryone ? base : { ...base, name: name.trim() },
        });
        const next = {
          defaultDashboardTemplate: defaultTemplate || null,
          defaultMobileDashboardTemplate: defaultMobile || null,
        };
        if (
          next.defaultDashboardTemplate !== group.defaultDashboardTemplate ||
          next.defaultMobileDashboardTemplate !== group.defaultMobileDashboardTemplate
        )
          saved = await defaults.mutateAsync({ id: group.id, body: next });
      }
      notify(t('groups_save_success'), 'success');
      props.onSaved(saved);
    } catch (err) {
      fail(err);
    }
  };

  const templateSelect = (label: string, value: string, set: (v: string) => void, field: string) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      name={field}
      error={error?.field === field}
      helperText={error?.field === field ? t(error.key) : undefined}
    >
      <MenuItem value="">
        <em>{t('groups_no_default')}</em>
      </MenuItem>
      {templates.map((tpl) => (
        <MenuItem key={tpl.id} value={tpl.name}>
          {tpl.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="group-form-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="group-form-title">
          {group ? t('groups_edit_title') : t('groups_new_title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={t('groups_name')}
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={group?.isEveryone}
              required
              autoFocus={!group}
              error={!nameValid || error?.field === 'name'}
              helperText={
                group?.isEveryone
                  ? t('groups_everyone_keeps_name')
                  : !nameValid
                    ? t('groups_name_required')
                    : error?.field === 'name'
                      ? t(error.key)
                      : undefined
              }
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={t('groups_retention_days')}
              name="userRetentionPolicyDays"
              type="number"
              value={retention}
              onChange={(e) => setRetention(e.target.value)}
              error={!daysValid || error?.field === 'userRetentionPolicyDays'}
              helperText={
                daysValid
                  ? t('groups_retention_help')
                  : t('groups_retention_invalid', { max: MAX_RETENTION_DAYS })
              }
              slotProps={{ htmlInput: { min: 0, max: MAX_RETENTION_DAYS, step: 1 } }}
            />
            {group &&
              templates.length > 0 &&
              templateSelect(
                t('groups_default_template'),
                defaultTemplate,
                setDefaultTemplate,
                'defaultDashboardTemplate',
              )}
            {group &&
              templates.length > 0 &&
              templateSelect(
                t('groups_default_mobile_template'),
                defaultMobile,
                setDefaultMobile,
                'defaultMobileDashboardTemplate',
              )}
            <FormControlLabel
              control={
                <Switch
                  checked={supportChat}
                  onChange={(_e, v) => setSupportChat(v)}
                  name="supportChatEnabled"
                />
              }
              label={t('groups_support_chat')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} color="inherit">
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !nameValid || !daysValid}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
