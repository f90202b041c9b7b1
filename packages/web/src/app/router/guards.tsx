import { useCallback, useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE } from '@footfall/domain';
import { paths } from '../../config/paths';
import { routeAccess, type RouteAccess } from '../../lib/access';
import { isLocalPath, prefixOf, stripLanguage } from '../../lib/language';
import { useCurrentUser } from '../../lib/session/current-user';
import { useIdleTimeout } from '../../lib/session/idle-timeout';
import { useSession } from '../../lib/session/session';
import { useLang } from '../../lib/use-lang';
import { SsoLayout } from '../layouts/sso-layout';

const fullPath = (l: { pathname: string; search: string; hash: string }) =>
  `${l.pathname}${l.search}${l.hash}`;

/**
 * Pages that need a signed-in user (spec "Sign-in flow"): anonymous users go to /login and come
 * back afterwards; a user who cannot be loaded goes to /login; users flagged
 * resetPasswordAtNextLogin change their password first (unless impersonated); unprefixed URLs
 * take the user's language; idle users are signed out after their timeout.
 */
export function RequireAuth() {
  const location = useLocation();
  const lang = useLang();
  const { tokens, signOut } = useSession();
  const user = useCurrentUser();
  const onIdle = useCallback(() => signOut(), [signOut]);
  useIdleTimeout(user.data?.timeout ?? 0, onIdle);
  // a user that cannot be loaded is signed out; the next render sends them to /login
  const failed = user.isError;
  useEffect(() => {
    if (failed) signOut();
  }, [failed, signOut]);

  // the signed-in pages mount in a deferred render, which React slices into short tasks (the user's
  // arrival would otherwise build the whole shell and page in one synchronous render)
  const u = useDeferredValue(user.data);

  if (!tokens) return <Navigate to={paths.login(lang, fullPath(location))} replace />;
  // `user.data` too: on a switch of subject (impersonation start or stop) the new user is not loaded
  // yet while the deferred value still holds the old one, and the pages' useUser() would throw
  if (!u || !user.data) return <SsoLayout />;

  if (prefixOf(location.pathname) === null && u.language !== DEFAULT_LANGUAGE) {
    const rest = stripLanguage(location.pathname);
    return (
      <Navigate to={`/${u.language}${rest === '/' ? '' : rest}${location.search}${location.hash}`} replace />
    );
  }
  const onPasswordChange = stripLanguage(location.pathname) === '/password-change';
  if (u.resetPasswordAtNextLogin && !u.impersonator && !onPasswordChange) {
    return <Navigate to={paths.passwordChange(lang)} replace />;
  }
  return <Outlet />;
}

/** Role and access checks of a group of routes: failing users go to /unauthorizedAccess. */
export function RequireAccess({ access }: { access: RouteAccess }) {
  const location = useLocation();
  const lang = useLang();
  const user = useCurrentUser().data;
  if (user && !routeAccess[access](user)) {
    return <Navigate to={paths.unauthorizedAccess(lang, fullPath(location))} replace />;
  }
  return <Outlet />;
}

/** Guest-only pages: a signed-in user goes to the remembered page (a local path) or home. */
export function GuestOnly() {
  const { tokens } = useSession();
  const lang = useLang();
  const [params] = useSearchParams();
  if (tokens) {
    const redirect = params.get('redirect');
    return <Navigate to={isLocalPath(redirect) ? redirect : paths.home(lang)} replace />;
  }
  return <Outlet />;
}
