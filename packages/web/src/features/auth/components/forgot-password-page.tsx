import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { useLang } from '../../../lib/use-lang';
import { useForgotPassword } from '../api/auth-api';
import { AuthHeading } from './auth-heading';

/** Asks for a recovery e-mail. The answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [username, setUsername] = useState('');
  usePageTitle(t('forgot_password_title'));
  const send = useForgotPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (username.trim()) send.mutate({ username: username.trim() });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <AuthHeading title={t('forgot_password_title')} subtitle={t('forgot_password_subtitle')} />
      {send.isSuccess ? (
        <Alert severity="success" sx={{ mb: 3 }} role="status">
          {t('forgot_password_sent')}
        </Alert>
      ) : (
        <>
          {send.isError && (
            <Alert severity="error" sx={{ mb: 2.5 }} role="alert">
              {t('request_failed')}
            </Alert>
          )}
          <TextField
            label={t('username')}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            fullWidth
            required
            autoFocus
            sx={{ mb: 3 }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={send.isPending}
            disabled={!username.trim()}
          >
            {t('send_recovery_link')}
          </Button>
        </>
      )}
      <Button component={RouterLink} to={paths.login(lang)} fullWidth sx={{ mt: 1.5 }}>
        {t('back_to_sign_in')}
      </Button>
    </Box>
  );
}
