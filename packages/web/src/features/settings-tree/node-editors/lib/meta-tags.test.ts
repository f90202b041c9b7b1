import { describe, expect, it } from 'vitest';
import { checkMetaTags, SUGGESTED_META_TAGS } from './meta-tags';

describe('checkMetaTags', () => {
  it('trims, removes repeats and sorts, as the server stores them', () => {
    expect(checkMetaTags([' males', 'adults', 'males'])).toEqual({ ok: true, tags: ['adults', 'males'] });
    expect(checkMetaTags([])).toEqual({ ok: true, tags: [] });
  });

  it('offers the demographic tags dashboards filter on', () => {
    expect([...SUGGESTED_META_TAGS].sort()).toEqual(['adults', 'children', 'females', 'males']);
  });

  it('refuses spaces, punctuation, empty and over-long tags', () => {
    for (const bad of ['two words', 'bad/slash', ' ', 'x'.repeat(51)])
      expect(checkMetaTags(['adults', bad])).toEqual({ ok: false, error: 'invalid' });
    expect(checkMetaTags(['zone:entrance', 'v1.2_a-b'])).toEqual({
      ok: true,
      tags: ['v1.2_a-b', 'zone:entrance'],
    });
  });

  it('refuses more than ten tags', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect(checkMetaTags(eleven)).toEqual({ ok: false, error: 'too_many' });
    expect(checkMetaTags(eleven.slice(0, 10)).ok).toBe(true);
  });
});
