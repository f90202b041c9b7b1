import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TokenResponse } from '@footfall/domain';
import { paths } from '../../config/paths';
import { useNotify } from '../../components/notifications';
import { api } from '../api-client';
import { stripLanguage } from '../language';
import { useLang } from '../use-lang';
import { useSession } from './session';

/**
 * Impersonation (spec section 4): start replaces the token and goes to the dashboard; stop
 * restores the actor's token and goes to /{lang}/settings/users, reloading if already there.
 * Failures show login_error_message.
 */
export function useImpersonation() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const lang = useLang();
  const notify = useNotify();
  const { t } = useTranslation();

  const start = useCallback(
    async (targetUsername: string) => {
      try {
        const tokens = await api<TokenResponse>('/api/authentication/impersonate', {
          body: { targetUsername },
        });
        signIn(tokens);
        void navigate(paths.dashboards(lang));
      } catch {
        notify(t('login_error_message'), 'error');
      }
    },
    [signIn, navigate, lang, notify, t],
  );

  const stop = useCallback(async () => {
    try {
      const tokens = await api<TokenResponse>('/api/authentication/stop-impersonate', { method: 'POST' });
      signIn(tokens);
      if (stripLanguage(location.pathname) === `/${paths.settingsUsers.path}`) window.location.reload();
      else void navigate(paths.settingsUsers(lang));
    } catch {
      notify(t('login_error_message'), 'error');
    }
  }, [signIn, navigate, location.pathname, lang, notify, t]);

  return { start, stop };
}
