import { describe, expect, it } from 'vitest';
import { cardNamesKpi } from './widget-view.js';

describe('cardNamesKpi', () => {
  it('does not repeat a one-KPI widget titled with the KPI label, whatever the case', () => {
    expect(cardNamesKpi('Traffic in', 'Traffic in', 1)).toBe(false);
    expect(cardNamesKpi(' TRAFFIC  in ', 'Traffic in', 1)).toBe(false);
    expect(cardNamesKpi('Entrées', 'Entrées', 1)).toBe(false);
  });

  it('names the KPI when the title says something else, is absent, or the card shows several KPIs', () => {
    expect(cardNamesKpi('Visitors this week', 'Traffic in', 1)).toBe(true);
    expect(cardNamesKpi(undefined, 'Traffic in', 1)).toBe(true);
    expect(cardNamesKpi('Traffic in', 'Traffic in', 2)).toBe(true);
  });
});
