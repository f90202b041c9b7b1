import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { DEFAULT_LANGUAGE, LOCALES, type Language } from '@footfall/domain';

/**
 * i18next with one JSON file per language (en, fr, es). Each language is its own chunk, loaded
 * when first shown, so a page carries only the text it displays.
 */
const loaders: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
  es: () => import('./es.json'),
};

/** Date conventions: fr-CA (YYYY-MM-DD, week starts Sunday), es-ES, en-US. */
const dayjsLocales: Record<Language, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  fr: () => import('dayjs/locale/fr-ca'),
  es: () => import('dayjs/locale/es'),
};
export const dayjsLocaleOf = (lang: Language) => ({ en: 'en', fr: 'fr-ca', es: 'es' })[lang];

const lazyJson: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[language as Language];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e as Error, null),
    );
  },
};

export const i18n = i18next.createInstance();
// 'L', 'LT'... follow the language: YYYY-MM-DD in fr-CA, DD/MM/YYYY in es-ES, MM/DD/YYYY in en-US
dayjs.extend(localizedFormat);

/** Starts i18n in `lang`; tests pass `resources` to load every language synchronously. */
export async function initI18n(lang: Language, resources?: Resource) {
  if (!resources) i18n.use(lazyJson);
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'fr', 'es'],
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    ...(resources ? { resources } : {}),
  });
  await applyDayjsLocale(lang);
  return i18n;
}

export async function applyDayjsLocale(lang: Language) {
  await dayjsLocales[lang]();
  dayjs.locale(dayjsLocaleOf(lang));
}

/** Switches the UI language and the document's lang attribute. */
export async function setUiLanguage(lang: Language) {
  document.documentElement.lang = LOCALES[lang];
  await Promise.all([i18n.changeLanguage(lang), applyDayjsLocale(lang)]);
}
