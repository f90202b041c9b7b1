import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type CustomerSignInBody, type CustomerSignInDto, type Language } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import { signInsQuery, useDeleteSignIn, useSaveSignIn, userGroupsForSsoQuery } from '../api/sso-api';

type Form = CustomerSignInBody & { id: string | null };
const text = (v = '') => ({ en: v, fr: v, es: v });

const EMPTY: Form = {
  id: null,
  slug: '',
  endpoint: '',
  name: '',
  enabled: true,
  branding: {
    logoUrl: '',
    primaryColor: '#1b5e8c',
    backgroundColor: '#f4f6f8',
    title: text(),
    welcome: text(),
    buttonLabel: text(),
  },
  provider: { issuerUrl: '', clientId: '', clientSecret: '', scopes: 'openid email profile' },
  userMatch: 'email',
  autoCreate: { enabled: false, userGroupId: null, scopeNodeId: null, roles: ['User'] },
};

const formOf = (s: CustomerSignInDto): Form => ({
  id: s.id,
  slug: s.slug,
  endpoint: s.endpoint,
  name: s.name,
  enabled: s.enabled,
  branding: s.branding,
  provider: {
    issuerUrl: s.provider.issuerUrl,
    clientId: s.provider.clientId,
    clientSecret: '',
    scopes: s.provider.scopes,
  },
  userMatch: s.userMatch,
  autoCreate: s.autoCreate,
});

/** `/settings/sso` (superAdmin): the customer sign-ins, their branding and identity providers. */
export function SsoSettingsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  usePageTitle(t('settings_sso'));
  const list = useQuery(signInsQuery());
  const [editing, setEditing] = useState<Form | null>(null);
  const [deleting, setDeleting] = useState<CustomerSignInDto | null>(null);
  const remove = useDeleteSignIn();

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 2 }}>
        <Typography variant="h2" component="h1">
          {t('settings_sso')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ ...EMPTY })}>
          {t('sso_new')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 800 }}>
        {t('sso_intro')}
      </Typography>
      {list.isPending && <Skeleton variant="rectangular" height={160} />}
      {list.isError && <Alert severity="error">{t('sso_load_failed')}</Alert>}
      {list.data && list.data.length === 0 && <Alert severity="info">{t('sso_empty')}</Alert>}
      {list.data && list.data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table aria-label={t('settings_sso')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sso_field_name')}</TableCell>
                <TableCell>{t('sso_field_page')}</TableCell>
                <TableCell>{t('sso_field_issuer')}</TableCell>
                <TableCell>{t('sso_field_users')}</TableCell>
                <TableCell>{t('sso_field_state')}</TableCell>
                <TableCell align="right">{t('sso_actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                      <Box
                        aria-hidden="true"
                        sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: s.branding.primaryColor }}
                      />
                      {s.name}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      href={paths.loginCustomer(lang, s.slug)}
                      target="_blank"
                      rel="noopener"
                      endIcon={<OpenInNew fontSize="small" />}
                      sx={{ textTransform: 'none' }}
                    >
                      /login/{s.slug}
                    </Button>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{s.provider.issuerUrl}</TableCell>
                  <TableCell>
                    {t(s.userMatch === 'email' ? 'sso_match_email' : 'sso_match_subject')}
                    {s.autoCreate.enabled ? ` · ${t('sso_auto_create_short')}` : ''}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={s.enabled ? 'success' : 'default'}
                      label={t(s.enabled ? 'sso_enabled' : 'sso_disabled')}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={t('sso_edit', { name: s.name })}
                      onClick={() => setEditing(formOf(s))}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton aria-label={t('sso_delete', { name: s.name })} onClick={() => setDeleting(s)}>
                      <DeleteOutline />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing && (
        <SignInDialog
          initial={editing}
          redirectUri={list.data?.find((s) => s.id === editing.id)?.redirectUri ?? null}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="sso-delete-title">
        <DialogTitle id="sso-delete-title">
          {t('sso_delete_title', { name: deleting?.name ?? '' })}
        </DialogTitle>
        <DialogContent>
          <Typography>{t('sso_delete_text')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
          >
            {t('sso_delete_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', es: 'Español' };

function SignInDialog({
  initial,
  redirectUri,
  onClose,
}: {
  initial: Form;
  redirectUri: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(initial);
  const save = useSaveSignIn();
  const tree = useQuery(treeQuery());
  const groups = useQuery(userGroupsForSsoQuery());
  const scopes = useMemo(() => flattenTree(tree.data ?? []).filter((n) => n.kind !== 'device'), [tree.data]);
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string) =>
    error?.field === field ? (error.body?.message ?? t('sso_invalid')) : undefined;
  const patch = (p: Partial<Form>) => setForm((f) => ({ ...f, ...p }));
  const brand = (p: Partial<Form['branding']>) => patch({ branding: { ...form.branding, ...p } });
  const provider = (p: Partial<Form['provider']>) => patch({ provider: { ...form.provider, ...p } });
  const auto = (p: Partial<Form['autoCreate']>) => patch({ autoCreate: { ...form.autoCreate, ...p } });

  const submit = () => {
    const { id, ...rest } = form;
    const body: CustomerSignInBody = {
      ...rest,
      ...(rest.endpoint ? {} : { endpoint: undefined }),
      provider: {
        issuerUrl: rest.provider.issuerUrl,
        clientId: rest.provider.clientId,
        scopes: rest.provider.scopes,
        ...(rest.provider.clientSecret ? { clientSecret: rest.provider.clientSecret } : {}),
      },
    };
    save.mutate({ id, body }, { onSuccess: onClose });
  };

  const localized = (key: 'title' | 'welcome' | 'buttonLabel', label: string) => (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5 }}>
      {LANGUAGES.map((l) => (
        <TextField
          key={l}
          label={`${label} (${LANGUAGE_NAMES[l]})`}
          value={form.branding[key][l]}
          onChange={(e) => brand({ [key]: { ...form.branding[key], [l]: e.target.value } })}
          error={!!fieldError(`branding.${key}.${l}`)}
          helperText={fieldError(`branding.${key}.${l}`)}
          fullWidth
          size="small"
        />
      ))}
    </Stack>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="sso-dialog-title">
      <DialogTitle id="sso-dialog-title">
        {initial.id ? t('sso_edit_title', { name: initial.name }) : t('sso_new')}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {error && !error.field && <Alert severity="error">{error.body?.message ?? t('sso_invalid')}</Alert>}
          <Typography variant="h3" component="h2" sx={{ fontSize: 16, fontWeight: 700 }}>
            {t('sso_section_page')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5 }}>
            <TextField
              label={t('sso_field_name')}
              value={form.name}
              onChange={(e) => patch({ name: e.target.value })}
              error={!!fieldError('name')}
              helperText={fieldError('name')}
              required
              fullWidth
              size="small"
            />
            <TextField
              label={t('sso_field_slug')}
              value={form.slug}
              onChange={(e) => patch({ slug: e.target.value })}
              error={!!fieldError('slug')}
              helperText={fieldError('slug') ?? t('sso_slug_help', { slug: form.slug || '…' })}
              required
              fullWidth
              size="small"
            />
            <TextField
              label={t('sso_field_endpoint')}
              value={form.endpoint ?? ''}
              onChange={(e) => patch({ endpoint: e.target.value })}
              error={!!fieldError('endpoint')}
              helperText={fieldError('endpoint') ?? t('sso_endpoint_help')}
              fullWidth
              size="small"
            />
          </Stack>
          <FormControlLabel
            control={<Switch checked={form.enabled} onChange={(e) => patch({ enabled: e.target.checked })} />}
            label={t('sso_enabled')}
          />
          <Typography variant="h3" component="h2" sx={{ fontSize: 16, fontWeight: 700 }}>
            {t('sso_section_branding')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5 }}>
            <TextField
              label={t('sso_field_logo')}
              value={form.branding.logoUrl}
              onChange={(e) => brand({ logoUrl: e.target.value })}
              error={!!fieldError('branding.logoUrl')}
              helperText={fieldError('branding.logoUrl')}
              fullWidth
              size="small"
            />
            <TextField
              label={t('sso_field_primary')}
              type="color"
              value={form.branding.primaryColor}
              onChange={(e) => brand({ primaryColor: e.target.value })}
              sx={{ minWidth: 140 }}
              size="small"
            />
            <TextField
              label={t('sso_field_background')}
              type="color"
              value={form.branding.backgroundColor}
              onChange={(e) => brand({ backgroundColor: e.target.value })}
              sx={{ minWidth: 140 }}
              size="small"
            />
          </Stack>
          {localized('title', t('sso_field_title'))}
          {localized('welcome', t('sso_field_welcome'))}
          {localized('buttonLabel', t('sso_field_button'))}
          <Typography variant="h3" component="h2" sx={{ fontSize: 16, fontWeight: 700 }}>
            {t('sso_section_provider')}
          </Typography>
          {redirectUri && (
            <Alert severity="info" icon={false}>
              {t('sso_redirect_uri')} <code>{redirectUri}</code>
            </Alert>
          )}
          <TextField
            label={t('sso_field_issuer')}
            value={form.provider.issuerUrl}
            onChange={(e) => provider({ issuerUrl: e.target.value })}
            error={!!fieldError('provider.issuerUrl')}
            helperText={fieldError('provider.issuerUrl') ?? t('sso_issuer_help')}
            required
            fullWidth
            size="small"
          />
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5 }}>
            <TextField
              label={t('sso_field_client_id')}
              value={form.provider.clientId}
              onChange={(e) => provider({ clientId: e.target.value })}
              error={!!fieldError('provider.clientId')}
              helperText={fieldError('provider.clientId')}
              required
              fullWidth
              size="small"
            />
            <TextField
              label={t('sso_field_client_secret')}
              type="password"
              autoComplete="new-password"
              value={form.provider.clientSecret ?? ''}
              onChange={(e) => provider({ clientSecret: e.target.value })}
              error={!!fieldError('provider.clientSecret')}
              helperText={
                fieldError('provider.clientSecret') ?? (initial.id ? t('sso_secret_unchanged') : undefined)
              }
              fullWidth
              size="small"
            />
            <TextField
              label={t('sso_field_scopes')}
              value={form.provider.scopes}
              onChange={(e) => provider({ scopes: e.target.value })}
              error={!!fieldError('provider.scopes')}
              helperText={fieldError('provider.scopes')}
              fullWidth
              size="small"
            />
          </Stack>
          <Typography variant="h3" component="h2" sx={{ fontSize: 16, fontWeight: 700 }}>
            {t('sso_section_users')}
          </Typography>
          <TextField
            select
            label={t('sso_field_match')}
            value={form.userMatch}
            onChange={(e) => patch({ userMatch: e.target.value as Form['userMatch'] })}
            size="small"
            sx={{ maxWidth: 360 }}
          >
            <MenuItem value="email">{t('sso_match_email')}</MenuItem>
            <MenuItem value="subject">{t('sso_match_subject')}</MenuItem>
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={form.autoCreate.enabled}
                onChange={(e) => auto({ enabled: e.target.checked })}
              />
            }
            label={t('sso_auto_create')}
          />
          {form.autoCreate.enabled && (
            <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5 }}>
              <TextField
                select
                label={t('sso_field_scope')}
                value={form.autoCreate.scopeNodeId ?? ''}
                onChange={(e) => auto({ scopeNodeId: e.target.value || null })}
                error={!!fieldError('autoCreate.scopeNodeId')}
                helperText={fieldError('autoCreate.scopeNodeId')}
                fullWidth
                size="small"
              >
                {scopes.map((n) => (
                  <MenuItem key={n.id} value={n.id} sx={{ pl: 2 + n.depth * 2 }}>
                    {n.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('sso_field_group')}
                value={form.autoCreate.userGroupId ?? ''}
                onChange={(e) => auto({ userGroupId: e.target.value || null })}
                error={!!fieldError('autoCreate.userGroupId')}
                helperText={fieldError('autoCreate.userGroupId')}
                fullWidth
                size="small"
              >
                <MenuItem value="">{t('sso_group_none')}</MenuItem>
                {(groups.data ?? [])
                  .filter((g) => !g.isEveryone)
                  .map((g) => (
                    <MenuItem key={g.id} value={g.id}>
                      {g.name}
                    </MenuItem>
                  ))}
              </TextField>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
