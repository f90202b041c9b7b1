import { useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  PROFILE_DIALOG_WIDTH,
  isProfileErrorCode,
  validateProfile,
  wantsPasswordChange,
  trimLanguage,
  type ProfileField,
  type ProfileFieldError,
  type PasswordRuleErrorBody,
  type UserCurrent,
} from '@footfall/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PasswordField } from '../../../components/password-field';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { switchLanguage, writeLanguageCookie } from '../../../lib/language';
import { passwordRuleMessage } from '../../../lib/password-message';
import { useUpdateProfile } from '../api/update-profile';

type Form = Record<ProfileField, string>;

const formOf = (user: UserCurrent): Form => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  language: user.language,
  oldPassword: '',
  newPassword: '',
  newPasswordConfirmation: '',
});

/** Translated message of one validation error. */
function errorText(t: ReturnType<typeof useTranslation>['t'], lang: string, e: ProfileFieldError) {
  if (e.key === 'password_rule' && e.missing) {
    return passwordRuleMessage(t, lang, {
      missing: e.missing,
      classesShort: Math.max(0, e.missing.filter((m) => m !== 'length').length - 1),
    });
  }
  return t(e.key);
}

/** Translated message of the server's answer naming a field, chosen by its error code (never its message). */
function serverErrorText(t: ReturnType<typeof useTranslation>['t'], lang: string, err: ApiError) {
  const code = err.body?.error;
  if (code === 'password_rule') {
    const body = err.body as Partial<PasswordRuleErrorBody>;
    const check = { missing: body.missing ?? [], classesShort: body.classesShort ?? 0 };
    return passwordRuleMessage(t, lang, check) ?? t('password_rule_hint');
  }
  return isProfileErrorCode(code) ? t(code) : t('user_profile_updated_failure');
}

/**
 * The profile dialog (width 800): names, e-mail, language and an optional password change, with
 * the validation of spec section 5 and a confirmation before unsaved changes are lost.
 */
export function ProfileDialog({
  user,
  open,
  onClose,
}: {
  user: UserCurrent;
  open: boolean;
  onClose(): void;
}) {
  return open ? <ProfileDialogContent user={user} onClose={onClose} /> : null;
}

function ProfileDialogContent({ user, onClose }: { user: UserCurrent; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState<Form>(() => formOf(user));
  const [dirty, setDirty] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<{ field: ProfileField; message: string } | null>(null);
  const save = useUpdateProfile();

  const errors = useMemo(() => validateProfile(form), [form]);
  const errorOf = (field: ProfileField): string | null => {
    if (serverError?.field === field) return serverError.message;
    if (!submitted && !touched[field]) return null;
    const e = errors.find((x) => x.field === field);
    return e ? errorText(t, i18n.language, e) : null;
  };

  const set = (field: ProfileField) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setDirty(true);
    if (serverError?.field === field) setServerError(null);
  };
  const touch = (field: ProfileField) => () => setTouched((s) => ({ ...s, [field]: true }));

  const requestClose = () => {
    if (dirty) setConfirming(true);
    else onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (errors.length > 0) return;
    const language = trimLanguage(form.language);
    const passwords = wantsPasswordChange(form)
      ? {
          oldPassword: form.oldPassword,
          newPassword: form.newPassword,
          newPasswordConfirmation: form.newPasswordConfirmation,
        }
      : {};
    save.mutate(
      {
        id: user.id,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        language,
        ...passwords,
      },
      {
        onSuccess: () => {
          notify(t('user_profile_updated_success'), 'success');
          setDirty(false);
          onClose();
          if (language !== user.language) {
            writeLanguageCookie(language);
            void navigate(switchLanguage(location.pathname, language) + location.search);
          }
        },
        onError: (err) => {
          notify(t('user_profile_updated_failure'), 'error');
          const field = err instanceof ApiError ? err.field : undefined;
          if (err instanceof ApiError && field && field in form) {
            // the server names the field and answers an error code of spec section 5
            setServerError({ field: field as ProfileField, message: serverErrorText(t, i18n.language, err) });
          }
        },
      },
    );
  };

  const text = (field: ProfileField, label: string, extra: { autoComplete?: string; type?: string } = {}) => (
    <TextField
      label={label}
      name={field}
      value={form[field]}
      onChange={set(field)}
      onBlur={touch(field)}
      error={!!errorOf(field)}
      helperText={errorOf(field) ?? ' '}
      required
      fullWidth
      {...extra}
    />
  );
  const password = (field: ProfileField, label: string, autoComplete: string, hint?: string) => (
    <PasswordField
      label={label}
      name={field}
      value={form[field]}
      onChange={set(field)}
      onBlur={touch(field)}
      error={!!errorOf(field)}
      helperText={errorOf(field) ?? hint ?? ' '}
      autoComplete={autoComplete}
      fullWidth
    />
  );

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        maxWidth={false}
        aria-labelledby="profile-title"
        slotProps={{ paper: { sx: { width: PROFILE_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
      >
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id="profile-title" sx={{ pr: 7 }}>
            {t('profile_title')}
            <Typography variant="body2" color="text.secondary">
              {user.username}
              {user.userGroupName ? ` · ${user.userGroupName}` : ''}
            </Typography>
            <IconButton
              aria-label={t('close')}
              onClick={requestClose}
              sx={{ position: 'absolute', right: 12, top: 12 }}
            >
              <Close />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
            <Typography variant="overline" color="text.secondary">
              {t('profile_section_personal')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                columnGap: 2,
                rowGap: 1,
                mt: 1,
              }}
            >
              {text('firstName', t('first_name'), { autoComplete: 'given-name' })}
              {text('lastName', t('last_name'), { autoComplete: 'family-name' })}
              {text('email', t('email'), { autoComplete: 'email', type: 'email' })}
              <TextField
                select
                label={t('language')}
                name="language"
                value={form.language}
                onChange={set('language')}
                error={!!errorOf('language')}
                helperText={errorOf('language') ?? ' '}
                required
                fullWidth
              >
                {LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l}>
                    {t(`language_name_${l}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <Divider sx={{ my: 1.5 }} />
            <Typography variant="overline" color="text.secondary">
              {t('profile_section_password')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('profile_password_help')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                columnGap: 2,
                rowGap: 1,
              }}
            >
              <Box sx={{ gridColumn: { sm: '1 / span 2' }, maxWidth: { sm: 'calc(50% - 8px)' } }}>
                {password('oldPassword', t('old_password'), 'current-password')}
              </Box>
              {password('newPassword', t('new_password'), 'new-password', t('password_rule_hint'))}
              {password('newPasswordConfirmation', t('confirm_new_password'), 'new-password')}
            </Box>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={requestClose} color="inherit">
              {t('cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t('save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        message={t('warning_changes_lost')}
        onYes={() => {
          setConfirming(false);
          setDirty(false);
          onClose();
        }}
        onNo={() => setConfirming(false)}
      />
    </>
  );
}
