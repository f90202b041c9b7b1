import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { DEFAULT_LANGUAGE, LANGUAGES, LOCALES, type Language } from '@footfall/domain';
import { loadTexts } from './catalogue';

/**
 * i18next with the texts of `catalogue.ts` (a shared JSON file per language plus each feature's own).
 * Each language is its own chunks, loaded when first shown, so a page carries only the text it displays.
 */

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
    if (!(LANGUAGES as readonly string[]).includes(language)) return callback(null, {});
    loadTexts(language as Language).then(
      (texts) => callback(null, texts),
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
