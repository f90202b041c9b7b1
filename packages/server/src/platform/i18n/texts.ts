import { trimLanguage, type Language } from '@footfall/domain';
import { en, enWeb } from './en.js';
import { fr, frWeb } from './fr.js';
import { es, esWeb } from './es.js';

/**
 * The server's one catalogue of words (PDF labels, mail subjects and bodies, seeded demo content) in
 * en/fr/es. A feature that writes words adds keys to en.ts, fr.ts and es.ts (the type makes the three
 * agree) instead of keeping its own copies. Placeholders are `{{name}}`, as in the web app.
 */
export type TextKey = keyof typeof en;
export type Translate = (key: TextKey, vars?: Readonly<Record<string, string | number>>) => string;

const CATALOGUE: Record<Language, Record<TextKey, string>> = { en, fr, es };

/** The web app's words among them, per language (checked against packages/web/src/i18n). */
export const WEB_TEXTS: Record<Language, Readonly<Record<string, string>>> = {
  en: enWeb,
  fr: frWeb,
  es: esWeb,
};

const fill = (text: string, vars?: Readonly<Record<string, string | number>>) =>
  vars
    ? text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (name in vars ? String(vars[name]) : all))
    : text;

/** The words of a language (English for an unknown or empty code), placeholders filled from `vars`. */
export function textsIn(language: string | null | undefined): Translate {
  const texts = CATALOGUE[trimLanguage(language)];
  return (key, vars) => fill(texts[key], vars);
}

/** A word looked up by a key built at run time (`kpi_${kpi}`): the language's, else English, else the key. */
export function textOrKey(language: string | null | undefined, key: string): string {
  const texts: Readonly<Record<string, string>> = CATALOGUE[trimLanguage(language)];
  const english: Readonly<Record<string, string>> = en;
  return texts[key] ?? english[key] ?? key;
}
