import { fileLanguage } from './catalogue';

/**
 * The text files of `catalogue.ts` loaded at once, for unit tests only (the app loads a language's
 * files lazily). Kept apart so the eager imports never reach the app's bundle.
 */
type Texts = Record<string, string>;
type JsonModule = { default: Texts };

/** Every file of every language, loaded at once (unit tests): `{ file: { lang, texts } }`. */
export function textFilesEager(): { file: string; lang: string; texts: Texts }[] {
  const eager = {
    ...import.meta.glob<JsonModule>('./*.json', { eager: true }),
    ...import.meta.glob<JsonModule>('../features/**/i18n/*.json', { eager: true }),
  };
  return Object.entries(eager).map(([file, m]) => ({
    file,
    lang: fileLanguage(file) ?? '',
    texts: m.default,
  }));
}

/** Every language's merged texts, loaded at once (unit tests). */
export function allTextsEager(): Record<string, Texts> {
  const out: Record<string, Texts> = {};
  for (const { lang, texts } of textFilesEager()) out[lang] = { ...out[lang], ...texts };
  return out;
}
