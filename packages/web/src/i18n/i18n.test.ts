import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, PASSWORD_CLASSES, passwordPartKey } from '@footfall/domain';
import { allTextsEager, textFilesEager } from './catalogue-eager';
import { loadTexts } from './catalogue';

/**
 * Every text of the UI exists in en, fr and es: the three files have the same keys, no empty
 * value, the same placeholders, and every key the source code names is present.
 */
const files = allTextsEager();
const en = files.en!;
const srcDir = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Keys named literally in the code: t('key'), and the label/title/text keys of menu tables. */
function keysUsedInSource(): Set<string> {
  const keys = new Set<string>();
  const patterns = [
    /\bt\(\s*'([a-z0-9_]+)'/g,
    /\b(?:label|title|text): '([a-z0-9_]+)'/g,
    /'(auth_hero_point_\d)'/g,
  ];
  for (const file of sourceFiles(srcDir)) {
    const code = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of code.matchAll(re)) keys.add(m[1]!);
  }
  // keys built from a value: languages, password rule parts, spec message keys of validateProfile
  for (const l of LANGUAGES) keys.add(`language_name_${l}`);
  for (const p of ['length', ...PASSWORD_CLASSES] as const) keys.add(passwordPartKey(p));
  for (const k of ['required', 'email_invalid_message', 'language_invalid', 'password_rule']) keys.add(k);
  keys.add('new_password_confirmation_not_match');
  return keys;
}

const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('come in en, fr and es files, each key in one file only', () => {
    const owner = new Map<string, string>();
    for (const { file, lang, texts } of textFilesEager()) {
      expect(['en', 'fr', 'es'], file).toContain(lang);
      for (const key of Object.keys(texts)) {
        const where = `${lang}:${key}`;
        expect(owner.get(where), `${key} in ${file} and ${owner.get(where)}`).toBeUndefined();
        owner.set(where, file);
      }
    }
    expect(Object.keys(files).sort()).toEqual(['en', 'es', 'fr']);
  });

  it('have the same keys in every language', () => {
    const enKeys = Object.keys(en).sort();
    for (const lang of ['fr', 'es']) {
      const keys = Object.keys(files[lang]!).sort();
      expect({ lang, missing: enKeys.filter((k) => !keys.includes(k)) }).toEqual({ lang, missing: [] });
      expect({ lang, extra: keys.filter((k) => !enKeys.includes(k)) }).toEqual({ lang, extra: [] });
    }
  });

  it('have no empty text and the same placeholders as English', () => {
    for (const [lang, file] of Object.entries(files)) {
      for (const [key, value] of Object.entries(file)) {
        expect(value.trim(), `${lang}.${key}`).not.toBe('');
        expect(placeholders(value), `${lang}.${key}`).toEqual(placeholders(en[key]!));
      }
    }
  });

  it("load as one module per language holding every file's texts (what the app fetches)", async () => {
    for (const lang of LANGUAGES) {
      const texts = await loadTexts(lang);
      expect(texts, lang).toEqual(files[lang]);
      expect(Object.keys(texts).length, lang).toBeGreaterThan(1000);
    }
  });

  it('contain every key the code uses', () => {
    const used = [...keysUsedInSource()];
    expect(used.length).toBeGreaterThan(100);
    for (const [lang, file] of Object.entries(files)) {
      // a key used with a count may be written as its plural forms only (key_one, key_other)
      const has = (k: string) => k in file || (`${k}_one` in file && `${k}_other` in file);
      expect({ lang, missing: used.filter((k) => !has(k)) }).toEqual({ lang, missing: [] });
    }
  });
});

describe('date conventions', () => {
  it('use fr-CA for French (YYYY-MM-DD, week from Sunday) and es-ES for Spanish (week from Monday)', async () => {
    const { default: dayjs } = await import('dayjs');
    const { applyDayjsLocale } = await import('./i18n');
    await applyDayjsLocale('fr');
    expect(dayjs.locale()).toBe('fr-ca');
    expect(dayjs('2026-03-05').format('L')).toBe('2026-03-05');
    expect(dayjs.Ls['fr-ca']?.weekStart ?? 0).toBe(0);
    await applyDayjsLocale('es');
    expect(dayjs.locale()).toBe('es');
    expect(dayjs.Ls.es?.weekStart).toBe(1);
    await applyDayjsLocale('en');
    expect(dayjs.locale()).toBe('en');
  });
});
