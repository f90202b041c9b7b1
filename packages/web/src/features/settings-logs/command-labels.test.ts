import { describe, expect, it } from 'vitest';
import { EVENT_LOG_COMMANDS } from '@footfall/domain';
import { areaKey, commandArea, commandKey } from './components/command-label';
import en from './i18n/en.json';
import fr from './i18n/fr.json';
import es from './i18n/es.json';

describe('event log command labels', () => {
  it('gives every command the server writes a label in en, fr and es, and no label to an unknown one', () => {
    for (const texts of [en, fr, es] as Record<string, string>[]) {
      const missing = EVENT_LOG_COMMANDS.filter((c) => !texts[commandKey(c)]?.trim());
      expect(missing).toEqual([]);
      const areas = [...new Set(EVENT_LOG_COMMANDS.map(commandArea))];
      expect(areas.filter((a) => !texts[areaKey(a)]?.trim())).toEqual([]);
      const labelled = Object.keys(texts).filter((k) => k.startsWith('logs_cmd_'));
      expect(labelled.sort()).toEqual(EVENT_LOG_COMMANDS.map(commandKey).sort());
    }
  });
});
