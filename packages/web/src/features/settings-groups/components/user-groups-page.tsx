import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/EditOutlined';
import type { UserGroupDto } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { useLang } from '../../../lib/use-lang';
import { templatesQuery, userGroupsQuery } from '../api/user-groups-api';
import { GroupFormDialog } from './group-form-dialog';
import { groupLabel } from './group-label';
import { TemplatesPanel } from './templates-panel';

/**
 * `/settings/users/groups/{id?}`: the groups the admin manages (`_EVERYONE_` first) and the selected
 * one (the first without an id): its settings, editable in a dialog, and its templates.
 */
export function UserGroupsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { id } = useParams();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  usePageTitle(`${t('nav_settings')} · ${t('groups_title')}`);
  const groups = useQuery(userGroupsQuery());
  const templates = useQuery(templatesQuery());
  const [form, setForm] = useState<{ group: UserGroupDto | null } | null>(null);

  const list = useMemo(() => groups.data ?? [], [groups.data]);
  const selected = id ? list.find((g) => g.id === id) : list[0];
  const groupTemplates = useMemo(
    () => (templates.data ?? []).filter((tpl) => tpl.userGroupId === selected?.id),
    [templates.data, selected?.id],
  );
  const countOf = (g: UserGroupDto) =>
    (templates.data ?? []).filter((tpl) => tpl.userGroupId === g.id).length;

  if (groups.isPending)
    return (
      <Box sx={{ p: 4, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );

  const detailRow = (label: string, value: string) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1400 }} data-testid="user-groups-page">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1">
          {t('groups_title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ group: null })}>
          {t('groups_new')}
        </Button>
      </Stack>
      {groups.isError && <Alert severity="error">{t('groups_load_failure')}</Alert>}
      {id && !selected && !groups.isError && <Alert severity="warning">{t('groups_not_found')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined">
          <List aria-label={t('groups_list')} data-testid="groups-list" disablePadding>
            {list.map((g, i) => (
              <ListItem key={g.id} disablePadding divider={i < list.length - 1}>
                <ListItemButton
                  selected={g.id === selected?.id}
                  aria-current={g.id === selected?.id ? 'true' : undefined}
                  onClick={() => void navigate(paths.settingsUserGroups(lang, g.id))}
                >
                  <ListItemText
                    primary={groupLabel(t, g)}
                    secondary={`${t('groups_users', { count: g.userCount })} · ${t('groups_template_count', { count: countOf(g) })}`}
                    slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: 'break-word' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        {selected && (
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }} data-testid="group-detail">
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
            >
              <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                {groupLabel(t, selected)}
              </Typography>
              <Button startIcon={<Edit />} variant="outlined" onClick={() => setForm({ group: selected })}>
                {t('groups_edit')}
              </Button>
            </Stack>
            {selected.isEveryone && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('groups_everyone_help')}
              </Typography>
            )}
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' },
                gap: 2,
                my: 2,
              }}
            >
              {detailRow(
                t('groups_retention_days'),
                selected.userRetentionPolicyDays === 0
                  ? t('groups_retention_forever')
                  : t('groups_days', { count: selected.userRetentionPolicyDays }),
              )}
              {detailRow(
                t('groups_default_template'),
                selected.defaultDashboardTemplate ?? t('groups_no_default'),
              )}
              {detailRow(
                t('groups_default_mobile_template'),
                selected.defaultMobileDashboardTemplate ?? t('groups_no_default'),
              )}
              {detailRow(t('groups_support_chat'), selected.supportChatEnabled ? t('yes') : t('no'))}
            </Box>
            <Divider sx={{ mb: 1.5 }} />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
              {t('groups_templates')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('groups_templates_help')}
            </Typography>
            {templates.isError ? (
              <Alert severity="error">{t('groups_load_failure')}</Alert>
            ) : (
              <TemplatesPanel group={selected} templates={groupTemplates} groups={list} compact={compact} />
            )}
          </Paper>
        )}
      </Box>
      {form && (
        <GroupFormDialog
          open
          key={form.group?.id ?? 'new'}
          group={form.group}
          templates={form.group ? groupTemplates : []}
          onClose={() => setForm(null)}
          onSaved={(g) => {
            setForm(null);
            void navigate(paths.settingsUserGroups(lang, g.id));
          }}
        />
      )}
    </Box>
  );
}
