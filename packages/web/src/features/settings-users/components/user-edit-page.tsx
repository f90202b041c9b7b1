import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_MOBILE_SETTINGS,
  LANGUAGES,
  USER_REPORTS,
  grantableRoles,
  outranksOrEquals,
  type Language,
  type MobileSettings,
  type Role,
  type UserDto,
  type UserReport,
} from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../components/notifications';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/session/current-user';
import { useLang } from '../../../lib/use-lang';
import {
  liveViewsChoiceQuery,
  userGroupsQuery,
  userQuery,
  useCreateUser,
  useSendPasswordReset,
  useUpdateUser,
} from '../api/users-api';
import { fullName, roleLabel } from '../lib/user-labels';
import { serverErrorText } from '../lib/server-error';
import { DefaultDashboards } from './default-dashboards';
import { DeleteUserDialog } from './delete-user-dialog';
import { ScopePicker } from './scope-picker';

interface Form {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  language: Language;
  roles: Role[];
  scope: string | null;
  scopeName: string | null;
  userGroupId: string | null;
  timeout: string;
  resetPasswordAtNextLogin: boolean;
  mobileSettings: MobileSettings;
  reports: UserReport[];
  password: string;
}

const EMPTY: Form = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  language: 'en',
  roles: ['User'],
  scope: null,
  scopeName: null,
  userGroupId: null,
  timeout: '0',
  resetPasswordAtNextLogin: true,
  mobileSettings: DEFAULT_MOBILE_SETTINGS,
  reports: [],
  password: '',
};

const formOf = (u: UserDto): Form => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  username: u.username,
  language: u.language,
  roles: u.roles,
  scope: u.scope,
  scopeName: u.scopeName,
  userGroupId: u.userGroupId,
  timeout: String(u.timeout),
  resetPasswordAtNextLogin: u.resetPasswordAtNextLogin,
  mobileSettings: u.mobileSettings,
  reports: u.reports,
  password: '',
});

const MOBILE_FLAGS = [
  'hasAccessDashboard',
  'hasAccessOccupancy',
  'hasAccessRanking',
  'hasAccessPerformance',
  'hasAccessOrganizationalTreeEvent',
] as const;

/** Field errors: the server's 400/409 naming a field, shown under it in the UI language. */
type FieldErrors = Partial<Record<string, string>>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Create (`/settings/users/new`) or edit a user of the admin's scope. */
export function UserEditPage() {
  const { id = 'new' } = useParams();
  const creating = id === 'new';
  const { data: user, isError } = useQuery({ ...userQuery(id), enabled: !creating });
  if (!creating && isError) return <UserNotFound />;
  if (!creating && !user) return <CircularProgress sx={{ m: 4 }} />;
  return <UserForm key={user?.id ?? 'new'} user={user ?? null} />;
}

function UserNotFound() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="warning">{t('settings_users_not_found')}</Alert>
      <Button component={RouterLink} to={paths.settingsUsers(lang)} startIcon={<ArrowBack />} sx={{ mt: 2 }}>
        {t('settings_users_back')}
      </Button>
    </Box>
  );
}

function UserForm({ user }: { user: UserDto | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const me = useUser();
  const notify = useNotify();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(user ? formOf(user) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { data: groups = [] } = useQuery(userGroupsQuery());
  const { data: liveViews = [] } = useQuery(liveViewsChoiceQuery());
  const create = useCreateUser();
  const update = useUpdateUser();
  const resetMail = useSendPasswordReset();
  useEffect(() => setErrors({}), [user]);
  const grantable = grantableRoles(me);
  const readOnly = !!user && !outranksOrEquals(me, user.roles);
  const self = user?.id === me.id;
  const patch = (p: Partial<Form>) => setForm((f) => ({ ...f, ...p }));
  const fieldError = (name: string) => (errors[name] ? { error: true, helperText: errors[name] } : {});

  const onError = (e: unknown) => {
    if (e instanceof ApiError && e.field) {
      const field = e.field.split('.')[0] ?? e.field;
      const code = e.body?.error ?? 'bad_request';
      const text =
        code === 'conflict'
          ? t(`settings_users_taken_${field}`, { defaultValue: t('settings_users_invalid_value') })
          : code === 'password_rule'
            ? t('settings_users_invalid_password')
            : t(`settings_users_invalid_${field}`, { defaultValue: t('settings_users_invalid_value') });
      setErrors({ [field]: text });
      setFormError(t('settings_users_fix_fields'));
    } else {
      setErrors({});
      setFormError(serverErrorText(t, e));
    }
  };

  const body = () => ({
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    username: form.username,
    language: form.language,
    roles: form.roles,
    scope: form.scope,
    userGroupId: form.userGroupId,
    timeout: Number(form.timeout) || 0,
    resetPasswordAtNextLogin: form.resetPasswordAtNextLogin,
    mobileSettings: form.mobileSettings,
    reports: form.reports,
  });

  const save = () => {
    setFormError(null);
    setErrors({});
    if (!user) {
      create.mutate(
        {
          ...body(),
          isSsoUser: false,
          disabled: false,
          ...(form.password ? { password: form.password } : {}),
        },
        {
          onSuccess: (created) => {
            notify(t('settings_users_created', { name: fullName(created) }), 'success');
            void navigate(paths.settingsUser(lang, created.id), { replace: true });
          },
          onError,
        },
      );
    } else {
      update.mutate(
        { id: user.id, body: body() },
        { onSuccess: () => notify(t('settings_users_saved'), 'success'), onError },
      );
    }
  };

  const setDisabled = (disabled: boolean) =>
    user &&
    update.mutate(
      { id: user.id, body: { disabled } },
      {
        onSuccess: () =>
          notify(t(disabled ? 'settings_users_disabled_done' : 'settings_users_enabled_done'), 'success'),
        onError: (e) => notify(serverErrorText(t, e), 'error'),
      },
    );

  const sendReset = () =>
    user &&
    resetMail.mutate(user.id, {
      onSuccess: () => notify(t('settings_users_reset_sent', { email: user.email }), 'success'),
      onError: (e) => notify(serverErrorText(t, e), 'error'),
    });

  const busy = create.isPending || update.isPending;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }} data-testid="user-edit-page">
      <Button component={RouterLink} to={paths.settingsUsers(lang)} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('settings_users_back')}
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {user ? fullName(user) : t('settings_users_new_title')}
        </Typography>
        {user && !readOnly && !self && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={sendReset} disabled={resetMail.isPending || user.disabled}>
              {t('settings_users_send_reset')}
            </Button>
            <Button variant="outlined" onClick={() => setDisabled(!user.disabled)} disabled={busy}>
              {user.disabled ? t('settings_users_enable') : t('settings_users_disable')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
              {t('settings_users_delete')}
            </Button>
          </Stack>
        )}
      </Stack>
      {user?.disabled && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings_users_is_disabled')}
        </Alert>
      )}
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings_users_read_only')}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
      >
        <Section title={t('settings_users_section_identity')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('settings_users_field_firstName')}
              value={form.firstName}
              onChange={(e) => patch({ firstName: e.target.value })}
              required
              disabled={readOnly}
              {...fieldError('firstName')}
            />
            <TextField
              label={t('settings_users_field_lastName')}
              value={form.lastName}
              onChange={(e) => patch({ lastName: e.target.value })}
              required
              disabled={readOnly}
              {...fieldError('lastName')}
            />
            <TextField
              label={t('settings_users_field_email')}
              type="email"
              value={form.email}
              onChange={(e) => patch({ email: e.target.value })}
              required
              disabled={readOnly}
              {...fieldError('email')}
            />
            <TextField
              label={t('settings_users_field_username')}
              value={form.username}
              onChange={(e) => patch({ username: e.target.value })}
              required
              disabled={readOnly}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
              {...fieldError('username')}
            />
            <TextField
              select
              label={t('settings_users_field_language')}
              value={form.language}
              onChange={(e) => patch({ language: e.target.value as Language })}
              disabled={readOnly}
              {...fieldError('language')}
            >
              {LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`settings_users_language_${l}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('settings_users_field_timeout')}
              type="number"
              value={form.timeout}
              onChange={(e) => patch({ timeout: e.target.value })}
              disabled={readOnly}
              slotProps={{ htmlInput: { min: 0, max: 1440 } }}
              {...(errors.timeout ? fieldError('timeout') : { helperText: t('settings_users_timeout_help') })}
            />
            {!user && (
              <PasswordField
                label={t('settings_users_field_password')}
                value={form.password}
                onChange={(e) => patch({ password: e.target.value })}
                autoComplete="new-password"
                {...(errors.password
                  ? fieldError('password')
                  : { helperText: t('settings_users_password_help') })}
              />
            )}
          </Box>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={form.resetPasswordAtNextLogin}
                onChange={(_e, v) => patch({ resetPasswordAtNextLogin: v })}
                disabled={readOnly}
              />
            }
            label={t('settings_users_field_resetPasswordAtNextLogin')}
          />
        </Section>
        <Section title={t('settings_users_section_access')}>
          <FormControl component="fieldset" error={!!errors.roles} sx={{ mb: 2 }} disabled={readOnly}>
            <FormLabel component="legend">{t('settings_users_field_roles')}</FormLabel>
            <FormGroup row>
              {grantable.map((r) => (
                <FormControlLabel
                  key={r}
                  control={
                    <Checkbox
                      checked={form.roles.includes(r)}
                      onChange={(_e, on) =>
                        patch({ roles: on ? [...form.roles, r] : form.roles.filter((x) => x !== r) })
                      }
                    />
                  }
                  label={roleLabel(t, r)}
                />
              ))}
            </FormGroup>
            {errors.roles && <FormHelperText>{errors.roles}</FormHelperText>}
          </FormControl>
          <Stack spacing={2}>
            <FormControl error={!!errors.scope}>
              <ScopePicker
                value={form.scope}
                valueName={form.scopeName}
                onChange={(scope, scopeName) => patch({ scope, scopeName })}
                label={t('settings_users_field_scope')}
                emptyLabel={
                  form.roles.includes('superAdmin')
                    ? t('settings_users_whole_tree')
                    : t('settings_users_none_chosen')
                }
                clearable={form.roles.includes('superAdmin')}
                error={errors.scope}
                testId="user-scope"
              />
              {errors.scope && <FormHelperText>{errors.scope}</FormHelperText>}
            </FormControl>
            <TextField
              select
              label={t('settings_users_field_userGroupId')}
              value={form.userGroupId ?? ''}
              onChange={(e) => patch({ userGroupId: e.target.value || null })}
              disabled={readOnly}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              {...fieldError('userGroupId')}
            >
              <MenuItem value="">{t('settings_users_everyone')}</MenuItem>
              {groups
                .filter((g) => !g.isEveryone)
                .map((g) => (
                  <MenuItem key={g.id} value={g.id}>
                    {g.name}
                  </MenuItem>
                ))}
            </TextField>
          </Stack>
          <FormControl
            component="fieldset"
            error={!!errors.reports}
            sx={{ mt: 2 }}
            disabled={readOnly}
            data-testid="user-reports"
          >
            <FormLabel component="legend">{t('settings_users_field_reports')}</FormLabel>
            <FormGroup>
              {USER_REPORTS.map((r) => (
                <FormControlLabel
                  key={r}
                  control={
                    <Checkbox
                      size="small"
                      checked={form.reports.includes(r)}
                      onChange={(_e, on) =>
                        patch({
                          reports: USER_REPORTS.filter((x) => (x === r ? on : form.reports.includes(x))),
                        })
                      }
                    />
                  }
                  label={t(`settings_users_report_${r}`)}
                />
              ))}
            </FormGroup>
            <FormHelperText>{errors.reports ?? t('settings_users_reports_help')}</FormHelperText>
          </FormControl>
        </Section>
        <Section title={t('settings_users_section_mobile')}>
          <FormGroup>
            {MOBILE_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Switch
                    checked={form.mobileSettings[flag]}
                    onChange={(_e, v) => patch({ mobileSettings: { ...form.mobileSettings, [flag]: v } })}
                    disabled={readOnly}
                  />
                }
                label={t(`settings_users_mobile_${flag}`)}
              />
            ))}
          </FormGroup>
          <TextField
            select
            fullWidth
            sx={{ mt: 2 }}
            label={t('settings_users_mobile_defaultOccupancyLiveViewId')}
            value={form.mobileSettings.defaultOccupancyLiveViewId ?? ''}
            onChange={(e) =>
              patch({
                mobileSettings: {
                  ...form.mobileSettings,
                  defaultOccupancyLiveViewId: e.target.value || null,
                },
              })
            }
            disabled={readOnly}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            {...fieldError('mobileSettings')}
          >
            <MenuItem value="">{t('settings_users_none_chosen')}</MenuItem>
            {liveViews.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
        </Section>
        <Section title={t('settings_users_section_dashboards')}>
          {user ? (
            <DefaultDashboards userId={user.id} disabled={readOnly} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('settings_users_dashboards_after_create')}
            </Typography>
          )}
        </Section>
        <Box sx={{ gridColumn: '1 / -1' }}>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="user-form-error">
              {formError}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={paths.settingsUsers(lang)}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy || readOnly}>
              {user ? t('save') : t('settings_users_create')}
            </Button>
          </Stack>
        </Box>
      </Box>
      {user && (
        <DeleteUserDialog
          user={deleting ? user : null}
          onClose={(deleted) => {
            setDeleting(false);
            if (deleted) void navigate(paths.settingsUsers(lang), { replace: true });
          }}
        />
      )}
    </Box>
  );
}
