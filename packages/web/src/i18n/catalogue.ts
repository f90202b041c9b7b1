import type { Language } from '@footfall/domain';

/**
 * The UI texts of a language: the shared file `i18n/<lang>.json` plus each feature's own
 * `i18n/<lang>.json` files under `features/<feature>/`, at any depth (so features add their words without
 * touching one big file). A key lives in exactly one file; `i18n.test.ts` checks that and that the three languages match.
 */
type Texts = Record<string, string>;
type JsonModule = { default: Texts };

const core: Record<Language, () => Promise<JsonModule>> = {
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
  es: () => import('./es.json'),
};
const featureFiles = import.meta.glob<JsonModule>('../features/**/i18n/*.json');

export const fileLanguage = (file: string) => /\/(\w+)\.json$/.exec(file)?.[1];

/** Every text of `lang`, loaded lazily (each language its own chunks). */
export async function loadTexts(lang: Language): Promise<Texts> {
  const parts = Object.entries(featureFiles)
    .filter(([file]) => fileLanguage(file) === lang)
    .map(([, load]) => load());
  const modules = await Promise.all([core[lang](), ...parts]);
  return Object.assign({}, ...modules.map((m) => m.default)) as Texts;
}
