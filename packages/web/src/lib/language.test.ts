import { describe, expect, it } from 'vitest';
import {
  isLocalPath,
  languageOfPath,
  prefixOf,
  readLanguageCookie,
  stripLanguage,
  switchLanguage,
  writeLanguageCookie,
} from './language';

describe('language prefixes', () => {
  it('reads the prefix, English when there is none', () => {
    expect(prefixOf('/fr/settings/users')).toBe('fr');
    expect(prefixOf('/es')).toBe('es');
    expect(prefixOf('/french')).toBeNull();
    expect(prefixOf('/dashboard')).toBeNull();
    expect(languageOfPath('/dashboard/1')).toBe('en');
    expect(languageOfPath('/FR/login')).toBe('fr');
  });
  it('strips and switches the prefix', () => {
    expect(stripLanguage('/fr/settings/users')).toBe('/settings/users');
    expect(stripLanguage('/fr')).toBe('/');
    expect(stripLanguage('/reports')).toBe('/reports');
    expect(switchLanguage('/fr/settings/users', 'es')).toBe('/es/settings/users');
    expect(switchLanguage('/dashboard', 'fr')).toBe('/fr/dashboard');
    expect(switchLanguage('/', 'en')).toBe('/en');
  });
});

describe('redirect targets', () => {
  it('accepts local paths only', () => {
    expect(isLocalPath('/fr/dashboard/5?x=1')).toBe(true);
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'dashboard',
      '',
      null,
      '/a\nb',
    ]) {
      expect(isLocalPath(bad)).toBe(false);
    }
  });
});

describe('i18n_redirected cookie', () => {
  it('is written for 365 days and read back trimmed to two letters', () => {
    writeLanguageCookie('fr');
    expect(readLanguageCookie()).toBe('fr');
    expect(readLanguageCookie('a=1; i18n_redirected=es-ES')).toBe('es');
    expect(readLanguageCookie('i18n_redirected=de')).toBeNull();
    expect(readLanguageCookie('')).toBeNull();
  });
});
