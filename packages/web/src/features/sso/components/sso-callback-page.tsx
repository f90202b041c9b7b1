import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { TokenResponse } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { AccountLoading } from '../../../components/account-loading';
import { usePageTitle } from '../../../components/page-title';
import { isLocalPath } from '../../../lib/language';
import { useSession } from '../../../lib/session/session';
import { useLang } from '../../../lib/use-lang';
import { exchangeSignIn, publicSignInQuery } from '../api/sso-api';
import { ssoErrorKey } from './customer-login-page';
import { useQueryClient } from '@tanstack/react-query';

type Exchanged = TokenResponse & { redirectTo: string | null };
/**
 * One exchange per state for the page's life: a state is single use on the server, so a second
 * effect run (React's strict mode, a re-mount) must reuse the first answer instead of replaying it.
 */
const exchanges = new Map<string, Promise<Exchanged>>();

/**
 * Where the identity provider sends users back (`/login/<slug>/callback`): the single-sign-on
 * layout ("Loading your account...") while `POST /authentication/<endpoint>` exchanges the answer
 * for our tokens, then the page the user wanted (or home). A refusal is explained, with a way back.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { customer = '' } = useParams();
  const { signIn } = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  usePageTitle(t('loading_account'));

  useEffect(() => {
    const params = Object.fromEntries(new URLSearchParams(window.location.search));
    const keys = ['code', 'state', 'iss', 'error', 'error_description'] as const;
    const answer = Object.fromEntries(
      keys.filter((k) => params[k] !== undefined).map((k) => [k, params[k]!]),
    );
    if (!answer.state) {
      setFailure(new Error('no state'));
      return;
    }
    let live = true;
    let pending = exchanges.get(answer.state);
    if (!pending) {
      pending = queryClient
        .fetchQuery(publicSignInQuery(customer))
        .then((page) => exchangeSignIn(page.endpoint, answer));
      exchanges.set(answer.state, pending);
    }
    pending.then(
      (tokens) => {
        if (!live) return;
        const { redirectTo, ...session } = tokens;
        signIn(session);
        void navigate(isLocalPath(redirectTo) ? redirectTo : paths.home(lang), { replace: true });
      },
      (e: unknown) => {
        if (live) setFailure(e);
      },
    );
    return () => {
      live = false;
    };
  }, [customer, lang, navigate, queryClient, signIn]);

  if (failure === null) return <AccountLoading />;
  return (
    <AccountLoading>
      <Box sx={{ maxWidth: 480, width: '100%' }}>
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t(ssoErrorKey(failure))}
        </Alert>
        <Button component={RouterLink} to={paths.loginCustomer(lang, customer)} variant="contained" fullWidth>
          {t('sso_try_again')}
        </Button>
      </Box>
    </AccountLoading>
  );
}
