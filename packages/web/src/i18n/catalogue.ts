import type { Language } from '@footfall/domain';

/**
 * The UI texts of a language: the shared file `i18n/<lang>.json` plus each feature's own
 * `i18n/<lang>.json` files under `features/<feature>/`, at any depth (so features add their words without
 * touching one big file). A key lives in exactly one file; `i18n.test.ts` checks that and that the three languages match.
 */
type Texts = Record<string, string>;

/**
 * A language's files merged in one module each (`texts-<lang>.ts`), so the build makes one chunk per
 * language: a page loads its language in one request, not one per feature (the early boot script of
 * vite.config.ts preloads it).
 */
const merged: Record<Language, () => Promise<{ default: Texts }>> = {
  en: () => import('./texts-en'),
  fr: () => import('./texts-fr'),
  es: () => import('./texts-es'),
};

export const fileLanguage = (file: string) => /\/(\w+)\.json$/.exec(file)?.[1];

/** Every text of `lang`, loaded lazily (each language its own chunk). */
export async function loadTexts(lang: Language): Promise<Texts> {
  return (await merged[lang]()).default;
}
