import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session/session';
import { useLang } from '../../../lib/use-lang';

/** /logout: there is no logout call; the session is dropped locally and the user goes to sign-in. */
export function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const lang = useLang();
  useEffect(() => {
    signOut();
    void navigate(paths.login(lang), { replace: true });
  }, [signOut, navigate, lang]);
  return null;
}
