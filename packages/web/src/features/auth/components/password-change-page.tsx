import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { useNotify } from '../../../components/notifications';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useLang } from '../../../lib/use-lang';
import { useChangePassword } from '../api/auth-api';
import { AuthHeading } from './auth-heading';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';

/** Password change; users flagged resetPasswordAtNextLogin are sent here until they change it. */
export function PasswordChangePage() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const notify = useNotify();
  const user = useCurrentUser().data;
  const [oldPassword, setOldPassword] = useState('');
  const [value, setValue] = useState({ newPassword: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  usePageTitle(t('password_change_title'));

  const change = useChangePassword({
    onSuccess: () => {
      notify(t('password_changed'), 'success');
      void navigate(paths.home(lang), { replace: true });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const errors = newPasswordErrors(t, i18n.language, value);
    if (oldPassword && !errors.newPassword && !errors.confirmation)
      change.mutate({ oldPassword, newPassword: value.newPassword });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <AuthHeading title={t('password_change_title')} subtitle={t('password_change_subtitle')} />
      {user?.resetPasswordAtNextLogin && (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t('password_change_required')}
        </Alert>
      )}
      {change.isError && (
        <Alert severity="error" sx={{ mb: 2.5 }} role="alert">
          {t('password_change_failed')}
        </Alert>
      )}
      <PasswordField
        label={t('old_password')}
        name="oldPassword"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(e) => setOldPassword(e.target.value)}
        error={submitted && !oldPassword}
        helperText={submitted && !oldPassword ? t('required') : ' '}
        fullWidth
        required
        sx={{ mb: 0.5 }}
      />
      <NewPasswordFields value={value} onChange={setValue} showErrors={submitted} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={change.isPending}
        sx={{ mt: 3 }}
      >
        {t('save_new_password')}
      </Button>
    </Box>
  );
}
