import { describe, expect, it } from 'vitest';
import { allTextsEager } from '../../../i18n/catalogue-eager';

/**
 * One Spanish term for an occupancy reset across the UI: "reinicio de la ocupación" (the spec's
 * occupancy_reset_* messages, the settings menu, the tree, the event log), never "aforo", which
 * means the capacity (a maximum) and not the occupancy being reset.
 */
const es = allTextsEager().es!;
const resetTexts = Object.entries(es).filter(([key]) =>
  /occ_reset|occupancy_reset|OccupancyReset|reset_schedule/i.test(key),
);

describe('es: the occupancy reset term', () => {
  it('finds the texts it checks', () => {
    expect(resetTexts.length).toBeGreaterThan(20);
  });
  it('never says "aforo" for an occupancy reset', () => {
    for (const [key, text] of Object.entries(es))
      if (/reinici/i.test(text)) expect([key, text]).not.toEqual([key, expect.stringMatching(/aforo/i)]);
  });
  it('names the feature and its messages "reinicio(s) de la ocupación"', () => {
    const named = [
      'settings_occ_reset',
      'occ_reset_title',
      'settings_tree_reset_schedule',
      'logs_area_OccupancyReset',
      ...resetTexts.map(([k]) => k).filter((k) => k.startsWith('occupancy_reset_')),
    ];
    expect(named.length).toBe(12);
    for (const key of named)
      expect([key, es[key]]).toEqual([key, expect.stringMatching(/reinicios? de la ocupación/i)]);
  });
});
