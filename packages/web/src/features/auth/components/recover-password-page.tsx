import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { useLang } from '../../../lib/use-lang';
import { useRecoverPassword } from '../api/auth-api';
import { AuthHeading } from './auth-heading';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';

/** Sets a new password from the link of the recovery e-mail (?token=...). */
export function RecoverPasswordPage() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [value, setValue] = useState({ newPassword: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  usePageTitle(t('recover_password_title'));
  const recover = useRecoverPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const errors = newPasswordErrors(t, i18n.language, value);
    if (!errors.newPassword && !errors.confirmation)
      recover.mutate({ token, newPassword: value.newPassword });
  };

  if (recover.isSuccess) {
    return (
      <Box>
        <AuthHeading title={t('recover_password_title')} />
        <Alert severity="success" sx={{ mb: 3 }} role="status">
          {t('recover_password_done')}
        </Alert>
        <Button component={RouterLink} to={paths.login(lang)} variant="contained" size="large" fullWidth>
          {t('sign_in')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <AuthHeading title={t('recover_password_title')} subtitle={t('recover_password_subtitle')} />
      {!token && (
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          {t('recover_password_no_token')}
        </Alert>
      )}
      {recover.isError && (
        <Alert severity="error" sx={{ mb: 2.5 }} role="alert">
          {t('recover_password_failed')}
        </Alert>
      )}
      <NewPasswordFields value={value} onChange={setValue} showErrors={submitted} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={recover.isPending}
        disabled={!token}
        sx={{ mt: 3 }}
      >
        {t('save_new_password')}
      </Button>
      <Button component={RouterLink} to={paths.login(lang)} fullWidth sx={{ mt: 1.5 }}>
        {t('back_to_sign_in')}
      </Button>
    </Box>
  );
}
