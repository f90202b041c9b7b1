import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { DEFAULT_LANGUAGE } from '@footfall/domain';
import { setUiLanguage } from '../../i18n/i18n';
import { prefixOf, readLanguageCookie, switchLanguage, writeLanguageCookie } from '../../lib/language';
import { MaintenanceBanner } from '../../features/maintenance/components/maintenance-banner';

/** Thin progress bar while a page's code is loading. */
export function PageLoading() {
  return (
    <LinearProgress
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000, height: 3 }}
      aria-label="loading"
    />
  );
}

/**
 * Root of every route: the URL prefix sets the UI language (remembered in the i18n_redirected
 * cookie); an unprefixed URL goes to the remembered language when it is not English.
 */
export function LanguageRoot() {
  const location = useLocation();
  const prefix = prefixOf(location.pathname);
  const lang = prefix ?? DEFAULT_LANGUAGE;
  const remembered = prefix ? null : readLanguageCookie();

  useEffect(() => {
    if (prefix) writeLanguageCookie(prefix);
    void setUiLanguage(lang);
  }, [lang, prefix]);

  if (remembered && remembered !== DEFAULT_LANGUAGE) {
    return (
      <Navigate
        to={switchLanguage(location.pathname, remembered) + location.search + location.hash}
        replace
      />
    );
  }
  return (
    <>
      <MaintenanceBanner />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
