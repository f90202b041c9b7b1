import { DEFAULT_LANGUAGE, I18N_COOKIE, I18N_COOKIE_DAYS, LANGUAGES, type Language } from '@footfall/domain';

/**
 * Language prefixes (spec "Route prefixes"): every route exists unprefixed (English) and under
 * /en, /es and /fr. The prefix of the URL is the language the page is shown in.
 */
const PREFIX = new RegExp(`^/(${LANGUAGES.join('|')})(?=/|$)`, 'i');

/** The language prefix of a path, or null when the path has none. */
export function prefixOf(pathname: string): Language | null {
  const m = PREFIX.exec(pathname);
  return m ? (m[1]!.toLowerCase() as Language) : null;
}

/** The language a path is shown in: its prefix, English when unprefixed. */
export function languageOfPath(pathname: string): Language {
  return prefixOf(pathname) ?? DEFAULT_LANGUAGE;
}

/** The path without its language prefix, always starting with '/'. */
export function stripLanguage(pathname: string): string {
  const rest = pathname.replace(PREFIX, '');
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The same page in another language. */
export function switchLanguage(pathname: string, lang: Language): string {
  const rest = stripLanguage(pathname);
  return rest === '/' ? `/${lang}` : `/${lang}${rest}`;
}

/**
 * Redirect targets are accepted only when they are local paths of this site: one leading slash,
 * no scheme, no protocol-relative "//host" nor "/\host" (which browsers read as "//host").
 */
export function isLocalPath(target: string | null | undefined): target is string {
  if (!target || !target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f]/.test(target);
}

export function readLanguageCookie(cookie: string = document.cookie): Language | null {
  const m = new RegExp(`(?:^|;\\s*)${I18N_COOKIE}=([^;]*)`).exec(cookie);
  if (!m) return null;
  const v = decodeURIComponent(m[1]!).slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(v) ? (v as Language) : null;
}

/** Remembers the language for 365 days (cookie i18n_redirected). */
export function writeLanguageCookie(lang: Language) {
  const maxAge = I18N_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${I18N_COOKIE}=${lang}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}
