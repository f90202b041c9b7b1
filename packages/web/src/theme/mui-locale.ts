import type { Localization } from '@mui/material/locale';
import type { Language } from '@footfall/domain';

/**
 * MUI's own component texts (pagination, autocomplete...) per language, loaded with the language:
 * each locale module builds an Intl number format when it is evaluated, tens of milliseconds that a
 * page shown in one language should not pay three times. English needs nothing (MUI's defaults).
 */
const loaders: Record<Language, () => Promise<Localization>> = {
  en: () => Promise.resolve({}),
  fr: () => import('./mui-locales/fr').then((m) => m.default),
  es: () => import('./mui-locales/es').then((m) => m.default),
};
const loaded = new Map<Language, Localization>([['en', {}]]);

/** The language's MUI texts, or undefined while they are not loaded (see loadMuiLocale). */
export function muiLocaleOf(lang: Language): Localization | undefined {
  return loaded.get(lang);
}

export async function loadMuiLocale(lang: Language): Promise<Localization> {
  const known = loaded.get(lang);
  if (known) return known;
  const locale = await loaders[lang]();
  loaded.set(lang, locale);
  return locale;
}
