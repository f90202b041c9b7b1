import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { fr } from './fr.js';
import { es } from './es.js';
import { textOrKey, textsIn } from './texts.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the server text catalogue', () => {
  it('has every key in fr and es, non-empty, with the same placeholders as in en', () => {
    for (const other of [fr, es]) {
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const translated = other[key as keyof typeof en];
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
    }
  });

  it('fills placeholders once, leaves unknown ones, and falls back to English for an unknown language', () => {
    expect(textsIn('fr-CA')('snapshot_more_rows', { count: 3 })).toBe('… et 3 lignes de plus');
    expect(textsIn('de')('snapshot_more_rows', { count: '{{count}}' })).toBe('… and {{count}} more rows');
    expect(textsIn('es')('forecast_value')).toBe('Previsión: {{value}}');
    expect(textOrKey('es', 'kpi_TrafficIn')).toBe(es.kpi_TrafficIn);
    expect(textOrKey('fr', 'kpi_NotAKpi')).toBe('kpi_NotAKpi');
  });
});
