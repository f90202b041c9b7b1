import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { useSession } from '../../../lib/session/session';
import { useLang } from '../../../lib/use-lang';
import { useLogin } from '../api/auth-api';
import { AuthHeading } from './auth-heading';

/**
 * Sign-in with username and password. On success the session holds the tokens and the guest-only
 * guard sends the user back to where they were (or home).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { signIn } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  usePageTitle(t('login_title'));

  const login = useLogin({ onSuccess: (tokens) => signIn(tokens) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) return;
    login.mutate({ username: username.trim(), password });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('login_title')}>
      <AuthHeading title={t('login_title')} subtitle={t('login_subtitle')} />
      {login.isError && (
        <Alert severity="error" sx={{ mb: 2.5 }} role="alert">
          {t('login_error_message')}
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
        sx={{ mb: 2.5 }}
      />
      <PasswordField
        label={t('password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        fullWidth
        required
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1, mb: 3 }}>
        <Link component={RouterLink} to={paths.forgotPassword(lang)} variant="body2" underline="hover">
          {t('forgot_password_link')}
        </Link>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={login.isPending}
        disabled={!username.trim() || !password}
      >
        {t('sign_in')}
      </Button>
    </Box>
  );
}
