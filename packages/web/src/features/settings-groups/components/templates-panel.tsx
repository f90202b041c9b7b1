import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import Publish from '@mui/icons-material/PublishOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import {
  USER_CREATION_ACTIONS,
  readStoredDashboardJson,
  type TemplateDto,
  type UserCreationAction,
  type UserGroupDto,
} from '@footfall/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { useDeleteTemplate, usePushTemplate, useSetUserCreationAction } from '../api/user-groups-api';
import { CopyTemplateDialog, RenameTemplateDialog } from './template-dialogs';
import { TemplatePreviewDialog } from './template-preview-dialog';

type Open = { kind: 'preview' | 'rename' | 'copy' | 'push' | 'delete'; template: TemplateDto } | null;

/**
 * A group's templates: a table (a list of cards on narrow screens) with, per template, its defaults,
 * widget count and user-creation action, and the actions preview, rename, copy, push and delete.
 */
export function TemplatesPanel(props: {
  group: UserGroupDto;
  templates: TemplateDto[];
  groups: UserGroupDto[];
  compact: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const push = usePushTemplate();
  const remove = useDeleteTemplate();
  const action = useSetUserCreationAction();

  const changeAction = async (template: TemplateDto, next: UserCreationAction) => {
    try {
      await action.mutateAsync({ template, action: next });
      notify(t('groups_action_saved'), 'success');
    } catch {
      notify(t('groups_action_failure'), 'error');
    }
  };
  const confirmPush = async (template: TemplateDto) => {
    close();
    try {
      const { updated } = await push.mutateAsync(template);
      notify(t('groups_template_pushed', { count: updated, name: template.name }), 'success');
    } catch {
      notify(t('groups_action_failure'), 'error');
    }
  };
  const confirmDelete = async (template: TemplateDto) => {
    close();
    try {
      await remove.mutateAsync(template);
      notify(t('groups_template_deleted', { name: template.name }), 'success');
    } catch {
      notify(t('groups_action_failure'), 'error');
    }
  };

  const actionSelect = (tpl: TemplateDto) => (
    <TextField
      select
      fullWidth={props.compact}
      size="small"
      value={tpl.userCreationAction}
      onChange={(e) => void changeAction(tpl, e.target.value as UserCreationAction)}
      slotProps={{ htmlInput: { 'aria-label': t('groups_creation_action_of', { name: tpl.name }) } }}
      sx={props.compact ? undefined : { width: 210 }}
    >
      {USER_CREATION_ACTIONS.map((a) => (
        <MenuItem key={a} value={a}>
          {t(`groups_creation_${a}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const defaults = (tpl: TemplateDto) => (
    <>
      {tpl.isDefault && <Chip size="small" color="primary" variant="outlined" label={t('groups_default')} />}
      {tpl.isDefaultMobile && (
        <Chip size="small" color="secondary" variant="outlined" label={t('groups_default_mobile')} />
      )}
    </>
  );
  const buttons = (tpl: TemplateDto) => {
    const items = [
      { kind: 'preview', label: t('groups_preview'), icon: <Visibility /> },
      { kind: 'rename', label: t('groups_rename'), icon: <DriveFileRenameOutline /> },
      { kind: 'copy', label: t('groups_copy'), icon: <ContentCopy /> },
      { kind: 'push', label: t('groups_push'), icon: <Publish /> },
      { kind: 'delete', label: t('groups_delete'), icon: <DeleteOutline /> },
    ] as const;
    return (
      <Stack direction="row" spacing={0.25}>
        {items.map((b) => (
          <Tooltip key={b.kind} title={b.label}>
            <IconButton
              aria-label={`${b.label}: ${tpl.name}`}
              onClick={() => setOpen({ kind: b.kind, template: tpl })}
              color={b.kind === 'delete' ? 'error' : 'default'}
              size="small"
            >
              {b.icon}
            </IconButton>
          </Tooltip>
        ))}
      </Stack>
    );
  };
  const widgetCount = (tpl: TemplateDto) => readStoredDashboardJson(tpl.dashboard)?.widgets.length ?? 0;

  return (
    <Box>
      {props.templates.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('groups_no_templates')}
        </Typography>
      ) : props.compact ? (
        <List disablePadding aria-label={t('groups_templates')} data-testid="templates-list">
          {props.templates.map((tpl) => (
            <ListItem
              key={tpl.id}
              divider
              disableGutters
              sx={{ display: 'block', py: 1.5 }}
              data-testid="template-row"
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{tpl.name}</Typography>
                {defaults(tpl)}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
                {t('groups_preview_widgets', { count: widgetCount(tpl) })}
              </Typography>
              <Box sx={{ my: 1 }}>{actionSelect(tpl)}</Box>
              {buttons(tpl)}
            </ListItem>
          ))}
        </List>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('groups_templates')} data-testid="templates-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('groups_template_name')}</TableCell>
                <TableCell>{t('groups_creation_action')}</TableCell>
                <TableCell align="right">{t('groups_actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {props.templates.map((tpl) => (
                <TableRow key={tpl.id} data-testid="template-row" hover>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {tpl.name}
                      </Typography>
                      {defaults(tpl)}
                    </Stack>
                  </TableCell>
                  <TableCell>{actionSelect(tpl)}</TableCell>
                  <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                    {buttons(tpl)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {open?.kind === 'preview' && <TemplatePreviewDialog template={open.template} onClose={close} />}
      {open?.kind === 'rename' && <RenameTemplateDialog template={open.template} onClose={close} />}
      {open?.kind === 'copy' && (
        <CopyTemplateDialog template={open.template} groups={props.groups} onClose={close} />
      )}
      <ConfirmDialog
        open={open?.kind === 'push'}
        message={
          open ? t('groups_push_confirm', { name: open.template.name, count: props.group.userCount }) : ''
        }
        onYes={() => open && void confirmPush(open.template)}
        onNo={close}
      />
      <ConfirmDialog
        open={open?.kind === 'delete'}
        message={open ? t('groups_delete_confirm', { name: open.template.name }) : ''}
        onYes={() => open && void confirmDelete(open.template)}
        onNo={close}
      />
    </Box>
  );
}
